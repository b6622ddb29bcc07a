import { z } from 'zod';
import { defineEvent, type DomainEvent } from '@roar/platform';

const id = z.string().min(1).max(200);
export const entrySourceSchema = z.enum(['initial', 'renewal', 'single-entry', 'staff-adjustment', 'referral', 'team']);
export type EntrySource = z.infer<typeof entrySourceSchema>;

export const EntriesGranted = defineEvent(
  'EntriesGranted',
  z
    .object({
      memberId: id,
      grantId: id,
      source: entrySourceSchema,
      count: z.number().int().positive(),
      /** Per-member ticket numbers, consecutive from 1: the entry receipt reads "tickets 51-100". */
      firstTicket: z.number().int().positive(),
      lastTicket: z.number().int().positive(),
      membershipId: z.number().int().positive().nullable(),
      tierCode: z.string().min(1).max(40).nullable(),
      causationKey: z.string().min(1).max(300),
      reason: z.string().max(1000).nullable(),
      prizeId: id.nullable(),
    })
    .strict()
    .refine((d) => d.lastTicket - d.firstTicket + 1 === d.count, { message: 'lastTicket - firstTicket + 1 must equal count' }),
  // A staff adjustment's reason is text about this member (member/events.ts staffTextAboutMember); counts and tickets stay.
  { personal: { subject: 'memberId', fields: { reason: 'text' } } },
);
export const EntriesRevoked = defineEvent(
  'EntriesRevoked',
  z
    .object({
      memberId: id,
      revocationId: id,
      count: z.number().int().positive(),
      reason: z.string().min(1).max(1000),
      causationKey: z.string().min(1).max(300),
    })
    .strict(),
  { personal: { subject: 'memberId', fields: { reason: 'text' } } },
);

export const entriesEvents = [EntriesGranted, EntriesRevoked] as const;

export type EntriesGrantedEvent = DomainEvent<'EntriesGranted', z.infer<typeof EntriesGranted.schema>>;
export type EntriesRevokedEvent = DomainEvent<'EntriesRevoked', z.infer<typeof EntriesRevoked.schema>>;
export type EntriesEvent = EntriesGrantedEvent | EntriesRevokedEvent;

export const entriesStreamId = (memberId: string): string => `entries-${memberId}`;

/** The causation keys the reactors use, so that a replayed webhook maps to the same grant. */
export const causationKeys = {
  initial: (paymentId: string): string => `payment:${paymentId}:initial`,
  freeJoin: (memberId: string): string => `join:${memberId}:initial`,
  renewal: (subscriptionId: string, periodStart: string): string => `renewal:${subscriptionId}:${periodStart}`,
  singleEntry: (paymentId: string): string => `payment:${paymentId}:single-entry`,
  staff: (adjustmentId: string): string => `staff:${adjustmentId}`,
};
