import { Router } from 'express';
import { z } from 'zod';
import {
  int4,
  membershipStatusSchema,
  membershipTierDecider,
  membershipTierStreamId,
  membershipTypeSchema,
  type MembershipTierState,
} from '@roar/domain';
import { WrongExpectedRevisionError } from '@roar/platform';
import { getMembership, listMemberships, toMembershipResource, type MembershipRow } from '@roar/projections';
import type { AppContext } from '../../context';
import { requireStaff, WRITER_ROLES } from '../../auth/staff-tokens';
import { executeCommand, sendCommandResult } from '../../http/commands';
import { HttpError } from '../../http/errors';
import { parseBody, parseParams } from '../../http/validate';
import { sequenceDecider, staffCommandContext } from '../../staff-kit/command-context';
import { membershipCreateSchema, membershipEditCommands, parseMembershipEdit } from './membership-edits';
import { oneOrMany, pageOf, parseListQuery, sendList } from '../../staff-kit/simple-rest';

/** The console's record: the spec's Membership (money in dollars) plus the stored cents. */
export function toAdminMembership(row: MembershipRow) {
  return {
    ...toMembershipResource(row),
    price_cents: row.price_cents,
    cashback_maximum_cents: row.cashback_maximum_cents,
    currency: row.currency,
    updated_at: row.updated_at,
  };
}
export type AdminMembership = ReturnType<typeof toAdminMembership>;

const SORT_FIELDS = [
  'id',
  'sort',
  'tier',
  'code',
  'status',
  'type',
  'price',
  'price_cents',
  'initial_tickets',
  'cumulative_tickets',
  'visible',
  'updated_at',
] as const;

const filterSchema = z
  .object({
    id: oneOrMany(z.coerce.number().pipe(int4())).optional(),
    status: oneOrMany(membershipStatusSchema).optional(),
    type: oneOrMany(membershipTypeSchema).optional(),
    visible: z.boolean().optional(),
    q: z.string().max(100).optional(),
  })
  .strict();

export const idParams = z.object({ id: z.coerce.number().int().positive().max(1_000_000) });

/** The record a decided state stands for: answers do not depend on the read model having caught up. */
function fromState(state: MembershipTierState, updatedAt: Date): AdminMembership {
  if (state.status === 'absent') throw new HttpError(404, 'Not found.', 'NOT_FOUND');
  return toAdminMembership({ id: state.membershipId, status: state.status, ...state.fields, updated_at: updatedAt.toISOString() });
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

export function membershipsRouter(app: AppContext): Router {
  const router = Router();
  const decider = sequenceDecider(membershipTierDecider);

  router.get('/', requireStaff(app), async (req, res) => {
    const query = parseListQuery(req, { sortFields: SORT_FIELDS, defaultSort: { field: 'sort', order: 'ASC' }, filter: filterSchema });
    const { id, status, type, visible, q } = query.filter;
    // The catalogue is a handful of rows: filter, sort and page them here, whatever the read model offers.
    const rows = await listMemberships(app.sql, { ...(status ? { statuses: status } : {}), ...(id ? { ids: id } : {}) });
    const needle = q?.toLowerCase();
    const records = rows
      .map(toAdminMembership)
      .filter((r) => (!type || type.includes(r.type as never)) && (visible === undefined || r.visible === visible))
      .filter((r) => !needle || r.tier.toLowerCase().includes(needle) || r.code.includes(needle))
      .sort((a, b) => {
        const c = compare(a[query.sort.field], b[query.sort.field]) || a.id - b.id;
        return query.sort.order === 'ASC' ? c : -c;
      });
    const { offset, limit } = pageOf(query.range);
    sendList(res, 'memberships', records.slice(offset, offset + limit), offset, records.length);
  });

  router.get('/:id', requireStaff(app), async (req, res) => {
    const { id } = parseParams(idParams, req);
    const row = await getMembership(app.sql, id);
    if (!row) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    res.json(toAdminMembership(row));
  });

  router.put('/:id', requireStaff(app, WRITER_ROLES), async (req, res) => {
    const { id } = parseParams(idParams, req);
    const row = await getMembership(app.sql, id);
    if (!row) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const edit = parseMembershipEdit(req.body, toAdminMembership(row));
    const commands = membershipEditCommands(id, edit, row);
    if (commands.length === 0) {
      res.json(toAdminMembership(row));
      return;
    }
    const ctx = staffCommandContext(app, req, res, edit.reason);
    const result = await executeCommand(app, membershipTierStreamId(id), decider, commands, ctx);
    sendCommandResult(res, result, 200, fromState(result.state, ctx.occurredAt));
  });

  router.post('/', requireStaff(app, ['admin']), async (req, res) => {
    const input = parseBody(membershipCreateSchema, req);
    const id = input.id ?? Math.max(0, ...(await listMemberships(app.sql, {})).map((r) => r.id)) + 1;
    const ctx = staffCommandContext(app, req, res, input.reason);
    try {
      const command = { type: 'DefineMembershipTier', membershipId: id, status: input.status, fields: input.fields } as const;
      const result = await executeCommand(app, membershipTierStreamId(id), decider, [command], ctx, { mustBeNew: true });
      sendCommandResult(res, result, 201, fromState(result.state, ctx.occurredAt));
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw new HttpError(409, `Membership ${id} already exists.`, 'CONFLICT');
      throw error;
    }
  });

  return router;
}
