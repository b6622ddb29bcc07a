import { describe, expect, it } from 'vitest';
import { createEventRegistry } from '../registry';
import { teamDecider, type TeamCommand } from './decider';
import { teamStreamId, type TeamEvent } from './events';
import { TEAM_RULES, teamCausationKeys } from './rules';
import { DeciderSpecification } from '@roar/platform/testing';

const t0 = '2026-03-01T00:00:00.000Z';
const t1 = '2026-03-02T00:00:00.000Z';
const expiry = '2026-03-08T00:00:00.000Z';
const afterExpiry = '2026-03-09T00:00:00.000Z';
const teamId = 't-1';
const benefits = { entries: 30, merchandiseDiscountPercent: 20, benefitMonths: 1 } as const;

const start: TeamCommand = { type: 'StartTeam', teamId, captainId: 'cap', captainEmail: 'Cap@Example.com', captainIsPayingSubscriber: true, at: t0 };
const started: TeamEvent = { type: 'TeamStarted', data: { teamId, captainId: 'cap', captainEmail: 'cap@example.com', startedAt: t0 } };
type InviteMate = Extract<TeamCommand, { type: 'InviteMate' }>;
const invite = (n: number, email = `mate${n}@example.com`): InviteMate => ({
  type: 'InviteMate',
  inviteId: `i-${n}`,
  email,
  expiresAt: expiry,
  at: t0,
});
const invited = (n: number): TeamEvent => ({
  type: 'MateInvited',
  data: { teamId, inviteId: `i-${n}`, email: `mate${n}@example.com`, expiresAt: expiry, invitedAt: t0, captainId: 'cap' },
});
const pay = (n: number, overrides: Partial<Extract<TeamCommand, { type: 'RecordMatePayment' }>> = {}): TeamCommand => ({
  type: 'RecordMatePayment',
  inviteId: `i-${n}`,
  memberId: `m-${n}`,
  paymentId: `pi_${n}`,
  amount_cents: 5000,
  at: t1,
  ...overrides,
});
const paid = (n: number): TeamEvent => ({
  type: 'MatePaymentRecorded',
  data: { teamId, inviteId: `i-${n}`, memberId: `m-${n}`, paymentId: `pi_${n}`, amount_cents: 5000, benefits, paidAt: t1 },
});
const completed: TeamEvent = {
  type: 'TeamCompleted',
  data: {
    teamId,
    captainId: 'cap',
    mateIds: ['m-1', 'm-2', 'm-3'],
    memberIds: ['cap', 'm-1', 'm-2', 'm-3'],
    benefits: { ...benefits, inviterBonusEntries: 40 },
    completedAt: t1,
  },
};
const threeInvited = [started, invited(1), invited(2), invited(3)];

const given = DeciderSpecification.for(teamDecider);

