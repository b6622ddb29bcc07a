import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import { createPermitBodySchema, updatePermitBodySchema, type Permit } from '@roar/contracts/compliance';
import { PERMIT_ENDS_BEFORE_START, permitDecider, permitStreamId } from '@roar/domain';
import { DomainError, handleCommand, loadState } from '@roar/platform';
import type { AppContext } from '../context';
import { requireStaff } from '../auth/staff-tokens';
import { staffCommandContext } from '../staff-kit/command-context';
import { oneOrMany, pageOf, parseListQuery, sendList } from '../staff-kit/simple-rest';
import { HttpError } from '../http/errors';
import { parseBody } from '../http/validate';
import { readPermits } from './permits';
import type { AfterComplianceChange } from './settings-admin';
import { addDocumentUpload } from './documents';

/** The decider's 400 for a permit ending before it starts, named on `valid_to` so the console shows it under that field. */
function onValidTo(error: unknown): never {
  if (error instanceof DomainError && error.message === PERMIT_ENDS_BEFORE_START)
    throw new HttpError(400, error.message, 'INVALID', [
      { message: `valid_to: ${error.message}`, extensions: { code: 'INVALID', field: 'valid_to' } },
    ]);
  throw error;
}

async function permitOf(app: AppContext, id: string): Promise<Permit> {
  const { state } = await loadState(app.store, permitStreamId(id), permitDecider);
  if (state.status !== 'registered') throw new HttpError(404, 'Not found.', 'NOT_FOUND');
  return state.permit;
}

/**
 * `/api/admin/permits`, the permits register (issue 22): every staff user reads it; admins register
 * and edit permits with a reason. A permit ending before it starts is refused (400) by the decider.
 */
export function permitsAdminRouter(app: AppContext, afterChange?: AfterComplianceChange): Router {
  const router = Router();
  const admin = requireStaff(app, ['admin']);
  router.get('/', requireStaff(app), async (req, res) => {
    const q = parseListQuery(req, {
      sortFields: ['valid_from', 'valid_to', 'jurisdiction', 'number'],
      defaultSort: { field: 'valid_from', order: 'DESC' },
      filter: z.object({ id: oneOrMany(z.string().max(200)).optional(), jurisdiction: z.string().max(3).optional() }).strict(),
    });
    const { field, order } = q.sort;
    const all = (await readPermits(app.store))
      .filter((p) => (!q.filter.id || q.filter.id.includes(p.id)) && (!q.filter.jurisdiction || p.jurisdiction === q.filter.jurisdiction))
      .sort((a, b) => (a[field] === b[field] ? 0 : (a[field] < b[field] ? -1 : 1) * (order === 'ASC' ? 1 : -1)));
    const { offset, limit } = pageOf(q.range, 500);
    sendList(res, 'permits', all.slice(offset, offset + limit), offset, all.length);
  });
  router.get('/:id', requireStaff(app), async (req, res) => {
    res.json(await permitOf(app, String(req.params.id)));
  });
  addDocumentUpload(app, router, 'permits', admin);
  router.post('/', admin, async (req, res) => {
    const { reason, ...fields } = parseBody(createPermitBodySchema, req);
    const permitId = randomUUID();
    const ctx = staffCommandContext(app, req, res, reason);
    await handleCommand(app.store, app.registry, permitStreamId(permitId), permitDecider, { type: 'RegisterPermit', permitId, fields }, ctx, {
      mustBeNew: true,
    }).catch(onValidTo);
    if (afterChange) await afterChange(ctx);
    res.status(201).json(await permitOf(app, permitId));
  });
  router.put('/:id', admin, async (req, res) => {
    const { reason, ...changes } = parseBody(updatePermitBodySchema, req);
    const id = String(req.params.id);
    await permitOf(app, id);
    const ctx = staffCommandContext(app, req, res, reason);
    const outcome = await handleCommand(app.store, app.registry, permitStreamId(id), permitDecider, { type: 'UpdatePermit', changes }, ctx).catch(
      onValidTo,
    );
    if (afterChange && outcome.events.length > 0) await afterChange(ctx);
    res.json(await permitOf(app, id));
  });
  return router;
}
