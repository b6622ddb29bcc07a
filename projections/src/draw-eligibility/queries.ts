import type { EligibilityFold, EligibilityInput } from '@roar/domain';
import { ident, toBigInt, type Position, type Sql } from '@roar/platform';
import { READ_SCHEMA } from '../runner/projector';
import { accountOfRow, drawEligibilityProjector } from './projector';

/** A key whose row counts events after the as-of instant: the caller folds it again from `streams`. */
export interface StaleEligibilityKey {
  readonly kind: 'member' | 'team';
  readonly id: string;
  readonly streams: readonly string[];
}

const s = ident(READ_SCHEMA);

/** The member rows as columns, one aggregate each (see readEligibilityRows). */
type MemberAggregates = {
  ids: unknown;
  flags: string | null;
  stacked: string | null;
  period_end: unknown;
  cancelled: unknown;
  single: unknown;
  stale: unknown;
  residence_state: unknown;
  dob: unknown;
};

/**
 * The draw_eligibility rows a close needs and the projector's checkpoint, read in one repeatable-read
 * transaction (`tx`, the caller's): the fold of the log up to the returned cutoff, except the stale
 * keys. A null cutoff: the read model cannot answer (no checkpoint, or another projector version).
 */
export async function readEligibilityRows(
  tx: Sql,
  input: EligibilityInput,
  asOfMs: number,
): Promise<{ cutoff: Position | null; fold: EligibilityFold; stale: StaleEligibilityKey[] }> {
  await tx.exec('set transaction isolation level repeatable read');
  const fold: EligibilityFold = { accounts: new Map(), teams: new Map() };
  const stale: StaleEligibilityKey[] = [];
  const cp = await tx.query<{ c: string; p: string; version: number }>(
    `select position_commit::text as c, position_prepare::text as p, version from ${s}.checkpoints where projector = $1`,
    [drawEligibilityProjector.name],
  );
  const row = cp.rows[0];
  if (!row || Number(row.version) !== drawEligibilityProjector.version) return { cutoff: null, fold, stale };
  const cutoff = { commit: toBigInt(row.c), prepare: toBigInt(row.p) };
  if (input.prizeType === 'team') {
    const teams = await tx.query<{ team_id: string; member_ids: unknown; last_at_ms: unknown; streams: string[] }>(
      `select team_id, member_ids, last_at_ms, streams from ${s}.draw_eligibility_teams`,
    );
    for (const t of teams.rows) {
      if (t.last_at_ms !== null && Number(t.last_at_ms) > asOfMs) stale.push({ kind: 'team', id: t.team_id, streams: t.streams });
      else fold.teams.set(t.team_id, parseStrings(t.member_ids));
    }
    return { cutoff, fold, stale };
  }
  // Only this prize's single entries matter; a member with nothing stacked and no single entry here
  // holds no ticket. The rows come back as columns, one aggregate each (all fed the rows in the
  // same order): JSON arrays for the text columns, a string of 0/1 flags (has tier, bonus, weekly,
  // suspended: four characters a row) and comma-separated counts. The database builds these about
  // twice as fast as one JSON array per row, and a few JSON.parse calls read them.
  //
  // In ranges of member id (MEMBER_RANGE_BOUNDS), on the transaction's connection (one snapshot): the
  // database aggregates the next range while this process parses the one before, instead of the two
  // taking turns over the whole table. The ranges partition every id (open at
  // both ends), so the rows are the same; only the accounts' insertion order differs, and a close
  // sorts its entrants by id.
  const readRange = ([from, to]: [string | null, string | null]) =>
    tx.query<MemberAggregates>(
      `select json_agg(member_id) as ids,
         string_agg(case when has_tier then '1' else '0' end || case when bonus_draws then '1' else '0' end
           || case when weekly_draws then '1' else '0' end || case when suspended then '1' else '0' end, '') as flags,
         string_agg(stacked::text, ',') as stacked, json_agg(period_end) as period_end, json_agg(cancelled_ends_at) as cancelled,
         json_agg(singles -> $1::text) as single, json_agg(case when last_at_ms > $2::float8 then streams end) as stale,
         json_agg(residence_state) as residence_state, json_agg(dob) as dob
       from ${s}.draw_eligibility_members
       where (stacked > 0 or singles ? $1::text or last_at_ms > $2::float8)
         and ($3::text is null or member_id >= $3::text) and ($4::text is null or member_id < $4::text)`,
      [input.prizeId, asOfMs, from, to],
    );
  // Each range is asked for as soon as the one before has arrived, before that one is parsed: one
  // query at a time on the connection (pg 9 will refuse a query sent while another runs), and the
  // database aggregates the next range while this process parses the last.
  const ranges = memberRanges();
  let next = readRange(ranges[0]!);
  for (let i = 0; i < ranges.length; i++) {
    const arrived = await next;
    if (i + 1 < ranges.length) {
      next = readRange(ranges[i + 1]!);
      // Should the parse below throw, the next range's failure is not left unhandled (an await still sees it).
      next.catch(() => undefined);
    }
    addMemberRows(fold, stale, arrived.rows[0], input.prizeId);
  }
  return { cutoff, fold, stale };
}

