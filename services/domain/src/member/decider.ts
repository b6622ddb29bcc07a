import { DomainError, type Decider } from '@roar/platform';
import { ACCOUNT_ALREADY_DELETED, ACCOUNT_DELETED } from '@roar/contracts/erasure';
import { offersUpgrade } from '../access';
import type { AuState, CheckoutPurpose, MemberEvent, ProfileChanges, SupportAction } from './events';
import { evolveMember, initialMemberState, membershipInEffect, type MemberState, type PresentMember } from './state';
import type { TierSnapshot } from './tier-snapshot';
import type { CancellationNotice } from './cancellation-notice';

export type MemberCommand =
  | {
      readonly type: 'RegisterMember';
      readonly memberId: string;
      readonly email: string;
      readonly firstname: string;
      readonly lastname: string;
      readonly referralCode: string;
      /** The chosen plan: a free one is activated at once (no payment, no end). */
      readonly chosenTier: TierSnapshot | null;
      readonly at: string;
      /** Residence facts asked at sign-up (issue 22). */
      readonly state?: AuState | null;
      readonly dob?: string | null;
      /** Consent to promotional email (issue 23); recorded only when given. */
      readonly marketingOptIn?: boolean;
    }
  | {
      readonly type: 'UpdateMemberProfile';
      readonly memberId: string;
      readonly changes: ProfileChanges;
      readonly correction?: { readonly reason: string };
    }
  | {
      readonly type: 'StartMembershipCheckout';
      readonly memberId: string;
      readonly checkoutId: string;
      readonly purpose: CheckoutPurpose;
      readonly tier: TierSnapshot;
      /** Whether the target tier is published in the catalogue right now. */
      readonly tierPublished: boolean;
      readonly amount_cents: number;
      readonly at: string;
    }
  | {
      readonly type: 'ActivateMembership';
      readonly memberId: string;
      readonly checkoutId: string | null;
      readonly paymentId: string | null;
      readonly subscriptionId: string | null;
      readonly tier: TierSnapshot;
      readonly periodStart: string;
      readonly periodEnd: string | null;
      readonly source: 'join' | 'upgrade';
    }
  | {
      readonly type: 'RenewMembership';
      readonly memberId: string;
      readonly subscriptionId: string;
      readonly paymentId: string;
      readonly tier: TierSnapshot;
      readonly periodStart: string;
      readonly periodEnd: string;
    }
  | {
      readonly type: 'RecordMembershipPaymentFailed';
      readonly memberId: string;
      readonly checkoutId: string | null;
      readonly subscriptionId: string | null;
      readonly reason: string;
    }
  | {
      readonly type: 'CancelMembership';
      readonly memberId: string;
      readonly reason: string | null;
      readonly at: string;
      /** When benefits stop; defaults to the end of the paid period (cancel at period end). */
      readonly endsAt?: string;
      /** What the member was shown about their entries (issue 23), recorded on the event for the email. */
      readonly notice?: CancellationNotice;
    }
  | { readonly type: 'SuspendMember'; readonly memberId: string; readonly reason: string }
  | { readonly type: 'ReinstateMember'; readonly memberId: string; readonly reason: string }
  | { readonly type: 'AddSupportNote'; readonly memberId: string; readonly noteId: string; readonly note: string }
  | { readonly type: 'ChangeMemberEmail'; readonly memberId: string; readonly email: string; readonly reason: string }
  | {
      readonly type: 'RecordSupportAction';
      readonly memberId: string;
      readonly action: SupportAction;
      readonly reason: string;
      readonly reference: string | null;
    }
  | {
      readonly type: 'PurchaseSingleEntry';
      readonly memberId: string;
      readonly singleEntryId: string;
      readonly checkoutId: string;
      readonly paymentId: string;
      readonly tier: TierSnapshot;
      readonly prizeId: string | null;
      readonly validUntil: string;
    }
  /** Issue 24: forget the member's personal data (crypto-shredding); see ERASURE_KEPT (@roar/contracts/erasure) for what stays. */
  | { readonly type: 'EraseMember'; readonly memberId: string; readonly requestedBy: 'member' | 'staff' };

