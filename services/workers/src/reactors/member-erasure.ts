import { z } from 'zod';
import type { JobRequest } from '../jobs/types';
import { jobIdFor, type Reactor } from './reactor';

/** The erasure job's data: the member id only (no address, no name: nothing personal waits in a queue). */
export const erasureJobSchema = z.object({ memberId: z.string().min(1).max(200) }).strict();
export type ErasureJob = z.infer<typeof erasureJobSchema>;

/**
 * Issue 24: on MemberErased, one job (id: the event id) that emails "Your ROAR+ account has been
 * deleted" to the member's address and THEN deletes the member's key (mail/erasure-job.ts). A
 * redelivered or replayed event runs it again: the email is not sent twice (the sent-log, and the
 * key already gone) and the key deletion is repeated, which is harmless.
 */
export const memberErasure: Reactor = {
  name: 'member-erasure',
  handles: ['MemberErased'],
  toJobs(event): JobRequest[] {
    const { memberId } = z.looseObject({ memberId: z.string() }).parse(event.data);
    return [{ queue: 'erasure', jobId: jobIdFor(event), data: { memberId } satisfies ErasureJob }];
  },
};
