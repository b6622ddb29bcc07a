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
      /** Set when the file is too large to answer at once: a job prepares it under this id and emails a link. */
      exportId: z.string().min(1).optional(),
    })
    .strict(),
);

/** The job built the requested zip and stored it; the emailed link is valid until `expiresAt`. */
export const MemberDataExportPrepared = defineEvent(
  'MemberDataExportPrepared',
  z
    .object({
      memberId: z.string().min(1),
      exportId: z.string().min(1),
      storageKey: z.string().min(1),
      bytes: z.number().int().min(0),
      at: z.string(),
      expiresAt: z.string(),
    })
    .strict(),
);

/** The member (or whoever held the link) downloaded a prepared zip. */
export const MemberDataExportDownloaded = defineEvent(
  'MemberDataExportDownloaded',
  z.object({ memberId: z.string().min(1), exportId: z.string().min(1), at: z.string() }).strict(),
);

export const myDataEvents = [MemberDataRequested, MemberDataExportPrepared, MemberDataExportDownloaded] as const;
