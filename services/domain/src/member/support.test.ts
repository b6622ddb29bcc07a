import { describe, expect, it } from 'vitest';
import { createEventRegistry } from '../registry';
import { eligibleEntrants, memberStanding, SUSPENDED_REASON, type EligibilityEvent } from '../prize/eligibility';
import { memberDecider } from './decider';
import { MemberSuspended, SupportNoteAdded, type MemberEvent } from './events';
import { seedSnapshot } from './test-fixtures';
import { DeciderSpecification } from '@roar/platform/testing';

const memberId = 'm-1';
const registered: MemberEvent = {
  type: 'MemberRegistered',
  data: { memberId, email: 'ana@example.com', firstname: 'Ana', lastname: 'Lee', referralCode: 'ANA123', chosenMembershipId: 3 },
};
const suspended: MemberEvent = { type: 'MemberSuspended', data: { memberId, reason: 'Chargeback under review' } };

const given = DeciderSpecification.for(memberDecider);

describe('member support by staff (issue 14)', () => {
  it('suspends a member once, with the reason, and reinstates only a suspended one', () => {
    given([registered]).when({ type: 'SuspendMember', memberId, reason: 'Chargeback under review' }).then([suspended]);
    given([registered, suspended]).when({ type: 'SuspendMember', memberId, reason: 'Again' }).thenThrows('The member is already suspended.');
    given([registered]).when({ type: 'ReinstateMember', memberId, reason: 'Cleared' }).thenThrows('The member is not suspended.');
    given([registered, suspended])
      .when({ type: 'ReinstateMember', memberId, reason: 'Chargeback withdrawn' })
      .then([{ type: 'MemberReinstated', data: { memberId, reason: 'Chargeback withdrawn' } }]);
  });

  it('changes the email to a new address (lower-cased), and decides nothing when it is the same one', () => {
    const changed: MemberEvent = {
      type: 'MemberEmailChanged',
      data: { memberId, previousEmail: 'ana@example.com', email: 'ana.lee@example.com', reason: 'New inbox' },
    };
    given([registered]).when({ type: 'ChangeMemberEmail', memberId, email: ' Ana.Lee@Example.com', reason: 'New inbox' }).then([changed]);
    given([registered]).when({ type: 'ChangeMemberEmail', memberId, email: 'ANA@example.com', reason: 'Same' }).thenNothingHappened();
    given([registered, changed]).when({ type: 'ChangeMemberEmail', memberId, email: 'ana.lee@example.com', reason: 'Again' }).thenNothingHappened();
    given([]).when({ type: 'ChangeMemberEmail', memberId, email: 'x@example.com', reason: 'Nobody' }).thenThrows('Member not found.');
  });

  it('keeps notes and support actions in the member stream, and refuses an unknown member', () => {
    given([registered])
      .when({ type: 'AddSupportNote', memberId, noteId: 'n-1', note: 'Called about the renewal date.' })
      .then([{ type: 'SupportNoteAdded', data: { memberId, noteId: 'n-1', note: 'Called about the renewal date.' } }]);
    given([registered])
      .when({ type: 'RecordSupportAction', memberId, action: 'password-reset-sent', reason: 'Member asked by phone', reference: null })
      .then([{ type: 'SupportActionRecorded', data: { memberId, action: 'password-reset-sent', reason: 'Member asked by phone', reference: null } }]);
    given([]).when({ type: 'SuspendMember', memberId, reason: 'Fraud' }).thenThrows('Member not found.');
  });

  it('validates the events on append: a reason is required and must be storable text', () => {
    const registry = createEventRegistry();
    for (const type of ['MemberSuspended', 'MemberReinstated', 'SupportNoteAdded', 'SupportActionRecorded'])
      expect(registry.has(type), type).toBe(true);
    expect(MemberSuspended.schema.safeParse({ memberId, reason: '' }).success).toBe(false);
    expect(SupportNoteAdded.schema.safeParse({ memberId, noteId: 'n', note: 'bad \u0000 note' }).success).toBe(false);
    expect(MemberSuspended.schema.safeParse({ memberId, reason: 'Chargeback' }).success).toBe(true);
  });

  it('a member suspended at the close has no entries in the draw; reinstated, they count again', () => {
    const at = (m: number) => `2026-01-10T00:0${m}:00.000Z`;
    const log: EligibilityEvent[] = [
      { type: 'MembershipActivated', data: { memberId, tier: seedSnapshot('platinum'), periodStart: at(0), periodEnd: null }, occurredAt: at(0) },
      { type: 'EntriesGranted', data: { memberId, count: 50, firstTicket: 1, lastTicket: 50, prizeId: null }, occurredAt: at(0) },
      { type: 'EntriesGranted', data: { memberId, count: 1, firstTicket: 51, lastTicket: 51, prizeId: 'p1' }, occurredAt: at(0) },
      { type: 'MemberSuspended', data: { memberId, reason: 'Fraud check' }, occurredAt: at(1) },
    ];
    const input = { prizeId: 'p1', prizeType: 'normal' as const, asOf: at(2) };
    expect(eligibleEntrants(log, input)).toEqual([]);
    expect(memberStanding(log, memberId, input)).toEqual({ tickets: 0, ranges: [], eligible: false, reason: SUSPENDED_REASON });
    const reinstated = [...log, { type: 'MemberReinstated', data: { memberId, reason: 'Cleared' }, occurredAt: at(3) }];
    expect(eligibleEntrants(reinstated, { ...input, asOf: at(4) })).toEqual([{ key: `member:${memberId}`, memberIds: [memberId], tickets: 51 }]);
  });
});
