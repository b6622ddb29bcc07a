import type { Sql } from '@roar/platform';
import { handicapRowSchema, type HandicapRow } from '../clubhouse/projector';
import { singleEntryRowSchema, type SingleEntryRow } from '../single-entries';
import { teamMemberRowSchema, type TeamMemberRow } from '../teams/projector';
import { memberRowSchema, type MemberRow } from './row';

/** Everything the member console's current-user answer shows of one member, read together. */
export interface MemberSnapshot {
  readonly member: MemberRow;
  /** Newest first. */
  readonly singleEntries: SingleEntryRow[];
  /** The card of the latest paid payment that recorded one. */
  readonly card: { brand: string; last4: string } | null;
  /** The latest team-mate benefit still running at `at`. */
  readonly teamBenefit: TeamMemberRow | null;
  readonly handicap: HandicapRow | null;
}

/**
 * One statement for what getMember, listSingleEntries, lastCard, activeTeamBenefit and
 * getHandicap read one by one: every answer to a member's command ends with this read, and on the
 * embedded database each statement is a turn of its one connection.
 */
export async function memberSnapshot(sql: Sql, memberId: string, at: Date): Promise<MemberSnapshot | null> {
  const r = await sql.query<{ member: unknown; single_entries: unknown; card: unknown; team_benefit: unknown; handicap: unknown }>(
    `select (select to_jsonb(m) from read.members m where m.id = $1) as member,
       (select coalesce(jsonb_agg(to_jsonb(s) order by s.purchased_at desc, s.id), '[]'::jsonb) from read.single_entries s where s.member_id = $1) as single_entries,
       (select jsonb_build_object('brand', p.card_brand, 'last4', p.card_last4) from read.payments p
         where p.member_id = $1 and p.status = 'paid' and p.card_last4 is not null
         order by p.completed_at desc nulls last, p.created_at desc limit 1) as card,
       (select to_jsonb(t) from read.team_members t where t.member_id = $1 and t.status = 'paid' and t.benefit_until > $2 order by t.benefit_until desc limit 1) as team_benefit,
       (select to_jsonb(h) from read.handicaps h where h.id = $1) as handicap`,
    [memberId, at.toISOString()],
  );
  const row = r.rows[0];
  if (!row?.member) return null;
  const json = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);
  const card = json(row.card) as { brand: string; last4: string } | null;
  return {
    member: memberRowSchema.parse(json(row.member)),
    singleEntries: (json(row.single_entries) as unknown[]).map((e) => singleEntryRowSchema.parse(e)),
    card: card ? { brand: card.brand, last4: card.last4 } : null,
    teamBenefit: row.team_benefit ? teamMemberRowSchema.parse(json(row.team_benefit)) : null,
    handicap: row.handicap ? handicapRowSchema.parse(json(row.handicap)) : null,
  };
}