function present(state: MemberState): PresentMember {
  if (state.status === 'absent') throw new DomainError('not_found', 'Member not found.');
  if (state.erased) throw new DomainError('conflict', ACCOUNT_DELETED);
  return state;
}

function checkCheckout(state: PresentMember, command: Extract<MemberCommand, { type: 'StartMembershipCheckout' }>): void {
  const { tier, purpose } = command;
  if (!command.tierPublished) throw new DomainError('invalid', `Membership ${tier.code} is not available.`);
  if (tier.type === 'free' || command.amount_cents <= 0)
    throw new DomainError('invalid', `Membership ${tier.code} is free: there is nothing to pay.`);
  const current = membershipInEffect(state, command.at);
  if (purpose === 'single-entry') {
    if (tier.type !== 'single-entry') throw new DomainError('invalid', `Membership ${tier.code} is not a single entry.`);
    return;
  }
  if (tier.type === 'single-entry') throw new DomainError('invalid', 'A single entry is bought, not joined or upgraded to.');
  if (!current) return;
  if (current.tier.type === 'monthly-subscription' && !current.cancelled) {
    if (!offersUpgrade(current.tier.code)) throw new DomainError('conflict', `No upgrade is offered from ${current.tier.code}.`);
    if (current.tier.code === tier.code) throw new DomainError('conflict', `You already have the ${tier.code} membership.`);
  }
  if (purpose === 'join' && current.tier.type !== 'free' && !current.cancelled) {
    throw new DomainError('conflict', 'You already have a membership: upgrade it instead.');
  }
}

/** Only the residence facts given: a sign-up without them records an event as before. */
function residenceAtSignUp(command: { readonly state?: AuState | null; readonly dob?: string | null }): { state?: AuState; dob?: string } {
  return { ...(command.state ? { state: command.state } : {}), ...(command.dob ? { dob: command.dob } : {}) };
}

