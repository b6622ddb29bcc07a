import { courseDecider, courseStreamId, SAMPLE_COURSES } from '@roar/domain';
import { handleCommand, WrongExpectedRevisionError, type EventRegistry, type EventStore, type Logger } from '@roar/platform';

/** Seeds the sample courses as events, once per course (a course stream that exists is left alone). */
export async function seedCourses(store: EventStore, registry: EventRegistry, logger: Logger, now: Date): Promise<number> {
  let added = 0;
  const ctx = { actor: { type: 'system' as const, id: 'course-seed' }, correlationId: 'course-seed', occurredAt: now, reason: 'Sample data' };
  for (const course of SAMPLE_COURSES) {
    const streamId = courseStreamId(course.courseId);
    if ((await store.readStream(streamId)).length > 0) continue;
    try {
      await handleCommand(
        store,
        registry,
        streamId,
        courseDecider,
        {
          type: 'AddCourse',
          courseId: course.courseId,
          name: course.name,
          location: course.location,
          sampleData: true,
          reason: 'Sample data',
          at: now.toISOString(),
        },
        ctx,
        { mustBeNew: true },
      );
      for (const tee of course.tees) {
        await handleCommand(
          store,
          registry,
          streamId,
          courseDecider,
          { type: 'RateTee', courseId: course.courseId, tee, reason: 'Sample data: plausible ratings, not official', at: now.toISOString() },
          ctx,
        );
      }
      added += 1;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  if (added > 0) logger.info({ added }, 'sample courses seeded');
  return added;
}
