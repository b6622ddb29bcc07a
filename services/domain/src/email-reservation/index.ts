import { createHash, createHmac, hkdfSync } from 'node:crypto';
import { z } from 'zod';
import { DomainError, defineEvent, type Decider, type DomainEvent } from '@roar/platform';

/**
 * Email uniqueness under concurrent sign-ups: one stream per normalised email, appended with
 * `no_stream` (mustBeNew). The second sign-up gets a revision conflict, answered as an error.
 * The stream is named by a keyed hash of the address (emailReservationStreamId), and the address
 * in its events is a personal field sealed under the member's key (issue 24): the log holds no
 * plain email, and no one without the server's key can test a guessed address against it.
 */
export const EmailReserved = defineEvent(
  'EmailReserved',
  z.object({ email: z.string().min(3).max(254), memberId: z.string().min(1).max(200) }).strict(),
  { personal: { subject: 'memberId', fields: { email: 'email' } } },
);
/** Staff changed the member's email (issue 14): the old address is free for a new account again. */
export const EmailReleased = defineEvent(
  'EmailReleased',
  z.object({ email: z.string().min(3).max(254), memberId: z.string().min(1).max(200) }).strict(),
  { personal: { subject: 'memberId', fields: { email: 'email' } } },
);
export const emailReservationEvents = [EmailReserved, EmailReleased] as const;

export type EmailReservedEvent = DomainEvent<'EmailReserved', z.infer<typeof EmailReserved.schema>>;
export type EmailReleasedEvent = DomainEvent<'EmailReleased', z.infer<typeof EmailReleased.schema>>;
export type EmailReservationEvent = EmailReservedEvent | EmailReleasedEvent;
export type ReserveEmail = { readonly type: 'ReserveEmail'; readonly email: string; readonly memberId: string };
export type ReleaseEmail = { readonly type: 'ReleaseEmail'; readonly email: string; readonly memberId: string };
export type EmailReservationCommand = ReserveEmail | ReleaseEmail;
export type EmailReservationState = { readonly status: 'absent' } | { readonly status: 'reserved'; readonly memberId: string };

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The server's key of the reservation stream names (EMAIL_RESERVATION_KEY, or one generated under DATA_DIR). */
export interface EmailReservationKey {
  readonly hmac: Buffer;
}

/** The stream-name key derived from the configured secret (its own label: the secret may serve nothing else). */
export function emailReservationKey(secret: string): EmailReservationKey {
  if (secret.length < 32) throw new Error('The email reservation key must be at least 32 characters');
  return { hmac: Buffer.from(hkdfSync('sha256', secret, 'roar-email-reservation', 'stream-name', 32)) };
}

/**
 * The reservation stream of an address: `email-` and the hex HMAC-SHA-256 of the trimmed,
 * lower-cased address under the server's key. Unlike a plain hash, a dictionary of addresses
 * cannot be matched against the stream names without the key.
 */
export function emailReservationStreamId(email: string, key: EmailReservationKey): string {
  return `email-${createHmac('sha256', key.hmac).update(normaliseEmail(email)).digest('hex')}`;
}

/**
 * The name reservation streams had before they were keyed (the SHA-256 of the address): only the
 * one-time rename of old streams (rekeyEmailReservations in the api) uses it. Never name a new stream with it.
 */
export function legacyEmailReservationStreamId(email: string): string {
  return `email-${createHash('sha256').update(normaliseEmail(email)).digest('hex')}`;
}

export const emailReservationDecider: Decider<EmailReservationCommand, EmailReservationEvent, EmailReservationState> = {
  decide: (command, state) => {
    switch (command.type) {
      case 'ReserveEmail':
        if (state.status === 'reserved') throw new DomainError('conflict', 'This email is already registered.');
        return [{ type: 'EmailReserved', data: { email: normaliseEmail(command.email), memberId: command.memberId } }];
      case 'ReleaseEmail':
        // Only the holder releases; releasing a free address changes nothing (a retried change).
        if (state.status === 'absent') return [];
        if (state.memberId !== command.memberId) throw new DomainError('conflict', 'This email is held by another account.');
        return [{ type: 'EmailReleased', data: { email: normaliseEmail(command.email), memberId: command.memberId } }];
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },
  evolve: (_state, event) => {
    switch (event.type) {
      case 'EmailReserved':
        return { status: 'reserved', memberId: event.data.memberId };
      case 'EmailReleased':
        return { status: 'absent' };
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
  initialState: { status: 'absent' },
};
