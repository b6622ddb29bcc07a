import { z } from 'zod';
import { CLUB_TIME_ZONE } from '@roar/domain';
import type { JobRequest } from '../jobs/types';
import { supportReplyEmail } from '../mail/support-templates';
import { jobIdFor, type Reactor } from './reactor';

const submittedSchema = z.object({ name: z.string(), message: z.string(), submittedAt: z.string() }).loose();
const answeredSchema = z.object({ to: z.string(), body: z.string() }).loose();
const day = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: CLUB_TIME_ZONE });

/**
 * Staff's answer to a support request goes out by email from the SupportRequestAnswered event (never
 * from the route): one email per answer, job id = event id, to the address the request gave.
 */
export const supportEmails: Reactor = {
  name: 'support-emails',
  handles: ['SupportRequestAnswered'],
  async toJobs(event, ctx): Promise<JobRequest[]> {
    const answered = answeredSchema.parse(event.data);
    const first = (await ctx.store.readStream(event.streamId)).find((e) => e.type === 'SupportRequestSubmitted');
    const request = submittedSchema.safeParse(first?.data);
    if (!request.success) {
      ctx.logger.warn(
        { eventId: event.id, streamId: event.streamId },
        'support request stream has no readable SupportRequestSubmitted; no reply sent',
      );
      return [];
    }
    const email = supportReplyEmail({
      name: request.data.name,
      body: answered.body,
      message: request.data.message,
      submittedOn: day(request.data.submittedAt),
    });
    return [{ queue: 'email', jobId: jobIdFor(event, 'support-reply'), data: { to: [answered.to], ...email } }];
  },
};
