import { z } from 'zod';

/**
 * Issue 23 (Australian Privacy Principle 12): everything the club holds about a member, as
 * `GET /api/my-data` answers it. Rows come from the read models as stored; events from the
 * member's own streams with their type, time and data.
 */

export const myDataFormatSchema = z.enum(['json', 'zip']);
export type MyDataFormat = z.infer<typeof myDataFormatSchema>;

export const myDataEventSchema = z
  .object({
    stream: z.string(),
    type: z.string(),
    occurred_at: z.string(),
    data: z.unknown(),
  })
  .strict();
export type MyDataEvent = z.infer<typeof myDataEventSchema>;

const rows = z.array(z.record(z.string(), z.unknown()));

export const myDataSchema = z
  .object({
    member_id: z.string(),
    generated_at: z.string(),
    profile: z.record(z.string(), z.unknown()).nullable(),
    /** The profile's history: every event on the member stream. */
    profile_history: z.array(myDataEventSchema),
    payments: rows,
    entries: rows,
    single_entries: rows,
    orders: rows,
    handicap: z.record(z.string(), z.unknown()).nullable(),
    scorecards: rows,
    support_requests: rows,
    /** The emails the club sent to the member's addresses (the mail log): when, what subject, and whether the send was confirmed. */
    emails: z.array(z.object({ date: z.string(), subject: z.string(), status: z.enum(['sending', 'sent']) }).strict()),
    /** Events of the member's other streams: sign-in history, member controls, entries, cashback, referrals, teams, handicap requests, rewards and data requests. */
    events: z.array(myDataEventSchema),
    /** What the answer does not hold, and why. */
    notes: z.array(z.string()),
  })
  .strict();
export type MyData = z.infer<typeof myDataSchema>;

/** Issue 23: the answer to `?format=zip` when the file is large: a job prepares it and emails a link (202). */
export const MY_DATA_PREPARING = 'We are preparing your file and will email you a link.';
export const myDataPreparingSchema = z.object({ message: z.literal(MY_DATA_PREPARING) }).strict();
export type MyDataPreparing = z.infer<typeof myDataPreparingSchema>;
