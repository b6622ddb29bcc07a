import { createHash } from 'node:crypto';
import { z } from 'zod';
import { DomainError, defineEvent, type Decider, type DomainEvent } from '@roar/platform';

/**
 * Email uniqueness under concurrent sign-ups: one stream per normalised email, appended with
 * `no_stream` (mustBeNew). The second sign-up gets a revision conflict, answered as an error.
 */
export const EmailReserved = defineEvent('EmailReserved', z.object({ email: z.string().min(3).max(254), memberId: z.string().min(1).max(200) }).strict());
export const emailReservationEvents = [EmailReserved] as const;

export type EmailReservedEvent = DomainEvent<'EmailReserved', z.infer<typeof EmailReserved.schema>>;
export type ReserveEmail = { readonly type: 'ReserveEmail'; readonly email: string; readonly memberId: string };
export type EmailReservationState = { readonly status: 'absent' } | { readonly status: 'reserved'; readonly memberId: string };

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function emailReservationStreamId(email: string): string {
  return `email-${createHash('sha256').update(normaliseEmail(email)).digest('hex')}`;
}

export const emailReservationDecider: Decider<ReserveEmail, EmailReservedEvent, EmailReservationState> = {
  decide: (command, state) => {
    if (state.status === 'reserved') throw new DomainError('conflict', 'This email is already registered.');
    return [{ type: 'EmailReserved', data: { email: normaliseEmail(command.email), memberId: command.memberId } }];
  },
  evolve: (_state, event) => ({ status: 'reserved', memberId: event.data.memberId }),
  initialState: { status: 'absent' },
};
