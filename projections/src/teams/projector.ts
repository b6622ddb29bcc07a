import { z } from 'zod';
import {
  TEAM_RULES,
  type InviteExpiredEvent,
  type MateInvitedEvent,
  type MatePaymentRecordedEvent,
  type MatePaymentRefundedEvent,
  type TeamCompletedEvent,
  type TeamStartedEvent,
} from '@roar/domain';
import { ident, type RecordedEvent, type Sql } from '@roar/platform';
import { createTableSql, decodeAll, isoInstant, loadRows, occurredAt, upsertRows, type Columns } from '../runner/table';
import type { ApplyContext, Projector } from '../runner/projector';
import { withErasure } from '../runner/erasure';

export const TEAM_COLUMNS: Columns = [
  ['id', 'text'],
  ['captain_id', 'text'],
  ['captain_email', 'text'],
  ['status', 'text'],
  ['paid_mates', 'integer'],
  ['started_at', 'timestamptz'],
  ['completed_at', 'timestamptz', 'null'],
  ['updated_at', 'timestamptz'],
];

/** A seat of a team: the captain's (`captain:<teamId>`) or one invite's (the invite id). */
export const TEAM_MEMBER_COLUMNS: Columns = [
  ['id', 'text'],
  ['team_id', 'text'],
  ['role', 'text'],
  ['email', 'text'],
  ['member_id', 'text', 'null'],
  ['status', 'text'],
  ['invite_id', 'text', 'null'],
  ['expires_at', 'timestamptz', 'null'],
  ['joined_at', 'timestamptz'],
  ['paid_at', 'timestamptz', 'null'],
  ['payment_id', 'text', 'null'],
  ['benefit_until', 'timestamptz', 'null'],
  ['refunded_at', 'timestamptz', 'null'],
  ['refund_reason', 'text', 'null'],
];

export const teamRowSchema = z.object({
  id: z.string(),
  captain_id: z.string(),
  captain_email: z.string(),
  status: z.enum(['open', 'complete']),
  paid_mates: z.number().int(),
  started_at: isoInstant,
  completed_at: isoInstant.nullable(),
  updated_at: isoInstant,
});
export type TeamRow = z.infer<typeof teamRowSchema>;

export const teamMemberRowSchema = z.object({
  id: z.string(),
  team_id: z.string(),
  role: z.enum(['captain', 'mate']),
  email: z.string(),
  member_id: z.string().nullable(),
  /** `refunded`: the mate's fee was refunded (an open team's mate left; a complete team's stays one of the four). */
  status: z.enum(['captain', 'pending', 'paid', 'expired', 'refunded']),
  invite_id: z.string().nullable(),
  expires_at: isoInstant.nullable(),
  /** When the captain started the team, or the invite was sent. */
  joined_at: isoInstant,
  paid_at: isoInstant.nullable(),
  payment_id: z.string().nullable(),
  /** A paid mate's benefit programme (rewards access) runs until this instant; a refund ends it then. */
  benefit_until: isoInstant.nullable(),
  refunded_at: isoInstant.nullable(),
  refund_reason: z.string().nullable(),
});
export type TeamMemberRow = z.infer<typeof teamMemberRowSchema>;

async function migrate(tx: Sql, schema: string): Promise<void> {
  const s = ident(schema);
  await tx.exec(`
    ${createTableSql(schema, 'teams', TEAM_COLUMNS, 'id')};
    create index if not exists teams_captain on ${s}.teams (captain_id, started_at);
    ${createTableSql(schema, 'team_members', TEAM_MEMBER_COLUMNS, 'id')};
    create index if not exists team_members_team on ${s}.team_members (team_id);
    create index if not exists team_members_member on ${s}.team_members (member_id);
    create index if not exists team_members_pending on ${s}.team_members (status, expires_at);
  `);
}

/** The benefit months after payment, on the calendar (UTC). */
export function benefitUntil(paidAt: string): string {
  const d = new Date(paidAt);
  d.setUTCMonth(d.getUTCMonth() + TEAM_RULES.benefitMonths);
  return d.toISOString();
}

const captainSeat = (teamId: string): string => `captain:${teamId}`;

