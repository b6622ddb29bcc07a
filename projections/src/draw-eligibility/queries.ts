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
  const members = await tx.query<MemberAggregates>(
    `select json_agg(member_id) as ids,
       string_agg(case when has_tier then '1' else '0' end || case when bonus_draws then '1' else '0' end
         || case when weekly_draws then '1' else '0' end || case when suspended then '1' else '0' end, '') as flags,
       string_agg(stacked::text, ',') as stacked, json_agg(period_end) as period_end, json_agg(cancelled_ends_at) as cancelled,
       json_agg(singles -> $1::text) as single, json_agg(case when last_at_ms > $2::float8 then streams end) as stale,
       json_agg(residence_state) as residence_state, json_agg(dob) as dob
     from ${s}.draw_eligibility_members where stacked > 0 or singles ? $1::text or last_at_ms > $2::float8`,
    [input.prizeId, asOfMs],
  );
  const r = members.rows[0];
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
        accountOfRow({
          has_tier: flags[at] === '1',
          bonus_draws: flags[at + 1] === '1',
          weekly_draws: flags[at + 2] === '1',
          suspended: flags[at + 3] === '1',
          period_end: periodEnds[i] ?? null,
          cancelled_ends_at: cancelled[i] ?? null,
          stacked: stacked[i],
          singles: single === null || single === undefined ? {} : { [input.prizeId]: Number(single) },
          residence_state: states[i] ?? null,
          dob: dobs[i] ?? null,
        }),
      );
    }
  }
  return { cutoff, fold, stale };
}

function jsonArray<T>(v: unknown): T[] {
  const parsed: unknown = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(parsed) ? (parsed as T[]) : [];
}

function parseStrings(v: unknown): string[] {
  const parsed: unknown = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(parsed) ? parsed.filter((m): m is string => typeof m === 'string') : [];
}
