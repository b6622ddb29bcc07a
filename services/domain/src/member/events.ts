import { z } from 'zod';
import { defineEvent, type DomainEvent, type PersonalFieldSpec } from '@roar/platform';
import { text } from '../primitives';
import { tierSnapshotSchema } from './tier-snapshot';
import { cancellationNoticeSchema } from './cancellation-notice';

const id = z.string().min(1).max(200);
const instant = z.iso.datetime({ offset: true });
export const checkoutPurposeSchema = z.enum(['join', 'upgrade', 'single-entry']);
export type CheckoutPurpose = z.infer<typeof checkoutPurposeSchema>;

/** Australian states and territories: a published result names the winner's ("Sam K., QLD"). */
export const auStateSchema = z.enum(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);
export type AuState = z.infer<typeof auStateSchema>;

export const profileChangesSchema = z
  .object({
    firstname: z.string().min(1).max(100),
    lastname: z.string().min(1).max(100),
    mobile: z.string().max(40).nullable(),
    dob: z.string().max(20).nullable(),
    address: z.string().max(500).nullable(),
    /** Optional AU state, shown with a winner's first name and initial ("Sam K., QLD"). */
    state: auStateSchema.nullable(),
  })
  .partial()
  .strict();
export type ProfileChanges = z.infer<typeof profileChangesSchema>;

/**
 * Personal fields (issue 24): text staff write about one member (a support note, the reason they
 * suspended, reinstated, corrected or cancelled) is personal information about that member, so it
 * is sealed under the member's key and forgotten with them. It can say anything about the person
 * (a phone call, a complaint, their health), and once the member is erased nothing needs the words:
 * the fact itself, who did it (the metadata's actor), when, and any amounts stay in the log.
 * Staff accounts' own data (their ids, their reasons about club settings) is not a member's and
 * is not declared.
 */
export function staffTextAboutMember(...fields: readonly string[]): PersonalFieldSpec {
  return { subject: 'memberId', fields: Object.fromEntries(fields.map((f) => [f, 'text' as const])) };
}