describe('team decider', () => {
  it('keeps the spec numbers in one place', () => {
    expect(TEAM_RULES).toEqual({
      matesPerTeam: 3,
      teamSize: 4,
      mateFeeCents: 5000,
      mateEntries: 30,
      merchandiseDiscountPercent: 20,
      benefitMonths: 1,
      inviterBonusEntries: 40,
    });
    expect(teamStreamId(teamId)).toBe('team-t-1');
    expect([teamCausationKeys.mate(teamId, 'm-1'), teamCausationKeys.inviterBonus(teamId), teamCausationKeys.mateRevoked(teamId, 'm-1')]).toEqual([
      'team:t-1:mate:m-1',
      'team:t-1:inviter',
      'team:t-1:mate:m-1:revoked',
    ]);
  });

  it('lets a paying subscriber start a team, once', () => {
    given([]).when(start).then([started]);
    given([])
      .when({ ...start, captainIsPayingSubscriber: false })
      .thenThrows('Only a paying subscriber can start a team.');
    given([started]).when(start).thenThrows('This team already exists.');
  });

  it('invites up to three mates by email, never the captain nor the same email twice', () => {
    given([started])
      .when(invite(1, ' Mate1@Example.com '))
      .then([invited(1)]);
    given([started, invited(1)])
      .when(invite(1))
      .thenNothingHappened();
    given([started, invited(1)])
      .when(invite(2, 'MATE1@example.com'))
      .thenThrows('This email has already been invited to this team.');
    given([started]).when(invite(1, 'cap@example.com')).thenThrows('You cannot invite yourself.');
    given(threeInvited).when(invite(4)).thenThrows('This team is full.');
    given([started])
      .when({ ...invite(1), expiresAt: t0 })
      .thenThrows('An invite must expire after it is sent.');
    given([]).when(invite(1)).thenThrows('This team does not exist.');
  });

  it('frees the seat and the email of an expired invite', () => {
    const reinvite: TeamCommand = { ...invite(4, 'mate3@example.com'), at: afterExpiry, expiresAt: '2026-03-15T00:00:00.000Z' };
    given(threeInvited)
      .when(reinvite)
      .then([
        {
          type: 'MateInvited',
          data: {
            teamId,
            inviteId: 'i-4',
            email: 'mate3@example.com',
            expiresAt: '2026-03-15T00:00:00.000Z',
            invitedAt: afterExpiry,
            captainId: 'cap',
          },
        },
      ]);
  });

  it('records a $50 mate payment with the mate benefits', () => {
    given(threeInvited)
      .when(pay(1))
      .then([paid(1)]);
    given(threeInvited)
      .when(pay(1, { amount_cents: 4999 }))
      .thenThrows('The team fee is $50.');
    given(threeInvited)
      .when(pay(1, { memberId: 'cap' }))
      .thenThrows('You cannot join your own team.');
    given([...threeInvited, paid(1)])
      .when(pay(2, { memberId: 'm-1' }))
      .thenThrows('You are already in this team.');
    given(threeInvited).when(pay(9)).thenThrows('This invite does not exist.');
  });

  it('ignores the same payment twice and refuses a second payment for an invite', () => {
    given([...threeInvited, paid(1)])
      .when(pay(1))
      .thenNothingHappened();
    given([...threeInvited, paid(1)])
      .when(pay(1, { paymentId: 'pi_other' }))
      .thenThrows('This invite has already been paid.');
  });

  it('refuses an expired invite, whether or not the expiry was recorded yet', () => {
    given(threeInvited)
      .when(pay(1, { at: afterExpiry }))
      .thenThrows('This invite has expired.');
    given(threeInvited)
      .when(pay(1, { at: expiry }))
      .thenThrows('This invite has expired.');
    const expired: TeamEvent = { type: 'InviteExpired', data: { teamId, inviteId: 'i-1', email: 'mate1@example.com', expiredAt: afterExpiry } };
    given([...threeInvited, expired])
      .when(pay(1))
      .thenThrows('This invite has expired.');
  });

  it('completes the team when the fourth member is in, with all four members and the benefits', () => {
    given([...threeInvited, paid(1), paid(2)])
      .when(pay(3))
      .then([paid(3), completed]);
  });

  it('never has more than four: a complete team refuses payments and invites', () => {
    const reinvited: TeamEvent = {
      type: 'MateInvited',
      data: { teamId, inviteId: 'i-4', email: 'mate4@example.com', expiresAt: afterExpiry, invitedAt: t0 },
    };
    const full = [...threeInvited, reinvited, paid(1), paid(2), paid(3), completed];
    given(full).when(pay(4)).thenThrows('This team is full.');
    given(full).when(invite(5)).thenThrows('This team is full.');
  });

  it('expires a pending invite once its time has passed', () => {
    given(threeInvited)
      .when({ type: 'ExpireInvite', inviteId: 'i-1', at: afterExpiry })
      .then([{ type: 'InviteExpired', data: { teamId, inviteId: 'i-1', email: 'mate1@example.com', expiredAt: afterExpiry, captainId: 'cap' } }]);
    given(threeInvited).when({ type: 'ExpireInvite', inviteId: 'i-1', at: t1 }).thenThrows('This invite has not expired yet.');
    given([...threeInvited, paid(1)])
      .when({ type: 'ExpireInvite', inviteId: 'i-1', at: afterExpiry })
      .thenNothingHappened();
  });

  describe("a refund of a mate's fee", () => {
    const refund = (n: number, at = '2026-03-03T00:00:00.000Z'): Extract<TeamCommand, { type: 'RefundMatePayment' }> => ({
      type: 'RefundMatePayment',
      paymentId: `pi_${n}`,
      reason: ' Asked for it ',
      at,
    });
    const refunded = (n: number, leftTeam: boolean): TeamEvent => ({
      type: 'MatePaymentRefunded',
      data: {
        teamId,
        inviteId: `i-${n}`,
        memberId: `m-${n}`,
        paymentId: `pi_${n}`,
        reason: 'Asked for it',
        leftTeam,
        refundedAt: '2026-03-03T00:00:00.000Z',
      },
    });

    it('in an open team: the mate leaves, their seat and email are free and the invite is dead', () => {
      given([...threeInvited, paid(1)])
        .when(refund(1))
        .then([refunded(1, true)]);
      const after = [...threeInvited, paid(1), refunded(1, true)];
      // The captain may invite again (even the same person, on a new invite), up to three live invites.
      given(after)
        .when({ ...invite(4, 'mate1@example.com'), at: t1 })
        .then([
          { type: 'MateInvited', data: { teamId, inviteId: 'i-4', email: 'mate1@example.com', expiresAt: expiry, invitedAt: t1, captainId: 'cap' } },
        ]);
      given(after).when(pay(1)).thenThrows('This invite has expired.');
      // ...but the refunded member cannot buy back into this team (their team grant is keyed per team).
      const reinvited: TeamEvent = {
        type: 'MateInvited',
        data: { teamId, inviteId: 'i-4', email: 'mate1@example.com', expiresAt: expiry, invitedAt: t1 },
      };
      given([...after, reinvited])
        .when(pay(4, { memberId: 'm-1' }))
        .thenThrows('Your team fee for this team was refunded.');
      // Two mates paying now do not complete the team: the refunded one no longer counts.
      const two = [
        ...after,
        { type: 'MateInvited', data: { teamId, inviteId: 'i-4', email: 'mate4@example.com', expiresAt: expiry, invitedAt: t1 } } as TeamEvent,
        paid(2),
      ];
      given(two)
        .when(pay(3))
        .then([paid(3)]);
    });

    it('in a complete team: the team stays complete; the mate is recorded as refunded', () => {
      const full = [...threeInvited, paid(1), paid(2), paid(3), completed];
      given(full)
        .when(refund(2))
        .then([refunded(2, false)]);
      given([...full, refunded(2, false)])
        .when(invite(5))
        .thenThrows('This team is full.');
    });

    it('is idempotent and refused for a payment the team does not know', () => {
      given([...threeInvited, paid(1), refunded(1, true)])
        .when(refund(1))
        .thenNothingHappened();
      given([...threeInvited, paid(1)])
        .when(refund(9))
        .thenThrows('This payment is not a team fee of this team.');
      given([...threeInvited, paid(1)])
        .when({ ...refund(1), paymentId: 'pi_second' })
        .thenThrows('This payment is not a team fee of this team.');
      given([]).when(refund(1)).thenThrows('This team does not exist.');
    });
  });

  it('writes events that the registry accepts', () => {
    const registry = createEventRegistry();
    const metadata = { correlationId: 'c', causationId: null, actor: { type: 'system' as const, id: 't' }, occurredAt: t0, schemaVersion: 1 };
    const commands: TeamCommand[] = [
      start,
      invite(1),
      invite(2),
      invite(3),
      pay(1),
      pay(2),
      pay(3),
      { type: 'RefundMatePayment', paymentId: 'pi_1', reason: 'r', at: t1 },
    ];
    let state = teamDecider.initialState;
    const produced: TeamEvent[] = [];
    for (const c of commands) {
      const events = teamDecider.decide(c, state);
      produced.push(...events);
      state = events.reduce(teamDecider.evolve, state);
    }
    const early = [started, invited(1)].reduce(teamDecider.evolve, teamDecider.initialState);
    produced.push(...teamDecider.decide({ type: 'ExpireInvite', inviteId: 'i-1', at: afterExpiry }, early));
    expect(new Set(produced.map((e) => e.type))).toEqual(
      new Set(['TeamStarted', 'MateInvited', 'MatePaymentRecorded', 'TeamCompleted', 'InviteExpired', 'MatePaymentRefunded']),
    );
    for (const e of produced) expect(() => registry.validateNew({ id: 'x', ...e, metadata })).not.toThrow();
  });
});
