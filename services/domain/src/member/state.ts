import type { MemberEvent, ProfileChanges } from './events';
import type { TierSnapshot } from './tier-snapshot';

export interface MemberProfile {
  readonly firstname: string;
  readonly lastname: string;
  readonly mobile: string | null;
  readonly dob: string | null;
  readonly address: string | null;
  readonly state?: string | null;
}

export interface MembershipState {
  readonly tier: TierSnapshot;
  readonly periodStart: string;
  /** null: no end (free). For a cancelled membership, the day benefits stop. */
  readonly periodEnd: string | null;
  readonly subscriptionId: string | null;
  readonly cancelled: boolean;
  readonly paymentFailed: boolean;
}

export interface SingleEntryState {
  readonly singleEntryId: string;
  readonly prizeId: string | null;
  readonly validUntil: string;
}

export type MemberState =
  | { readonly status: 'absent' }
  | {
      /** registered: no membership yet; active / cancelled: the current membership's state. */
      readonly status: 'registered' | 'active' | 'cancelled';
      readonly memberId: string;
      readonly email: string;
      readonly profile: MemberProfile;
      readonly chosenMembershipId: number | null;
      readonly membership: MembershipState | null;
      readonly singleEntries: readonly SingleEntryState[];
      /** Payment ids already applied: a duplicate webhook decides nothing. */
      readonly processedPayments: readonly string[];
      /** Suspended by staff: no sign-in, no refresh, no draws until reinstated. */
      readonly suspended: boolean;
      /** Issue 24: personal data forgotten; the account is closed for good (the email may join again as a new member). */
      readonly erased?: boolean;
    };

export type PresentMember = Exclude<MemberState, { status: 'absent' }>;

export const initialMemberState: MemberState = { status: 'absent' };

function applyProfile(profile: MemberProfile, changes: ProfileChanges): MemberProfile {
  return { ...profile, ...changes };
}

export function evolveMember(state: MemberState, event: MemberEvent): MemberState {
  if (event.type === 'MemberRegistered') {
    const d = event.data;
    return {
      status: 'registered',
      memberId: d.memberId,
      email: d.email,
      profile: { firstname: d.firstname, lastname: d.lastname, mobile: null, dob: d.dob ?? null, address: null, state: d.state ?? null },
      chosenMembershipId: d.chosenMembershipId,
      membership: null,
      singleEntries: [],
      processedPayments: [],
      suspended: false,
    };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'MemberProfileUpdated':
      return { ...state, profile: applyProfile(state.profile, event.data.changes) };
    case 'MembershipCheckoutStarted':
      return state;
    case 'MembershipActivated': {
      const d = event.data;
      return {
        ...state,
        status: 'active',
        membership: {
          tier: d.tier,
          periodStart: d.periodStart,
          periodEnd: d.periodEnd,
          subscriptionId: d.subscriptionId,
          cancelled: false,
          paymentFailed: false,
        },
        processedPayments: d.paymentId ? [...state.processedPayments, d.paymentId] : state.processedPayments,
      };
    }
    case 'MembershipRenewed': {
      const d = event.data;
      const m = state.membership;
      return {
        ...state,
        membership: {
          tier: d.tier,
          periodStart: d.periodStart,
          periodEnd: d.periodEnd,
          subscriptionId: d.subscriptionId,
          cancelled: m?.cancelled ?? false,
          paymentFailed: false,
        },
        processedPayments: [...state.processedPayments, d.paymentId],
      };
    }
    case 'MembershipPaymentFailed':
      if (!state.membership || event.data.subscriptionId === null || state.membership.subscriptionId !== event.data.subscriptionId) return state;
      return { ...state, membership: { ...state.membership, paymentFailed: true } };
    case 'MembershipCancelled':
      if (!state.membership) return state;
      return { ...state, status: 'cancelled', membership: { ...state.membership, cancelled: true, periodEnd: event.data.endsAt } };
    case 'SingleEntryPurchased': {
      const d = event.data;
      return {
        ...state,
        singleEntries: [...state.singleEntries, { singleEntryId: d.singleEntryId, prizeId: d.prizeId, validUntil: d.validUntil }],
        processedPayments: [...state.processedPayments, d.paymentId],
      };
    }
    case 'MemberSuspended':
      return { ...state, suspended: true };
    case 'MemberReinstated':
      return { ...state, suspended: false };
    case 'MemberEmailChanged':
      return { ...state, email: event.data.email };
    case 'MemberErased':
      return { ...state, erased: true };
    case 'SupportNoteAdded':
    case 'SupportActionRecorded':
      return state;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** The membership that counts at `at`: not ended. A free one never ends. */
export function membershipInEffect(state: PresentMember, at: string): MembershipState | null {
  const m = state.membership;
  if (!m) return null;
  if (m.periodEnd !== null && Date.parse(m.periodEnd) <= Date.parse(at)) return null;
  return m;
}
