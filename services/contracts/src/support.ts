import { z } from 'zod';
import { staffEventSchema } from './event-history';

/**
 * The contact form and the staff's support requests on the wire: the topics the support centre
 * offers (with their labels), the request a visitor or member sends, and the record staff answer.
 */
export const SUPPORT_TOPICS = ['membership', 'payments', 'draws', 'shop', 'handicap', 'cashback', 'other'] as const;
export const supportTopicSchema = z.enum(SUPPORT_TOPICS);
export type SupportTopic = z.infer<typeof supportTopicSchema>;

/** The topics as the contact form lists them. */
export const SUPPORT_TOPIC_LABELS: ReadonlyArray<{ readonly id: SupportTopic; readonly label: string }> = [
  { id: 'membership', label: 'Membership and billing' },
  { id: 'payments', label: 'Payments and refunds' },
  { id: 'draws', label: 'Draws and entries' },
  { id: 'shop', label: 'ROAR Store orders' },
  { id: 'handicap', label: 'Handicap and scorecards' },
  { id: 'cashback', label: 'Cashback and rewards' },
  { id: 'other', label: 'Something else' },
];

/** `POST /api/support-requests` (201): the request's id, and the member's when they were signed in. */
export const supportRequestAnswerSchema = z.object({ data: z.object({ id: z.string(), member_id: z.string().nullable() }) });
export type SupportRequestAnswer = z.infer<typeof supportRequestAnswerSchema>;

export const supportReplySchema = z.object({ id: z.string(), body: z.string(), to: z.string(), staff_id: z.string().nullable(), at: z.string() });
export type SupportReply = z.infer<typeof supportReplySchema>;

/** One support request as staff see it, with the member's name when it is tied to one. */
export const supportRequestRecordSchema = z.object({
  id: z.string(),
  member_id: z.string().nullable(),
  member_name: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  topic: z.string(),
  message: z.string(),
  status: z.enum(['open', 'answered', 'closed']),
  replies: z.array(supportReplySchema),
  submitted_at: z.string(),
  answered_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  updated_at: z.string(),
});
export type SupportRequestRecord = z.infer<typeof supportRequestRecordSchema>;

/**
 * One request with its history: the events of its stream, as the staff event log shows them.
 */
export const supportRequestDetailSchema = supportRequestRecordSchema.extend({
  events: z.array(staffEventSchema),
});
export type SupportRequestDetail = z.infer<typeof supportRequestDetailSchema>;
