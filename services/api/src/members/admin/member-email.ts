import { Router } from 'express';
import { z } from 'zod';
import { memberEmailAnswerSchema } from '@roar/contracts/staff';
import { emailReservationDecider, emailReservationStreamId, memberDecider, memberStreamId, normaliseEmail, text } from '@roar/domain';
import { DomainError, handleCommand } from '@roar/platform';
import { getMember } from '@roar/projections';
import type { AppContext } from '../../context';
import { requireStaff, WRITER_ROLES } from '../../auth/staff-tokens';
import { documentRoute } from '../../http/openapi';
import { executeCommand, sendCommandResult } from '../../http/commands';
import { HttpError } from '../../http/errors';
import { parseBody, parseParams } from '../../http/validate';
import { staffCommandContext } from '../../staff-kit/command-context';
import { emailReservationKeyOf } from '../../secrets';
import { memberIdParams } from './members';

export const EMAIL_TAKEN = 'An account with this email already exists.';

export const supportEmailSchema = z
  .object({
    email: text().trim().max(254).pipe(z.email('Enter a valid email address')),
    reason: text().trim().min(3, 'Give a reason of at least 3 characters').max(500),
  })
  .strict();

/**
 * `PUT /api/admin/members/:id/email` (admin, staff): changes the member's sign-in email under the
 * uniqueness rule sign-up uses. The new address is reserved first (its reservation stream refuses a
 * second holder, so two changes or a sign-up racing for it cannot both win), then the credentials
 * and the member stream follow, and only then is the old address released. A step that fails undoes
 * the reservation, so nothing is left half-changed.
 */
export function memberEmailRouter(app: AppContext): Router {
  const router = Router();
  router.put('/:id/email', requireStaff(app, WRITER_ROLES), async (req, res) => {
    const { id } = parseParams(memberIdParams, req);
    const { email: wanted, reason } = parseBody(supportEmailSchema, req);
    const member = await getMember(app.sql, id);
    if (!member) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const email = normaliseEmail(wanted);
    const previous = normaliseEmail(member.email);
    if (email === previous) {
      res.status(200).json({ id, email, changed: false });
      return;
    }
    const ctx = staffCommandContext(app, req, res, reason);
    const reservation = { stream: emailReservationStreamId(email, emailReservationKeyOf(app)), email, memberId: id };
    try {
      await handleCommand(app.store, app.registry, reservation.stream, emailReservationDecider, { type: 'ReserveEmail', ...pick(reservation) }, ctx);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'conflict') throw new HttpError(409, EMAIL_TAKEN, 'CONFLICT');
      throw error;
    }
    let result;
    try {
      const moved = await app.sql.query(
        'update auth.member_credentials set email = $2 where member_id = $1 and not exists (select 1 from auth.member_credentials where email = $2)',
        [id, email],
      );
      const hasCredentials = (await app.sql.query('select 1 from auth.member_credentials where member_id = $1', [id])).rows.length > 0;
      if (hasCredentials && moved.affectedRows !== 1) throw new HttpError(409, EMAIL_TAKEN, 'CONFLICT');
      result = await executeCommand(app, memberStreamId(id), memberDecider, { type: 'ChangeMemberEmail', memberId: id, email, reason }, ctx, {
        // The staff console shows the member (members) and then its History tab (the event log).
        readModels: ['members', 'event_log'],
      });
    } catch (error) {
      // Undo: the credentials go back (a no-op when they never moved) and the new address is free again.
      await app.sql.query('update auth.member_credentials set email = $2 where member_id = $1 and email = $3', [id, previous, email]);
      await handleCommand(app.store, app.registry, reservation.stream, emailReservationDecider, { type: 'ReleaseEmail', ...pick(reservation) }, ctx);
      throw error;
    }
    try {
      await handleCommand(
        app.store,
        app.registry,
        emailReservationStreamId(previous, emailReservationKeyOf(app)),
        emailReservationDecider,
        { type: 'ReleaseEmail', email: previous, memberId: id },
        ctx,
      );
    } catch (error) {
      // The change stands; an old address still reserved only keeps it from a new sign-up.
      app.logger.warn({ err: error, memberId: id }, 'member email change: the old address was not released');
    }
    sendCommandResult(res, result, 200, { id, email, changed: true });
  });
  return router;
}

const pick = (r: { email: string; memberId: string }) => ({ email: r.email, memberId: r.memberId });

documentRoute({
  method: 'put',
  path: '/api/admin/members/:id/email',
  tag: 'staff',
  auth: 'staff',
  summary:
    "Change the member's sign-in email (admin, staff): the new address is reserved (409 when another account holds it), MemberEmailChanged with a reason, the old address released",
  body: supportEmailSchema,
  response: memberEmailAnswerSchema,
  errors: [400, 401, 403, 404, 409],
});
