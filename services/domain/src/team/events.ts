import { z } from 'zod';
import { defineEvent, type DomainEvent } from '@roar/platform';
import { TEAM_RULES } from './rules';

const id = z.string().min(1).max(200);
const instant = z.iso.datetime({ offset: true });
const mateBenefitsSchema = z
  .object({
    entries: z.literal(TEAM_RULES.mateEntries),
    merchandiseDiscountPercent: z.literal(TEAM_RULES.merchandiseDiscountPercent),
    benefitMonths: z.literal(TEAM_RULES.benefitMonths),
  })
  .strict();

export const TeamStarted = defineEvent(
  'TeamStarted',
  z.object({ teamId: id, captainId: id, captainEmail: z.email().max(254), startedAt: instant }).strict(),
  { personal: { subject: 'captainId', fields: { captainEmail: 'email' } } },
);
export const MateInvited = defineEvent(
  'MateInvited',
  z
    .object({
      teamId: id,
      inviteId: id,
      email: z.email().max(254),
      expiresAt: instant,
      invitedAt: instant,
      /** Issue 24: the captain who gave the address, the subject it is sealed under; absent on events recorded before it. */
      captainId: id.optional(),
    })
    .strict(),
  { personal: { subject: 'captainId', fields: { email: 'email' } } },
);
export const MatePaymentRecorded = defineEvent(
  'MatePaymentRecorded',
  z
    .object({
      teamId: id,
      inviteId: id,
      memberId: id,
      paymentId: id,
      amount_cents: z.literal(TEAM_RULES.mateFeeCents),
      /** The mate's own benefits are earned by paying, whether or not the team completes. */
      benefits: mateBenefitsSchema,
      paidAt: instant,
    })
    .strict(),
);
/**
 * A staff refund of a mate's $50 (charge.refunded) takes back what it bought: the 30 entries and the
 * rest of the benefit month. `leftTeam` is true when the team was still open: the mate leaves and
 * their seat is free again; a complete team stays complete and entered (the draw entry is the team's).
 */
export const MatePaymentRefunded = defineEvent(
  'MatePaymentRefunded',
  z
    .object({
      teamId: id,
      inviteId: id,
      memberId: id,
      paymentId: id,
      reason: z.string().min(1).max(1000),
      leftTeam: z.boolean(),
      refundedAt: instant,
    })
    .strict(),
  // Why the mate's fee was refunded: staff text about the mate (staffTextAboutMember).
  { personal: { subject: 'memberId', fields: { reason: 'text' } } },
);
export const InviteExpired = defineEvent(
  'InviteExpired',
  z
    .object({
      teamId: id,
      inviteId: id,
      email: z.email().max(254),
      expiredAt: instant,
      /** Issue 24: the captain who gave the address, the subject it is sealed under; absent on events recorded before it. */
      captainId: id.optional(),
    })
    .strict(),
  { personal: { subject: 'captainId', fields: { email: 'email' } } },
);
export const TeamCompleted = defineEvent(
  'TeamCompleted',
  z
    .object({
      teamId: id,
      captainId: id,
      mateIds: z.array(id).length(TEAM_RULES.matesPerTeam),
      /** Captain first: the draw enters these four as one entrant and a win names all of them. */
      memberIds: z.array(id).length(TEAM_RULES.teamSize),
      benefits: mateBenefitsSchema.extend({ inviterBonusEntries: z.literal(TEAM_RULES.inviterBonusEntries) }).strict(),
      completedAt: instant,
    })
    .strict(),
);

export const teamEvents = [TeamStarted, MateInvited, MatePaymentRecorded, InviteExpired, TeamCompleted, MatePaymentRefunded] as const;

type Ev<D extends { type: string; schema: z.ZodType }> = DomainEvent<D['type'], z.infer<D['schema']>>;
export type TeamStartedEvent = Ev<typeof TeamStarted>;
export type MateInvitedEvent = Ev<typeof MateInvited>;
export type MatePaymentRecordedEvent = Ev<typeof MatePaymentRecorded>;
export type InviteExpiredEvent = Ev<typeof InviteExpired>;
export type MatePaymentRefundedEvent = Ev<typeof MatePaymentRefunded>;
export type TeamCompletedEvent = Ev<typeof TeamCompleted>;
export type TeamEvent =
  TeamStartedEvent | MateInvitedEvent | MatePaymentRecordedEvent | InviteExpiredEvent | TeamCompletedEvent | MatePaymentRefundedEvent;

export const teamStreamId = (teamId: string): string => `team-${teamId}`;