export const MemberRegistered = defineEvent(
  'MemberRegistered',
  z
    .object({
      memberId: id,
      email: z.email().max(254),
      firstname: z.string().min(1).max(100),
      lastname: z.string().min(1).max(100),
      referralCode: z.string().min(1).max(40),
      chosenMembershipId: z.number().int().positive().nullable(),
      /** Residence facts (issue 22), optional: members registered before them carry neither. */
      state: auStateSchema.nullable().optional(),
      dob: z.string().max(20).nullable().optional(),
      /** Consent to promotional email (issue 23), present only when the member gave it at sign-up. */
      marketingOptIn: z.boolean().optional(),
    })
    .strict(),
  { personal: { subject: 'memberId', fields: { email: 'email', firstname: 'name', lastname: 'name', dob: 'date' } } },
);
export const MemberProfileUpdated = defineEvent(
  'MemberProfileUpdated',
  z
    .object({
      memberId: id,
      changes: profileChangesSchema,
      /** A staff correction (issue 22) carries its reason; the staff actor is in the metadata. */
      correction: z
        .object({ reason: text().trim().min(3).max(500) })
        .strict()
        .optional(),
    })
    .strict(),
  {
    personal: {
      subject: 'memberId',
      fields: {
        'changes.firstname': 'name',
        'changes.lastname': 'name',
        'changes.mobile': 'text',
        'changes.dob': 'date',
        'changes.address': 'text',
        // A staff correction's reason is about this member (see staffTextAboutMember).
        'correction.reason': 'text',
      },
    },
  },
);
export const MembershipCheckoutStarted = defineEvent(
  'MembershipCheckoutStarted',
  z
    .object({ memberId: id, checkoutId: id, purpose: checkoutPurposeSchema, tier: tierSnapshotSchema, amount_cents: z.number().int().min(0) })
    .strict(),
);
export const MembershipActivated = defineEvent(
  'MembershipActivated',
  z
    .object({
      memberId: id,
      checkoutId: id.nullable(),
      paymentId: id.nullable(),
      subscriptionId: id.nullable(),
      tier: tierSnapshotSchema,
      previousMembershipId: z.number().int().positive().nullable(),
      periodStart: instant,
      /** null for a free membership: it has no end. */
      periodEnd: instant.nullable(),
      source: z.enum(['join', 'upgrade']),
    })
    .strict(),
);
export const MembershipRenewed = defineEvent(
  'MembershipRenewed',
  z.object({ memberId: id, subscriptionId: id, paymentId: id, tier: tierSnapshotSchema, periodStart: instant, periodEnd: instant }).strict(),
);
export const MembershipPaymentFailed = defineEvent(
  'MembershipPaymentFailed',
  z.object({ memberId: id, checkoutId: id.nullable(), subscriptionId: id.nullable(), reason: z.string().min(1).max(500) }).strict(),
);
export const MembershipCancelled = defineEvent(
  'MembershipCancelled',
  z
    .object({
      memberId: id,
      membershipId: z.number().int().positive(),
      endsAt: instant,
      reason: z.string().max(1000).nullable(),
      /** Issue 23: what the member was told happens to their entries (absent when the provider ended it). */
      notice: cancellationNoticeSchema.optional(),
    })
    .strict(),
  // Staff give the reason when they cancel for the member (null when the member or the provider ended it).
  { personal: staffTextAboutMember('reason') },
);
export const SingleEntryPurchased = defineEvent(
  'SingleEntryPurchased',
  z
    .object({
      memberId: id,
      singleEntryId: id,
      checkoutId: id,
      paymentId: id,
      tier: tierSnapshotSchema,
      prizeId: id.nullable(),
      validUntil: instant,
    })
    .strict(),
);
/** Staff support (issue 14): a suspended member cannot sign in, refresh a session or enter draws. */
const staffReason = text().trim().min(3).max(500);
export const MemberSuspended = defineEvent('MemberSuspended', z.object({ memberId: id, reason: staffReason }).strict(), {
  personal: staffTextAboutMember('reason'),
});
export const MemberReinstated = defineEvent('MemberReinstated', z.object({ memberId: id, reason: staffReason }).strict(), {
  personal: staffTextAboutMember('reason'),
});
/** A note staff keep on the member's file: in the member's history, never shown to the member. */
export const SupportNoteAdded = defineEvent(
  'SupportNoteAdded',
  z.object({ memberId: id, noteId: id, note: text().trim().min(1).max(2000) }).strict(),
  { personal: staffTextAboutMember('note') },
);
/** Staff changed the member's sign-in email (issue 14); the address is reserved before this is recorded. */
export const MemberEmailChanged = defineEvent(
  'MemberEmailChanged',
  z.object({ memberId: id, previousEmail: z.email().max(254), email: z.email().max(254), reason: staffReason }).strict(),
  { personal: { subject: 'memberId', fields: { previousEmail: 'email', email: 'email', reason: 'text' } } },
);
/** A support action with no state of its own (a reset link or an email sent again), kept in the member's history. */
export const supportActionSchema = z.enum(['password-reset-sent', 'receipt-resent', 'winner-email-resent']);
export type SupportAction = z.infer<typeof supportActionSchema>;
export const SupportActionRecorded = defineEvent(
  'SupportActionRecorded',
  z.object({ memberId: id, action: supportActionSchema, reason: staffReason, reference: id.nullable() }).strict(),
  { personal: staffTextAboutMember('reason') },
);

/**
 * Facts of a member's login that cause an email or a tracking job (side effects come from events
 * only: docs/decisions/side-effects-from-events.md). They live on the member's login stream, not
 * the member stream, so the member's history and state are as before. No secret is written here:
 * a reset link's token is minted by the reactor that emails it (only its hash is stored).
 */
