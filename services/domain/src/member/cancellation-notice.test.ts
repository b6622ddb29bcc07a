import { describe, expect, it } from 'vitest';
import { cancellationNoticeFacts } from '../prize/cancellation-standing';
import { cancellationNoticeText } from './cancellation-notice';

const memberId = 'm-1';
const at = (iso: string) => iso;
const events = [
  {
    type: 'MembershipActivated',
    data: { memberId, tier: { bonus_draws: false, weekly_draws: false }, periodEnd: '2026-12-27T02:00:00.000Z' },
    occurredAt: at('2026-11-27T02:00:00.000Z'),
  },
  { type: 'EntriesGranted', data: { memberId, count: 50, firstTicket: 1, lastTicket: 50, prizeId: null }, occurredAt: '2026-11-27T02:00:01.000Z' },
  { type: 'EntriesGranted', data: { memberId, count: 3, firstTicket: 51, lastTicket: 53, prizeId: 'boat' }, occurredAt: '2026-11-27T02:00:02.000Z' },
];
const draws = [
  { prizeId: 'boat', title: 'Boat', prizeType: 'normal' as const, closesAt: '2027-01-10T09:00:00.000Z' },
  { prizeId: 'ute', title: 'Ute', prizeType: 'normal' as const, closesAt: '2026-12-20T09:00:00.000Z' },
  { prizeId: 'team', title: 'Team', prizeType: 'team' as const, closesAt: '2026-12-20T09:00:00.000Z' },
  { prizeId: 'bonus', title: 'Bonus', prizeType: 'bonus' as const, closesAt: '2026-12-20T09:00:00.000Z' },
];

describe('the cancellation notice', () => {
  const notice = cancellationNoticeFacts({
    memberId,
    events,
    now: '2026-11-28T00:00:00.000Z',
    endsAt: '2026-12-27T02:00:00.000Z',
    renewalEntries: 50,
    openDraws: draws,
  });

  it('keeps what still counts at each close, by the eligibility rule, and names what is lost', () => {
    // The ute closes before benefits end: the stacked 50 stay. The boat closes after: its single entries stay, the stacked 50 go.
    expect(notice.kept.map((d) => [d.title, d.entries])).toEqual([
      ['Ute', 50],
      ['Boat', 3],
    ]);
    expect(notice.lost.map((d) => [d.title, d.entries])).toEqual([['Boat', 50]]);
  });

  it('says it in one paragraph, dates in the club calendar', () => {
    expect(cancellationNoticeText(notice)).toBe(
      'Your benefits end on 27 December 2026. The entries you already hold keep their place in Ute (50 entries, closes 20 December 2026)' +
        ' and Boat (3 entries, closes 10 January 2027). You forfeit 50 entries in Boat (closes 10 January 2027, after your benefits end)' +
        ' and the 50 entries your plan would have added at its renewal on 27 December 2026.',
    );
  });

  it('says when nothing is held and nothing forfeited', () => {
    expect(cancellationNoticeText({ endsAt: '2026-12-26T14:00:00.000Z', kept: [], lost: [], renewalEntries: 0 })).toBe(
      'Your benefits end on 27 December 2026. You hold no entries in an open draw that closes before then. Nothing else is forfeited.',
    );
  });
});