/** Ranges of member id read one query each (see readEligibilityRows): member ids are UUIDs, so the bounds split them about evenly. */
const MEMBER_RANGE_BOUNDS = ['4', '8', 'c'];

/** [from, to) of each range, null for an open end: together they hold every text. */
export function memberRanges(bounds: readonly string[] = MEMBER_RANGE_BOUNDS): Array<[string | null, string | null]> {
  const edges = [null, ...bounds, null];
  return edges.slice(0, -1).map((from, i) => [from, edges[i + 1]!]);
}

/** One range's aggregated columns folded into accounts, or its keys whose rows count events after the as-of instant into `stale`. */
function addMemberRows(fold: EligibilityFold, stale: StaleEligibilityKey[], r: MemberAggregates | undefined, prizeId: string): void {
  const ids = jsonArray<string>(r?.ids);
  const flags = r?.flags ?? '';
  const stacked = r?.stacked ? r.stacked.split(',') : [];
  const periodEnds = jsonArray<string | null>(r?.period_end);
  const cancelled = jsonArray<string | null>(r?.cancelled);
  const singles = jsonArray<unknown>(r?.single);
  const staleStreams = jsonArray<string[] | null>(r?.stale);
  const states = jsonArray<string | null>(r?.residence_state);
  const dobs = jsonArray<string | null>(r?.dob);
  if (
    flags.length !== ids.length * 4 ||
    stacked.length !== ids.length ||
    periodEnds.length !== ids.length ||
    cancelled.length !== ids.length ||
    singles.length !== ids.length ||
    staleStreams.length !== ids.length ||
    states.length !== ids.length ||
    dobs.length !== ids.length
  ) {
    throw new Error('draw_eligibility_members: the aggregated columns do not line up');
  }
  for (let i = 0; i < ids.length; i++) {
    const memberId = ids[i]!;
    const streams = staleStreams[i];
    if (streams) stale.push({ kind: 'member', id: memberId, streams });
    else {
      const single = singles[i];
      const at = i * 4;
      fold.accounts.set(
        memberId,
        accountOfRow(
          {
            has_tier: flags[at] === '1',
            bonus_draws: flags[at + 1] === '1',
            weekly_draws: flags[at + 2] === '1',
            suspended: flags[at + 3] === '1',
            period_end: periodEnds[i] ?? null,
            cancelled_ends_at: cancelled[i] ?? null,
            stacked: stacked[i],
            singles: single === null || single === undefined ? {} : { [prizeId]: Number(single) },
            residence_state: states[i] ?? null,
            dob: dobs[i] ?? null,
          },
          // Read for a close: the fold never changes these accounts (stale keys are folded afresh).
          true,
        ),
      );
    }
  }
}

function jsonArray<T>(v: unknown): T[] {
  const parsed: unknown = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(parsed) ? (parsed as T[]) : [];
}

function parseStrings(v: unknown): string[] {
  const parsed: unknown = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(parsed) ? parsed.filter((m): m is string => typeof m === 'string') : [];
}
