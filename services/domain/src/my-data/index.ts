import { z } from 'zod';
import { defineEvent } from '@roar/platform';

/**
 * A member's request for their own data (issue 23, APP 12). One `my-data-<memberId>` stream so the
 * log of requests stays out of the busy member stream; every request is written, answered or not.
 */
export const myDataStreamId = (memberId: string): string => `my-data-${memberId}`;

export const MemberDataRequested = defineEvent(
  'MemberDataRequested',
  z
    .object({
      memberId: z.string().min(1),
      format: z.enum(['json', 'zip']),
      at: z.string(),
    })
    .strict(),
);
export const myDataEvents = [MemberDataRequested] as const;
