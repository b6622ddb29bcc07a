import { Router } from 'express';
import { z } from 'zod';
import type { AdminTeam } from '@roar/contracts/teams';
import { entriesStreamId, teamStreamId } from '@roar/domain';
import { getMember, getTeam, searchTeams, TEAM_SORT_FIELDS, type TeamWithMembers } from '@roar/projections';
import type { Sql } from '@roar/platform';
import type { AppContext } from '../context';
import { requireStaff } from '../auth/staff-tokens';
import { HttpError } from '../http/errors';
import { parseParams } from '../http/validate';
import { oneOrMany, pageOf, parseListQuery, sendList } from '../staff-kit/simple-rest';
import { causedBy, historyOf } from '../staff-kit/history';

export const teamFilterSchema = z
  .object({
    id: oneOrMany(z.string().max(100)).optional(),
    status: oneOrMany(z.enum(['open', 'complete'])).optional(),
    captain_id: z.string().max(100).optional(),
    member_id: z.string().max(100).optional(),
    q: z.string().trim().max(200).optional(),
  })
  .strict();

/** A team for staff: captain, each seat with its payment state, completion. */
export async function toAdminTeam(sql: Sql, t: TeamWithMembers): Promise<AdminTeam> {
  const ids = [...new Set(t.members.flatMap((m) => (m.member_id ? [m.member_id] : [])))];
  const people = new Map((await Promise.all(ids.map((id) => getMember(sql, id)))).flatMap((m) => (m ? [[m.id, m] as const] : [])));
  const nameOf = (id: string | null) => {
    const m = id ? people.get(id) : undefined;
    return m ? `${m.firstname} ${m.lastname}`.trim() : null;
  };
  return {
    id: t.id,
    status: t.status,
    captain_id: t.captain_id,
    captain_name: nameOf(t.captain_id),
    captain_email: t.captain_email,
    paid_mates: t.paid_mates,
    started_at: t.started_at,
    completed_at: t.completed_at,
    members: t.members.map((m) => ({
      id: m.id,
      role: m.role,
      member_id: m.member_id,
      name: nameOf(m.member_id),
      email: m.email,
      status: m.status,
      invite_id: m.invite_id,
      expires_at: m.expires_at,
      paid_at: m.paid_at,
      payment_id: m.payment_id,
      benefit_until: m.benefit_until,
      refunded_at: m.refunded_at,
      refund_reason: m.refund_reason,
    })),
  };
}

/** /api/admin/teams: read-only for every staff role (auditors included). */
export function adminTeamsRouter(app: AppContext): Router {
  const router = Router();
  router.use(requireStaff(app));

  router.get('/', async (req, res) => {
    const query = parseListQuery(req, {
      sortFields: TEAM_SORT_FIELDS,
      defaultSort: { field: 'started_at', order: 'DESC' },
      filter: teamFilterSchema,
    });
    const f = query.filter;
    const { offset, limit } = pageOf(query.range, 500);
    const { records, total } = await searchTeams(app.sql, {
      ...(f.id ? { ids: f.id } : {}),
      ...(f.status ? { status: f.status } : {}),
      ...(f.captain_id ? { captainId: f.captain_id } : {}),
      ...(f.member_id ? { memberId: f.member_id } : {}),
      ...(f.q ? { q: f.q } : {}),
      sort: query.sort.field,
      order: query.sort.order,
      offset,
      limit,
    });
    sendList(res, 'teams', await Promise.all(records.map((t) => toAdminTeam(app.sql, t))), offset, total);
  });

  router.get('/:id', async (req, res) => {
    const { id } = parseParams(z.object({ id: z.string().min(1).max(100) }), req);
    const team = await getTeam(app.sql, id);
    if (!team) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const ledgers = team.members.flatMap((m) => (m.member_id ? [entriesStreamId(m.member_id)] : []));
    const events = await historyOf(app.sql, [teamStreamId(id)], ledgers, causedBy(`team:${id}:`));
    res.json({ ...(await toAdminTeam(app.sql, team)), events });
  });

  return router;
}
