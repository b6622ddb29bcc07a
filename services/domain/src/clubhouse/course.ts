import { z } from 'zod';
import { teeRatingSchema, type TeeRating } from '@roar/contracts/clubhouse';
import { DomainError, defineEvent, type Decider, type DomainEvent } from '@roar/platform';
import { isoDateTime, text } from '../primitives';
import type { TeeSnapshot } from './events';

export const courseStreamId = (courseId: string): string => `course-${courseId}`;

const id = text().min(1).max(200);
const reason = text().min(1).max(1000);

/** A tee's ratings: the contract's shape (the staff console sends it, the course events record it). */
export { teeRatingSchema, type TeeRating } from '@roar/contracts/clubhouse';

export const CourseAdded = defineEvent(
  'CourseAdded',
  z
    .object({ courseId: id, name: text().min(1).max(200), location: text().max(200), sampleData: z.boolean(), reason, addedAt: isoDateTime() })
    .strict(),
);
/** A tee added or re-rated; ratingVersion counts the tee's ratings so a scorecard names the one it was played on. */
export const TeeRated = defineEvent(
  'TeeRated',
  z.object({ courseId: id, tee: teeRatingSchema, ratingVersion: z.number().int().min(1), reason, ratedAt: isoDateTime() }).strict(),
);
export const CoursePccSet = defineEvent(
  'CoursePccSet',
  z
    .object({ courseId: id, playedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), pcc: z.number().int().min(-1).max(3), reason, setAt: isoDateTime() })
    .strict(),
);
export const courseEvents = [CourseAdded, TeeRated, CoursePccSet] as const;

type Ev<D extends { type: string; schema: z.ZodType }> = DomainEvent<D['type'], z.infer<D['schema']>>;
export type CourseEvent = Ev<typeof CourseAdded> | Ev<typeof TeeRated> | Ev<typeof CoursePccSet>;

export type CourseState =
  | { readonly status: 'none' }
  | {
      readonly status: 'listed';
      readonly courseId: string;
      readonly name: string;
      readonly location: string;
      readonly sampleData: boolean;
      readonly tees: readonly (TeeRating & { ratingVersion: number })[];
      /** PCC by date played (YYYY-MM-DD); absent means 0. */
      readonly pcc: Readonly<Record<string, number>>;
    };

export type CourseCommand =
  | {
      readonly type: 'AddCourse';
      readonly courseId: string;
      readonly name: string;
      readonly location: string;
      readonly sampleData: boolean;
      readonly reason: string;
      readonly at: string;
    }
  | { readonly type: 'RateTee'; readonly courseId: string; readonly tee: TeeRating; readonly reason: string; readonly at: string }
  | {
      readonly type: 'SetCoursePcc';
      readonly courseId: string;
      readonly playedOn: string;
      readonly pcc: number;
      readonly reason: string;
      readonly at: string;
    };

export function evolveCourse(state: CourseState, event: CourseEvent): CourseState {
  switch (event.type) {
    case 'CourseAdded': {
      const { courseId, name, location, sampleData } = event.data;
      return { status: 'listed', courseId, name, location, sampleData, tees: [], pcc: {} };
    }
    case 'TeeRated': {
      if (state.status === 'none') return state;
      const rated = { ...event.data.tee, ratingVersion: event.data.ratingVersion };
      const others = state.tees.filter((t) => t.teeId !== rated.teeId);
      return { ...state, tees: [...others, rated] };
    }
    case 'CoursePccSet':
      return state.status === 'none' ? state : { ...state, pcc: { ...state.pcc, [event.data.playedOn]: event.data.pcc } };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

function validateTee(tee: TeeRating): void {
  if (tee.pars.length !== tee.holes || tee.strokeIndexes.length !== tee.holes) {
    throw new DomainError('invalid', `A ${tee.holes}-hole tee needs a par and a stroke index for each of its ${tee.holes} holes.`);
  }
  const sorted = [...tee.strokeIndexes].sort((a, b) => a - b);
  if (sorted.some((si, i) => si !== i + 1)) throw new DomainError('invalid', `Stroke indexes must use each number from 1 to ${tee.holes} once.`);
}

export function decideCourse(command: CourseCommand, state: CourseState): CourseEvent[] {
  const reason = command.reason.trim();
  if (!reason) throw new DomainError('invalid', 'Give a reason.');
  switch (command.type) {
    case 'AddCourse':
      if (state.status !== 'none') throw new DomainError('conflict', 'This course already exists.');
      return [
        {
          type: 'CourseAdded',
          data: {
            courseId: command.courseId,
            name: command.name.trim(),
            location: command.location.trim(),
            sampleData: command.sampleData,
            reason,
            addedAt: command.at,
          },
        },
      ];
    case 'RateTee': {
      if (state.status === 'none') throw new DomainError('not_found', 'This course does not exist.');
      validateTee(command.tee);
      const previous = state.tees.find((t) => t.teeId === command.tee.teeId);
      return [
        {
          type: 'TeeRated',
          data: { courseId: state.courseId, tee: command.tee, ratingVersion: (previous?.ratingVersion ?? 0) + 1, reason, ratedAt: command.at },
        },
      ];
    }
    case 'SetCoursePcc':
      if (state.status === 'none') throw new DomainError('not_found', 'This course does not exist.');
      if (!Number.isInteger(command.pcc) || command.pcc < -1 || command.pcc > 3)
        throw new DomainError('invalid', 'PCC is a whole number from -1 to +3.');
      return [{ type: 'CoursePccSet', data: { courseId: state.courseId, playedOn: command.playedOn, pcc: command.pcc, reason, setAt: command.at } }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const courseDecider: Decider<CourseCommand, CourseEvent, CourseState> = {
  decide: decideCourse,
  evolve: evolveCourse,
  initialState: { status: 'none' },
};

/** The tee as a scorecard keeps it; throws the plain 4xx when the tee is not on this course. */
export function teeSnapshot(course: CourseState, teeId: string): TeeSnapshot {
  if (course.status === 'none') throw new DomainError('not_found', 'This course does not exist.');
  const tee = course.tees.find((t) => t.teeId === teeId);
  if (!tee) throw new DomainError('invalid', 'This tee is not on the chosen course.');
  return {
    courseId: course.courseId,
    courseName: course.name,
    teeId: tee.teeId,
    teeName: tee.name,
    holes: tee.holes,
    courseRating: tee.courseRating,
    slopeRating: tee.slopeRating,
    pars: tee.pars,
    strokeIndexes: tee.strokeIndexes,
    ratingVersion: tee.ratingVersion,
  };
}
