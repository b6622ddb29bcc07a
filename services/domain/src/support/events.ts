import { z } from 'zod';
import { SUPPORT_TOPICS, supportTopicSchema, type SupportTopic } from '@roar/contracts/support';
import { defineEvent, type DomainEvent } from '@roar/platform';
import { isoDateTime, text } from '../primitives';

const id = z.string().min(1).max(100);

/** What a support request is about, as the contact form offers it (the support centre's topics): the contract's. */
export { SUPPORT_TOPICS, supportTopicSchema, type SupportTopic };

/** A visitor's or member's message from the contact form; memberId when they were signed in. */
export const SupportRequestSubmitted = defineEvent(
  'SupportRequestSubmitted',
  z
    .object({
      requestId: id,
      memberId: id.nullable(),
      name: text().trim().min(1).max(120),
      email: z.email().max(254),
      topic: supportTopicSchema,
      message: text().trim().min(10).max(5000),
      submittedAt: isoDateTime(),
    })
    .strict(),
  // A visitor's request (memberId null) has no member key to seal under: the protecting store leaves it as it is.
  { personal: { subject: 'memberId', fields: { name: 'name', email: 'email', message: 'text' } } },
);
/** Staff answered by email: the reply is sent from this event (a reactor), to the address the request gave. */
export const SupportRequestAnswered = defineEvent(
  'SupportRequestAnswered',
  z
    .object({
      requestId: id,
      replyId: id,
      to: z.email().max(254),
      body: text().trim().min(2).max(5000),
      answeredAt: isoDateTime(),
      /** Issue 24: the request's member (null for a visitor's request, left plain); absent on answers recorded before it. */
      memberId: id.nullable().optional(),
    })
    .strict(),
  { personal: { subject: 'memberId', fields: { to: 'email', body: 'text' } } },
);
export const SupportRequestClosed = defineEvent('SupportRequestClosed', z.object({ requestId: id, closedAt: isoDateTime() }).strict());
export const SupportRequestReopened = defineEvent('SupportRequestReopened', z.object({ requestId: id, reopenedAt: isoDateTime() }).strict());

export const supportEvents = [SupportRequestSubmitted, SupportRequestAnswered, SupportRequestClosed, SupportRequestReopened] as const;

type Ev<D extends { type: string; schema: z.ZodType }> = DomainEvent<D['type'], z.infer<D['schema']>>;
export type SupportRequestSubmittedEvent = Ev<typeof SupportRequestSubmitted>;
export type SupportRequestAnsweredEvent = Ev<typeof SupportRequestAnswered>;
export type SupportRequestClosedEvent = Ev<typeof SupportRequestClosed>;
export type SupportRequestReopenedEvent = Ev<typeof SupportRequestReopened>;
export type SupportEvent = SupportRequestSubmittedEvent | SupportRequestAnsweredEvent | SupportRequestClosedEvent | SupportRequestReopenedEvent;

export const supportRequestStreamId = (requestId: string): string => `support-request-${requestId}`;