async function apply(tx: Sql, events: readonly RecordedEvent[], ctx: ApplyContext): Promise<void> {
  const decoded = decodeAll(events, ctx, 'teams');
  const teamIds = decoded.map((e) => (e.data as { teamId: string }).teamId);
  const teams = new Map((await loadRows(tx, ctx.schema, 'teams', 'id', teamIds, teamRowSchema, ctx)).map((r) => [r.id, r]));
  const seats = new Map((await loadRows(tx, ctx.schema, 'team_members', 'team_id', teamIds, teamMemberRowSchema, ctx)).map((r) => [r.id, r]));
  const touchedTeams = new Set<string>();
  const touchedSeats = new Set<string>();
  for (const e of decoded) {
    const at = occurredAt(e);
    const teamId = (e.data as { teamId: string }).teamId;
    const team = teams.get(teamId);
    if (e.type === 'TeamStarted') {
      const d = e.data as TeamStartedEvent['data'];
      const started = new Date(d.startedAt).toISOString();
      teams.set(teamId, {
        id: teamId,
        captain_id: d.captainId,
        captain_email: d.captainEmail,
        status: 'open',
        paid_mates: 0,
        started_at: started,
        completed_at: null,
        updated_at: at,
      });
      seats.set(captainSeat(teamId), {
        id: captainSeat(teamId),
        team_id: teamId,
        role: 'captain',
        email: d.captainEmail,
        member_id: d.captainId,
        status: 'captain',
        invite_id: null,
        expires_at: null,
        joined_at: started,
        paid_at: null,
        payment_id: null,
        benefit_until: null,
        refunded_at: null,
        refund_reason: null,
      });
      touchedTeams.add(teamId);
      touchedSeats.add(captainSeat(teamId));
      continue;
    }
    if (!team) {
      ctx.logger.warn({ eventId: e.id, type: e.type, teamId }, 'teams: event for an unknown team skipped');
      continue;
    }
    switch (e.type) {
      case 'MateInvited': {
        const d = e.data as MateInvitedEvent['data'];
        seats.set(d.inviteId, {
          id: d.inviteId,
          team_id: teamId,
          role: 'mate',
          email: d.email,
          member_id: null,
          status: 'pending',
          invite_id: d.inviteId,
          expires_at: new Date(d.expiresAt).toISOString(),
          joined_at: new Date(d.invitedAt).toISOString(),
          paid_at: null,
          payment_id: null,
          benefit_until: null,
          refunded_at: null,
          refund_reason: null,
        });
        touchedSeats.add(d.inviteId);
        break;
      }
      case 'MatePaymentRecorded': {
        const d = e.data as MatePaymentRecordedEvent['data'];
        const seat = seats.get(d.inviteId);
        if (!seat) break;
        const paidAt = new Date(d.paidAt).toISOString();
        seats.set(d.inviteId, {
          ...seat,
          status: 'paid',
          member_id: d.memberId,
          paid_at: paidAt,
          payment_id: d.paymentId,
          benefit_until: benefitUntil(paidAt),
        });
        teams.set(teamId, { ...team, paid_mates: team.paid_mates + 1, updated_at: at });
        touchedSeats.add(d.inviteId);
        touchedTeams.add(teamId);
        break;
      }
      case 'InviteExpired': {
        const d = e.data as InviteExpiredEvent['data'];
        const seat = seats.get(d.inviteId);
        if (!seat) break;
        seats.set(d.inviteId, { ...seat, status: 'expired' });
        touchedSeats.add(d.inviteId);
        break;
      }
      case 'MatePaymentRefunded': {
        const d = e.data as MatePaymentRefundedEvent['data'];
        const seat = seats.get(d.inviteId);
        if (!seat || seat.status !== 'paid') break;
        const refundedAt = new Date(d.refundedAt).toISOString();
        // The benefit month ends with the refund; current-user's team_benefit reads only paid seats.
        const until = seat.benefit_until && Date.parse(seat.benefit_until) < Date.parse(refundedAt) ? seat.benefit_until : refundedAt;
        seats.set(d.inviteId, { ...seat, status: 'refunded', benefit_until: until, refunded_at: refundedAt, refund_reason: d.reason });
        teams.set(teamId, { ...team, paid_mates: Math.max(0, team.paid_mates - 1), updated_at: at });
        touchedSeats.add(d.inviteId);
        touchedTeams.add(teamId);
        break;
      }
      case 'TeamCompleted': {
        const d = e.data as TeamCompletedEvent['data'];
        teams.set(teamId, { ...team, status: 'complete', completed_at: new Date(d.completedAt).toISOString(), updated_at: at });
        touchedTeams.add(teamId);
        break;
      }
      default:
        break;
    }
  }
  await upsertRows(
    tx,
    ctx.schema,
    'teams',
    TEAM_COLUMNS,
    'id',
    [...touchedTeams].map((k) => teams.get(k)!),
  );
  await upsertRows(
    tx,
    ctx.schema,
    'team_members',
    TEAM_MEMBER_COLUMNS,
    'id',
    [...touchedSeats].map((k) => seats.get(k)!),
  );
}

export const teamsProjector: Projector = withErasure(
  {
    name: 'teams',
    version: 2,
    tables: [
      { name: 'teams', primaryKey: ['id'] },
      { name: 'team_members', primaryKey: ['id'] },
    ],
    handles: ['TeamStarted', 'MateInvited', 'MatePaymentRecorded', 'InviteExpired', 'TeamCompleted', 'MatePaymentRefunded'],
    migrate,
    apply,
  },
  [
    { table: 'teams', member: 'captain_id', columns: { captain_email: 'email' } },
    // The mates' addresses are what the captain gave (erased with the captain), and a mate's own seat with the mate.
    { table: 'team_members', member: 'member_id', columns: { refund_reason: 'text' } },
    {
      table: 'team_members',
      member: { where: 'member_id = $1 or team_id in (select id from {s}.teams where captain_id = $1)' },
      columns: { email: 'email' },
    },
  ],
);