export function decideMember(command: MemberCommand, state: MemberState): MemberEvent[] {
  switch (command.type) {
    case 'RegisterMember': {
      if (state.status !== 'absent') throw new DomainError('conflict', 'Member already registered.');
      const { memberId, email, firstname, lastname, referralCode, chosenTier, at } = command;
      const residence = residenceAtSignUp(command);
      const registered: MemberEvent = {
        type: 'MemberRegistered',
        data: {
          memberId,
          email,
          firstname,
          lastname,
          referralCode,
          chosenMembershipId: chosenTier?.membershipId ?? null,
          ...residence,
          ...(command.marketingOptIn ? { marketingOptIn: true } : {}),
        },
      };
      if (chosenTier?.type !== 'free') return [registered];
      return [
        registered,
        {
          type: 'MembershipActivated',
          data: {
            memberId,
            checkoutId: null,
            paymentId: null,
            subscriptionId: null,
            tier: chosenTier,
            previousMembershipId: null,
            periodStart: at,
            periodEnd: null,
            source: 'join',
          },
        },
      ];
    }
    case 'UpdateMemberProfile': {
      const s = present(state);
      const changes = Object.fromEntries(
        Object.entries(command.changes).filter(([key, value]) => value !== undefined && s.profile[key as keyof ProfileChanges] !== value),
      ) as ProfileChanges;
      if (command.correction && command.correction.reason.trim().length < 3) throw new DomainError('invalid', 'Please give a reason.');
      if (Object.keys(changes).length === 0) return [];
      return [
        { type: 'MemberProfileUpdated', data: { memberId: s.memberId, changes, ...(command.correction ? { correction: command.correction } : {}) } },
      ];
    }
    case 'StartMembershipCheckout': {
      const s = present(state);
      checkCheckout(s, command);
      const { checkoutId, purpose, tier, amount_cents } = command;
      return [{ type: 'MembershipCheckoutStarted', data: { memberId: s.memberId, checkoutId, purpose, tier, amount_cents } }];
    }
    case 'ActivateMembership': {
      const s = present(state);
      if (command.paymentId !== null && s.processedPayments.includes(command.paymentId)) return [];
      const { type: _type, ...data } = command;
      return [
        { type: 'MembershipActivated', data: { ...data, memberId: s.memberId, previousMembershipId: s.membership?.tier.membershipId ?? null } },
      ];
    }
    case 'RenewMembership': {
      const s = present(state);
      if (s.processedPayments.includes(command.paymentId)) return [];
      if (s.membership?.subscriptionId !== command.subscriptionId) {
        throw new DomainError('conflict', `Subscription ${command.subscriptionId} is not this member's current subscription.`);
      }
      const { type: _type, ...data } = command;
      return [{ type: 'MembershipRenewed', data: { ...data, memberId: s.memberId } }];
    }
    case 'RecordMembershipPaymentFailed': {
      const s = present(state);
      const { type: _type, ...data } = command;
      return [{ type: 'MembershipPaymentFailed', data: { ...data, memberId: s.memberId } }];
    }
    case 'CancelMembership': {
      const s = present(state);
      const current = membershipInEffect(s, command.at);
      if (!current || current.tier.type !== 'monthly-subscription' || current.periodEnd === null) {
        throw new DomainError('conflict', 'There is no paid membership to cancel.');
      }
      if (current.cancelled) throw new DomainError('conflict', 'The membership is already cancelled.');
      return [
        {
          type: 'MembershipCancelled',
          data: {
            memberId: s.memberId,
            membershipId: current.tier.membershipId,
            endsAt: command.endsAt ?? current.periodEnd,
            reason: command.reason,
            ...(command.notice ? { notice: command.notice } : {}),
          },
        },
      ];
    }
    case 'PurchaseSingleEntry': {
      const s = present(state);
      if (s.processedPayments.includes(command.paymentId)) return [];
      const { type: _type, ...data } = command;
      return [{ type: 'SingleEntryPurchased', data: { ...data, memberId: s.memberId } }];
    }
    case 'SuspendMember': {
      const s = present(state);
      if (s.suspended) throw new DomainError('conflict', 'The member is already suspended.');
      return [{ type: 'MemberSuspended', data: { memberId: s.memberId, reason: command.reason } }];
    }
    case 'ReinstateMember': {
      const s = present(state);
      if (!s.suspended) throw new DomainError('conflict', 'The member is not suspended.');
      return [{ type: 'MemberReinstated', data: { memberId: s.memberId, reason: command.reason } }];
    }
    case 'AddSupportNote': {
      const s = present(state);
      return [{ type: 'SupportNoteAdded', data: { memberId: s.memberId, noteId: command.noteId, note: command.note } }];
    }
    case 'ChangeMemberEmail': {
      const s = present(state);
      const email = command.email.trim().toLowerCase();
      if (email === s.email.trim().toLowerCase()) return [];
      return [{ type: 'MemberEmailChanged', data: { memberId: s.memberId, previousEmail: s.email, email, reason: command.reason } }];
    }
    case 'RecordSupportAction': {
      const s = present(state);
      return [
        {
          type: 'SupportActionRecorded',
          data: { memberId: s.memberId, action: command.action, reason: command.reason, reference: command.reference },
        },
      ];
    }
    case 'EraseMember': {
      // Refused twice: the first erasure decided; the key is gone (or going), nothing is left to forget.
      if (state.status !== 'absent' && state.erased) throw new DomainError('conflict', ACCOUNT_ALREADY_DELETED);
      const s = present(state);
      // What is kept (amounts, dates, pseudonymous ids in draws) stays in the log as it is: only the key goes.
      return [{ type: 'MemberErased', data: { memberId: s.memberId, requestedBy: command.requestedBy } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const memberDecider: Decider<MemberCommand, MemberEvent, MemberState> = {
  decide: decideMember,
  evolve: evolveMember,
  initialState: initialMemberState,
};
