import {
  cashbackStreamId,
  entriesStreamId,
  handicapStreamId,
  memberControlsStreamId,
  memberLoginStreamId,
  memberStreamId,
  myDataStreamId,
  referralInvitesStreamId,
  referralStreamId,
  rewardsStreamId,
  teamSeatStreamId,
} from '@roar/domain';
import type { MyData, MyDataEvent } from '@roar/contracts/my-data';
import {
  getHandicap,
  getMember,
  listEntryGrants,
  listPayments,
  listScorecardsOfMember,
  listSingleEntries,
  searchOrders,
  searchSupportRequests,
} from '@roar/projections';
import { listEmailsSentTo } from '@roar/workers';
import type { AppContext } from '../context';

const PAGE = 500;

/** Every page of a paged read (so a long-standing member's history is never cut at one page). */
async function allPages<Row>(page: (offset: number) => Promise<Row[]>): Promise<Row[]> {
  const all: Row[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const rows = await page(offset);
    all.push(...rows);
    if (rows.length < PAGE) return all;
  }
}

/** JSON-safe plain object (dates as ISO strings, bigints as text). */
const plain = (value: unknown): Record<string, unknown> =>
  JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))) as Record<string, unknown>;

/** The member's own streams beside the member stream: sign-ins, controls, entries, cashback, referrals, teams, handicap, rewards, data requests. */
const otherStreams = (memberId: string): string[] => [
  memberLoginStreamId(memberId),
  memberControlsStreamId(memberId),
  entriesStreamId(memberId),
  cashbackStreamId(memberId),
  referralStreamId(memberId),
  referralInvitesStreamId(memberId),
  teamSeatStreamId(memberId),
  handicapStreamId(memberId),
  rewardsStreamId(memberId),
  myDataStreamId(memberId),
];

async function streamEvents(app: Pick<AppContext, 'store'>, streamId: string): Promise<MyDataEvent[]> {
  return (await app.store.readStream(streamId)).map((e) => ({
    stream: streamId,
    type: e.type,
    occurred_at: e.recordedAt,
    data: plain({ d: e.data }).d,
  }));
}

export const MY_DATA_NOTES: readonly string[] = [
  'Emails: emails.json lists every email the club sent to your addresses (date, subject and whether it was sent); the body of an email is not kept, it is written from an event listed here (for example a sign-up, a payment or a reset request).',
];

/** Everything the club holds about one member, read only from that member's streams and rows. */
export async function collectMyData(app: Pick<AppContext, 'sql' | 'store'>, memberId: string, now: Date): Promise<MyData> {
  const [member, profileHistory, payments, entries, singleEntries, orders, handicap, scorecards, support, ...streams] = await Promise.all([
    getMember(app.sql, memberId),
    streamEvents(app, memberStreamId(memberId)),
    allPages((offset) => listPayments(app.sql, { memberId, offset, limit: PAGE, sort: 'created_at', order: 'asc' }).then((r) => r.rows)),
    listEntryGrants(app.sql, memberId),
    listSingleEntries(app.sql, memberId),
    allPages((offset) => searchOrders(app.sql, { memberId, offset, limit: PAGE }).then((r) => r.records)),
    getHandicap(app.sql, memberId),
    listScorecardsOfMember(app.sql, memberId),
    allPages((offset) =>
      searchSupportRequests(app.sql, { memberId, offset, limit: PAGE, sort: 'submitted_at', order: 'ASC' }).then((r) => r.records),
    ),
    ...otherStreams(memberId).map((s) => streamEvents(app, s)),
  ]);
  // Every address the member has had: the one they registered with, and each one it was changed to.
  const addresses = profileHistory
    .map((e) => (e.data as { email?: unknown } | null)?.email)
    .filter((email): email is string => typeof email === 'string');
  if (member && typeof (member as { email?: unknown }).email === 'string') addresses.push((member as { email: string }).email);
  const emails = await listEmailsSentTo(app.sql, addresses);
  return {
    member_id: memberId,
    generated_at: now.toISOString(),
    profile: member ? plain(member) : null,
    profile_history: profileHistory,
    payments: payments.map(plain),
    entries: entries.map(plain),
    single_entries: singleEntries.map(plain),
    orders: orders.map(plain),
    handicap: handicap ? plain(handicap) : null,
    scorecards: scorecards.map(plain),
    support_requests: support.map(plain),
    emails,
    events: streams.flat(),
    notes: [...MY_DATA_NOTES],
  };
}
