import { describe, expect, it } from 'vitest';
import { closeEntryList, commitRandomness, entryTreeRoot, parseEntryLines, pseudonymousEntrantId } from '../draw';
import { auditDraw, RecordedListWork } from './audit';
import { prizeDecider, type EntrantIdentity } from './decider';
import { eligibleEntrants, type EligibilityEvent } from './eligibility';
import { NO_SECONDARY_PRIZE_IMAGES, type PrizeEvent, type PrizeFields } from './events';
import { DeciderSpecification } from '@roar/platform/testing';

const fields: PrizeFields = {
  title: 'Masters trip',
  slug: 'masters-trip',
  description: '<p>Two tickets</p>',
  hero_image: '/img/masters.jpg',
  ...NO_SECONDARY_PRIZE_IMAGES,
  prize_type_id: 'normal',
  event_date: 'April 2027',
  event_participants: 2,
  prize_end_date: '2026-12-01T00:00:00.000Z',
  prize_value: 15000,
  prize_value_currency: 'AUD',
};
const secret = Buffer.alloc(32, 9);
const salt = 'ab'.repeat(16);
const created: PrizeEvent = { type: 'PrizeCreated', data: { prizeId: 'p1', fields } };
const scheduled: PrizeEvent = {
  type: 'DrawScheduled',
  data: { prizeId: 'p1', method: 'commit-reveal', commitment: commitRandomness(secret), beacon: null, closesAt: fields.prize_end_date },
};
const given = DeciderSpecification.for(prizeDecider);
const ev = (type: string, data: object): EligibilityEvent => ({ type, data, occurredAt: '2026-11-10T00:00:00.000Z' });
const log: EligibilityEvent[] = ['alice', 'bob', 'carol', 'dave', 'erin'].flatMap((memberId, i) => [
  ev('MembershipActivated', { memberId, tier: { bonus_draws: true, weekly_draws: false }, periodEnd: '2026-12-10T00:00:00.000Z' }),
  ev('EntriesGranted', { memberId, count: i + 2, firstTicket: 1, lastTicket: i + 2, prizeId: null }),
]);
const asOf = '2026-12-01T00:00:00.000Z';
const eligible = eligibleEntrants(log, { prizeId: 'p1', prizeType: 'normal', asOf });
const entrants = eligible.map((e) => ({ entrantId: pseudonymousEntrantId(e.key, salt), tickets: e.tickets }));
const ids = new Map<string, EntrantIdentity>(eligible.map((e) => [pseudonymousEntrantId(e.key, salt), e]));
const treeHead = { size: 42, rootHash: 'cd'.repeat(32) };

function drawnLog(command: Partial<{ treeHead: typeof treeHead }> = {}) {
  const closing = given([created, scheduled])
    .when({ type: 'CloseEntries', entrants, cutoffPosition: '5/5', asOf, ...command })
    .events();
  const drawn = given([created, scheduled, ...closing])
    .when({ type: 'DrawWinner', randomness: secret.toString('hex'), entrantSalt: salt, identities: ids })
    .events();
  return [created, scheduled, ...closing, ...drawn];
}
const closedOf = (events: PrizeEvent[]) => events.find((e): e is Extract<PrizeEvent, { type: 'EntriesClosed' }> => e.type === 'EntriesClosed')!;

/** The log with one ticket added to the recorded list's first entry, as a tampered store would hold it. */
function withFirstEntryTicketAdded(all: PrizeEvent[]): PrizeEvent[] {
  return all.map((e) => {
    if (e.type !== 'EntryListRecorded') return e;
    const [first, ...rest] = e.data.lines.split('\n');
    const [id, tickets] = first!.split('\t');
    return { ...e, data: { ...e.data, lines: [`${id}\t${Number(tickets) + 1}`, ...rest].join('\n') } } as PrizeEvent;
  });
}

