import { Router } from 'express';
import { z } from 'zod';
import { approvalDecider, approvalStreamId } from '@roar/domain';
import { countPendingApprovals, getApproval, listApprovals } from '@roar/projections';
import { registerWaitingCounter } from '../staff-kit/waiting-counters';
import type { AppContext } from '../context';
import { requireStaff, staffOf, WRITER_ROLES } from '../auth/staff-tokens';
import { staffCommandContext } from '../staff-kit/command-context';
import { oneOrMany, pageOf, parseListQuery, sendList } from '../staff-kit/simple-rest';
import { approvalApproveSchema, approvalDeclineSchema, approvalStatusSchema } from '@roar/contracts/staff';
import { executeCommand } from '../http/commands';
import { HttpError } from '../http/errors';
import { parseBody, parseParams } from '../http/validate';
import { approveAndCarryOut } from './request';
import { approvalRecords } from './view';

const statusSchema = approvalStatusSchema;
const filterSchema = z.object({ id: oneOrMany(z.string().max(100)).optional(), status: oneOrMany(statusSchema).optional() }).strict();
const idParams = z.object({ id: z.uuid() });

/**
 * `/api/admin/approvals`: the four-eyes queue ("waiting for approval": filter status pending) and
 * history, newest first, with both staff users' names; approve and decline. Auditors read it.
 */
export function approvalsRouter(app: AppContext): Router {
  const router = Router();
  registerWaitingCounter({ name: 'Approval requests', count: countPendingApprovals });
  const anyStaff = requireStaff(app);
  const writers = requireStaff(app, WRITER_ROLES);

  router.get('/', anyStaff, async (req, res) => {
    const query = parseListQuery(req, { sortFields: ['requested_at'], defaultSort: { field: 'requested_at', order: 'DESC' }, filter: filterSchema });
    const { offset, limit } = pageOf(query.range);
    const page = await listApprovals(app.sql, {
      ...(query.filter.status ? { status: query.filter.status } : {}),
      ...(query.filter.id ? { ids: query.filter.id } : {}),
      offset,
      limit,
    });
    sendList(res, 'approvals', await approvalRecords(app.sql, page.records, staffOf(res)), offset, page.total);
  });

  const show = async (id: string, res: Parameters<typeof staffOf>[0]) => {
    const row = await getApproval(app.sql, id);
    if (!row) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const [record] = await approvalRecords(app.sql, [row], staffOf(res));
    return record;
  };

  router.get('/:id', anyStaff, async (req, res) => {
    const { id } = parseParams(idParams, req);
    res.json(await show(id, res));
  });

  router.post('/:id/approve', writers, async (req, res) => {
    const { id } = parseParams(idParams, req);
    parseBody(approvalApproveSchema, req);
    await approveAndCarryOut(app, req, res, id);
    res.json(await show(id, res));
  });

  router.post('/:id/decline', writers, async (req, res) => {
    const { id } = parseParams(idParams, req);
    const { reason } = parseBody(approvalDeclineSchema, req);
    const ctx = staffCommandContext(app, req, res, reason);
    await executeCommand(app, approvalStreamId(id), approvalDecider, { type: 'DeclineRequest', by: staffOf(res).id, reason }, ctx, {
      readModels: ['approvals'],
    });
    res.json(await show(id, res));
  });

  return router;
}