export const MemberSignedIn = defineEvent(
  'MemberSignedIn',
  z
    .object({ memberId: id, email: z.string().min(1).max(320), clientIp: z.string().max(100).nullable(), userAgent: z.string().max(1000).nullable() })
    .strict(),
  // The address and user agent a member signs in from identify them as much as their email does.
  { personal: { subject: 'memberId', fields: { email: 'email', clientIp: 'text', userAgent: 'text' } } },
);
/** The member asked for a password-reset link (the form, by the sign-in address on file). */
export const PasswordResetRequested = defineEvent('PasswordResetRequested', z.object({ memberId: id, email: z.email().max(320) }).strict(), {
  personal: { subject: 'memberId', fields: { email: 'email' } },
});
/**
 * The sign-up's last step is done: the member's login exists. The welcome email goes out from this,
 * never from MemberRegistered, which a sign-up writes before the login (an unfinished sign-up holds
 * a registration and no login: signup-flow.ts).
 */
export const MemberSignUpCompleted = defineEvent('MemberSignUpCompleted', z.object({ memberId: id }).strict());
export const memberLoginEvents = [MemberSignedIn, PasswordResetRequested, MemberSignUpCompleted] as const;
export type MemberSignedInEvent = Ev<typeof MemberSignedIn>;
export type PasswordResetRequestedEvent = Ev<typeof PasswordResetRequested>;
export type MemberSignUpCompletedEvent = Ev<typeof MemberSignUpCompleted>;
/** One stream per member for its login facts (sign-ins, sign-up completed, reset requests). */
export const memberLoginStreamId = (memberId: string): string => `login-${memberId}`;

/**
 * Issue 24: the member's personal data is forgotten (crypto-shredding). Appended on the member stream
 * before their key is deleted; from then on every read of their sealed fields gives the erased values,
 * sign-in is gone and the email may join again. Asked by the member (`POST /api/delete-account`) or
 * by staff on the member's written request (four-eyes where on: the approval is in the metadata).
 * Amounts, dates and pseudonymous ids stay: tax records are kept 5 years and draw records 3.
 */
export const MemberErased = defineEvent('MemberErased', z.object({ memberId: id, requestedBy: z.enum(['member', 'staff']) }).strict());
export const memberEvents = [
  MemberRegistered,
  MemberProfileUpdated,
  MembershipCheckoutStarted,
  MembershipActivated,
  MembershipRenewed,
  MembershipPaymentFailed,
  MembershipCancelled,
  SingleEntryPurchased,
  MemberSuspended,
  MemberReinstated,
  SupportNoteAdded,
  SupportActionRecorded,
  MemberEmailChanged,
  MemberErased,
] as const;

type Ev<D extends { type: string; schema: z.ZodType }> = DomainEvent<D['type'], z.infer<D['schema']>>;
export type MemberRegisteredEvent = Ev<typeof MemberRegistered>;
export type MemberProfileUpdatedEvent = Ev<typeof MemberProfileUpdated>;
export type MembershipCheckoutStartedEvent = Ev<typeof MembershipCheckoutStarted>;
export type MembershipActivatedEvent = Ev<typeof MembershipActivated>;
export type MembershipRenewedEvent = Ev<typeof MembershipRenewed>;
export type MembershipPaymentFailedEvent = Ev<typeof MembershipPaymentFailed>;
export type MembershipCancelledEvent = Ev<typeof MembershipCancelled>;
export type SingleEntryPurchasedEvent = Ev<typeof SingleEntryPurchased>;
export type MemberSuspendedEvent = Ev<typeof MemberSuspended>;
export type MemberReinstatedEvent = Ev<typeof MemberReinstated>;
export type SupportNoteAddedEvent = Ev<typeof SupportNoteAdded>;
export type SupportActionRecordedEvent = Ev<typeof SupportActionRecorded>;
export type MemberEmailChangedEvent = Ev<typeof MemberEmailChanged>;
export type MemberErasedEvent = Ev<typeof MemberErased>;

export type MemberEvent =
  | MemberRegisteredEvent
  | MemberProfileUpdatedEvent
  | MembershipCheckoutStartedEvent
  | MembershipActivatedEvent
  | MembershipRenewedEvent
  | MembershipPaymentFailedEvent
  | MembershipCancelledEvent
  | SingleEntryPurchasedEvent
  | MemberSuspendedEvent
  | MemberReinstatedEvent
  | SupportNoteAddedEvent
  | SupportActionRecordedEvent
  | MemberEmailChangedEvent
  | MemberErasedEvent;

export const memberStreamId = (memberId: string): string => `member-${memberId}`;