describe('the entry tree in the close and the audit (issue 24)', () => {
  it('the close records the root and size of the entry tree over the recorded pages, and the tree head it was given', () => {
    const all = drawnLog({ treeHead });
    const closed = closedOf(all);
    const pages = all.flatMap((e) => (e.type === 'EntryListRecorded' ? parseEntryLines(e.data.lines)! : []));
    expect(closed.data.entryCount).toBe(5);
    expect(closed.data.entryRoot).toBe(entryTreeRoot(pages).root);
    expect(closed.data.treeHead).toEqual(treeHead);
    const report = auditDraw('p1', all, log);
    expect(report.lines).toContain(`Entry tree root ${closed.data.entryRoot} over 5 entrants matches the recorded list`);
    expect(report.lines).toContain(`The close committed to the sealed log's tree head of size 42, root ${'cd'.repeat(32)}`);
    expect(report.lines.at(-1)).toBe('VERIFIED');
    // Without sealing, no tree head is recorded.
    expect(closedOf(drawnLog()).data.treeHead).toBeUndefined();
  });

  it('one line of the recorded list changed: the audit names the Merkle root that no longer matches', () => {
    const all = drawnLog();
    const closed = closedOf(all);
    const tampered = withFirstEntryTicketAdded(all);
    const tamperedRoot = entryTreeRoot(tampered.flatMap((e) => (e.type === 'EntryListRecorded' ? parseEntryLines(e.data.lines)! : []))).root;
    const report = auditDraw('p1', tampered, log);
    expect(report.verified).toBe(false);
    expect(report.lines).toContain(`DIFFERS: the recorded entry list's Merkle root is ${tamperedRoot}, EntriesClosed says ${closed.data.entryRoot}`);
  });

  it('a forged root in the close is named; a close from before issue 24 (no root) still verifies', () => {
    const all = drawnLog();
    const forged = all.map((e) => (e.type === 'EntriesClosed' ? ({ ...e, data: { ...e.data, entryRoot: '0'.repeat(64) } } as PrizeEvent) : e));
    const report = auditDraw('p1', forged, log);
    expect(report.verified).toBe(false);
    expect(report.lines.filter((l) => l.startsWith('DIFFERS'))).toEqual([
      `DIFFERS: the recorded entry list's Merkle root is ${closedOf(all).data.entryRoot}, EntriesClosed says ${'0'.repeat(64)}`,
    ]);
    const old = all.map((e) => {
      if (e.type !== 'EntriesClosed') return e;
      const { entryRoot: _r, entryCount: _c, ...data } = e.data;
      return { ...e, data } as PrizeEvent;
    });
    const oldReport = auditDraw('p1', old, log);
    expect(oldReport.lines.at(-1)).toBe('VERIFIED');
    expect(oldReport.lines).toContain('The close records no entry tree root (closed before issue 24): the list hash alone commits to the list');
  });
});

describe('the audit with the recorded list parsed and hashed beforehand (issue 25)', () => {
  const folded = (events: EligibilityEvent[]) => ({
    input: { prizeId: 'p1', prizeType: 'normal' as const, asOf },
    eligible: eligibleEntrants(events, { prizeId: 'p1', prizeType: 'normal', asOf }),
  });

  it('a RecordedListWork over the same stream, finished or not, gives the report the audit gives alone', () => {
    const all = drawnLog({ treeHead });
    const alone = auditDraw('p1', all, folded(log));
    expect(alone.lines.at(-1)).toBe('VERIFIED');
    const work = new RecordedListWork(all);
    work.step();
    expect(auditDraw('p1', all, folded(log), { recordedList: work })).toEqual(alone);
    expect(auditDraw('p1', all, folded(log), { recordedList: work })).toEqual(alone);
  });

  it('work done over other pages than the stream records is not used: a changed line is still found', () => {
    const all = drawnLog();
    const closed = closedOf(all);
    const tampered = withFirstEntryTicketAdded(all);
    const report = auditDraw('p1', tampered, folded(log), { recordedList: new RecordedListWork(all) });
    expect(report).toEqual(auditDraw('p1', tampered, folded(log)));
    expect(report.verified).toBe(false);
    expect(report.lines.filter((l) => l.startsWith('DIFFERS: the recorded entry list hashes to'))).toHaveLength(1);
    expect(report.lines.some((l) => l.startsWith("DIFFERS: the recorded entry list's Merkle root is"))).toBe(true);
    expect(closed.data.listHash).not.toBe('');
  });

  it('a log that rebuilds another list: the rebuilt list is hashed in full and each entrant that differs is named', () => {
    const all = drawnLog();
    const closed = closedOf(all);
    const changed = log.map((e) =>
      e.type === 'EntriesGranted' && (e.data as { memberId: string }).memberId === 'bob' ? { ...e, data: { ...(e.data as object), count: 9 } } : e,
    );
    const rebuilt = folded(changed).eligible.map((e) => ({ entrantId: pseudonymousEntrantId(e.key, salt), tickets: e.tickets }));
    const bob = pseudonymousEntrantId('member:bob', salt);
    const report = auditDraw('p1', all, folded(changed), { recordedList: new RecordedListWork(all) });
    expect(report.verified).toBe(false);
    expect(report.lines.filter((l) => l.startsWith('DIFFERS'))).toEqual([
      `DIFFERS: the entry list rebuilt from the event log hashes to ${closeEntryList(rebuilt).hash}, recorded ${closed.data.listHash}`,
      `DIFFERS: entrant ${bob} (member:bob): recorded 3 tickets, rebuilt 9`,
    ]);
  });
});
