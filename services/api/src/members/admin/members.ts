import { Router } from 'express';
import { z } from 'zod';
import { checkoutStreamId, entriesStreamId, memberStreamId } from '@roar/domain';
import type { Sql } from '@roar/platform';
import type { AppContext } from '../../context';
import { requireStaff } from '../../auth/staff-tokens';
import { HttpError } from '../../http/errors';
import { parseParams } from '../../http/validate';
import { historyOf } from '../../staff-kit/history';
import { notifiedWins } from './member-wins';
import { findMember, MEMBER_SORT_FIELDS, memberGrants, memberTotals, searchMembers, searchPayments } from './member-reads';
import { oneOrMany, pageOf, parseListQuery, sendList } from '../../staff-kit/simple-rest';

export const memberFilterSchema = z
  .object({
    q: z.string().max(200).optional(),
    id: oneOrMany(z.string().max(60)).optional(),
    membership_status: oneOrMany(z.string().max(40)).optional(),
    membership_code: oneOrMany(z.string().max(40)).optional(),
  })
  .strict();

export const memberIdParams = z.object({ id: z.string().min(1).max(60) });

/** The member's streams (member, entries ledger, each checkout) merged in log order, oldest first. */
export async function memberHistory(sql: Sql, memberId: string, checkoutIds: readonly string[]) {
  const streams = [memberStreamId(memberId), entriesStreamId(memberId), ...checkoutIds.map(checkoutStreamId)];
  return historyOf(sql, streams);
}

/**
 * Members for staff: search and show. Read-only for every role; entries change only through
 * entry adjustments (commands with a reason). Secrets (password hashes, tokens) live in the
 * auth tables, which these routes never read.
 */
export function membersRouter(app: AppContext): Router {
  const router = Router();
  router.use(requireStaff(app));

  router.get('/', async (req, res) => {
    const query = parseListQuery(req, {
      sortFields: MEMBER_SORT_FIELDS,
      defaultSort: { field: 'registered_at', order: 'DESC' },
      filter: memberFilterSchema,
    });
    const f = query.filter;
    const { offset, limit } = pageOf(query.range, 500);
    const { records, total } = await searchMembers(app.sql, {
      ...(f.q ? { q: f.q } : {}),
      ...(f.id ? { ids: f.id } : {}),
      ...(f.membership_status ? { membershipStatus: f.membership_status } : {}),
      ...(f.membership_code ? { membershipCode: f.membership_code } : {}),
      sort: query.sort.field,
      order: query.sort.order,
      offset,
      limit,
    });
    sendList(res, 'members', records, offset, total);
  });

  router.get('/:id', async (req, res) => {
    const { id } = parseParams(memberIdParams, req);
    const member = await findMember(app.sql, id);
    if (!member) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const [grants, totals, payments, wins] = await Promise.all([
      memberGrants(app.sql, id),
      memberTotals(app.sql, id),
      searchPayments(app.sql, { memberId: id, sort: 'created_at', order: 'DESC', offset: 0, limit: 500 }),
      notifiedWins(app.sql, id),
    ]);
    const history = await memberHistory(
      app.sql,
      id,
      payments.records.flatMap((p) => (p.checkout_id ? [p.checkout_id] : [])),
    );
    res.json({ ...member, entries: { ...totals, grants }, payments: payments.records, history, wins });
  });

  return router;
}
