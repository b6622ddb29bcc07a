import { Router } from 'express';
import { z } from 'zod';
import { clubDay } from '@roar/contracts/time';
import { AU_STATES } from '@roar/contracts/common';
import { memberResidenceAnswerSchema } from '@roar/contracts/staff';
import { memberDecider, memberStreamId, text, type ProfileChanges } from '@roar/domain';
import { getMember } from '@roar/projections';
import type { AppContext } from '../../context';
import { requireStaff, WRITER_ROLES } from '../../auth/staff-tokens';
import { documentRoute } from '../../http/openapi';
import { executeCommand, sendCommandResult } from '../../http/commands';
import { HttpError } from '../../http/errors';
import { parseBody, parseParams } from '../../http/validate';
import { staffCommandContext } from '../../staff-kit/command-context';
import { memberIdParams } from './members';

export const staffResidenceSchema = z
  .object({
    state: z.enum(AU_STATES, 'Please choose a state or territory (state).').nullable().optional(),
    dob: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a valid date of birth (dob).')
      .nullable()
      .optional(),
    reason: text().trim().min(3, 'Give a reason of at least 3 characters').max(500),
  })
  .strict();

/**
 * `PUT /api/admin/members/:id/residence` (admin, staff; issue 22): corrects the member's state and
 * date of birth. The change is a MemberProfileUpdated carrying `correction: { reason }` (the staff
 * actor in its metadata), so it shows in the member's history with the reason.
 */
export function memberResidenceRouter(app: AppContext): Router {
  const router = Router();
  router.put('/:id/residence', requireStaff(app, WRITER_ROLES), async (req, res) => {
    const { id } = parseParams(memberIdParams, req);
    const { state, dob, reason } = parseBody(staffResidenceSchema, req);
    if (dob) {
      const day = new Date(`${dob}T00:00:00Z`);
      if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== dob)
        throw new HttpError(400, 'Please enter a valid date of birth (dob).', 'INVALID');
      if (dob > clubDay(app.now())) throw new HttpError(400, 'Your date of birth (dob) cannot be in the future.', 'INVALID');
    }
    const member = await getMember(app.sql, id);
    if (!member) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const changes: ProfileChanges = { ...(state !== undefined ? { state } : {}), ...(dob !== undefined ? { dob } : {}) };
    const ctx = staffCommandContext(app, req, res, reason);
    const result = await executeCommand(
      app,
      memberStreamId(id),
      memberDecider,
      { type: 'UpdateMemberProfile', memberId: id, changes, correction: { reason } },
      ctx,
      { readModels: ['members', 'event_log'] },
    );
    const after = result.state.status === 'absent' ? null : result.state.profile;
    sendCommandResult(res, result, 200, {
      id,
      state: (after?.state ?? null) as z.infer<typeof memberResidenceAnswerSchema>['state'],
      dob: after?.dob ?? null,
      changed: result.events.length > 0,
    });
  });
  return router;
}

documentRoute({
  method: 'put',
  path: '/api/admin/members/:id/residence',
  tag: 'staff',
  auth: 'staff',
  summary:
    "Correct the member's state and date of birth (admin, staff) with a reason: MemberProfileUpdated with correction.reason, in the member's history",
  body: staffResidenceSchema,
  response: memberResidenceAnswerSchema,
  errors: [400, 401, 403, 404],
});
