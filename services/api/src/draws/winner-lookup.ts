import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import { winnerLookupSchema } from '@roar/contracts/draws';
import { getMember, listPrizes } from '@roar/projections';
import type { Sql } from '@roar/platform';
import type { AppContext } from '../context';
import { requireStaff, staffOf } from '../auth/staff-tokens';
import { documentRoute } from '../http/openapi';
import { HttpError } from '../http/errors';
import { parseParams } from '../http/validate';
import { currentWinnerOf } from '../prizes/view';

const migrated = new WeakSet<Sql>();
/** Who looked up which winner's identity, and when: the draw shows pseudonyms until staff ask. */
async function migrate(sql: Sql): Promise<void> {
  if (migrated.has(sql)) return;
  await sql.exec(`
    create schema if not exists audit;
    create table if not exists audit.winner_lookups (id text primary key, prize_id text not null, member_ids jsonb not null, staff_id text not null, staff_email text not null, looked_up_at timestamptz not null);
    create index if not exists winner_lookups_prize on audit.winner_lookups (prize_id, looked_up_at);`);
  migrated.add(sql);
}

const params = z.object({ id: z.string().min(1).max(200) });

/**
 * `GET /api/admin/prizes/:id/winner`: the current winner's names with their member ids (a team:
 * all four), for staff to reach them. Every look-up is recorded in audit.winner_lookups with the
 * staff user, and the answer carries the look-ups so far.
 */
export function winnerLookupRouter(app: AppContext): Router {
  const router = Router();
  router.get('/:id/winner', requireStaff(app), async (req, res) => {
    const { id } = parseParams(params, req);
    await migrate(app.sql);
    const row = (await listPrizes(app.sql, { ids: [id] }))[0];
    if (!row) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const winner = currentWinnerOf(row.draw);
    if (!winner) throw new HttpError(409, 'There is no winner to show yet.', 'CONFLICT');
    const staff = staffOf(res);
    await app.sql.query(
      'insert into audit.winner_lookups (id, prize_id, member_ids, staff_id, staff_email, looked_up_at) values ($1, $2, $3, $4, $5, $6)',
      [randomUUID(), id, JSON.stringify(winner.member_ids), staff.id, staff.email, app.now().toISOString()],
    );
    const members = await Promise.all(winner.member_ids.map((m) => getMember(app.sql, m)));
    const lookups = await app.sql.query<{ staff_email: string; looked_up_at: unknown }>(
      'select staff_email, looked_up_at from audit.winner_lookups where prize_id = $1 order by looked_up_at desc limit 20',
      [id],
    );
    res.json({
      prize_id: id,
      winners: winner.member_ids.map((m, i) => ({
        member_id: m,
        name: members[i] ? `${members[i]!.firstname} ${members[i]!.lastname}` : null,
        email: members[i]?.email ?? null,
      })),
      lookups: lookups.rows.map((l) => ({
        staff_email: l.staff_email,
        looked_up_at: l.looked_up_at instanceof Date ? l.looked_up_at.toISOString() : String(l.looked_up_at),
      })),
    });
  });
  return router;
}

documentRoute({
  method: 'get',
  path: '/api/admin/prizes/:id/winner',
  tag: 'staff',
  auth: 'staff',
  summary: "The current winner's names and member ids; each look-up is recorded with the staff user",
  response: winnerLookupSchema,
  errors: [401, 404, 409],
});
