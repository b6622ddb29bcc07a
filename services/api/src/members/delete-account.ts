import { Router } from 'express';
import { ACCOUNT_DELETED_MESSAGE, deleteAccountAnswerSchema, deleteAccountSchema, WRONG_PASSWORD_TO_DELETE } from '@roar/contracts/erasure';
import type { AppContext } from '../context';
import { checkMemberPassword, memberOf, memberPasswordOwner, normaliseMemberEmail, requireMember } from '../auth/member';
import { TOO_MANY_MEMBER_ATTEMPTS, tooManyAttempts, DEFAULT_MEMBER_AUTH_LIMITS } from '../auth/member-routes';
import { createSignInThrottle } from '../auth/sign-in-throttle';
import { memoryThrottleStore } from '../auth/throttle';
import { errorBody } from '../http/errors';
import { documentRoute } from '../http/openapi';
import { parseBody } from '../http/validate';
import { memberCommandContext } from '../kernel/context';
import type { MembersPorts } from '../kernel/ports';
import { eraseMember } from './erase';

/**
 * `POST /api/delete-account` (issue 24): the member deletes their own account, their password
 * re-entered as the confirmation. A wrong password counts against the sign-in throttle (the same
 * counters as `/auth/login`: guessing here is guessing there). On success the account is erased
 * (members/erase.ts) and every session ends; the console clears its own session and signs out.
 */
export function deleteAccountRouter(app: AppContext, ports: MembersPorts): Router {
  const router = Router();
  const throttle = createSignInThrottle(app.throttleStore ?? memoryThrottleStore(), 'member-login', DEFAULT_MEMBER_AUTH_LIMITS.login);
  router.post('/api/delete-account', requireMember(app), async (req, res) => {
    const { memberId } = memberOf(res);
    const { password } = parseBody(deleteAccountSchema, req);
    const owner = await memberPasswordOwner(app.sql, memberId);
    const attempt = { account: normaliseMemberEmail(owner.email ?? memberId), address: req.ip ?? '' };
    const wait = await throttle.wait(attempt);
    if (wait > 0) return tooManyAttempts(res, wait, errorBody({ message: TOO_MANY_MEMBER_ATTEMPTS }));
    if (!(await checkMemberPassword(app.sql, memberId, password))) {
      await throttle.failed(attempt);
      res.status(400).json(errorBody({ message: WRONG_PASSWORD_TO_DELETE }));
      return;
    }
    await throttle.succeeded(attempt);
    await eraseMember(app, ports, memberId, 'member', memberCommandContext(memberId, req, app.now()));
    // Nothing of the session may outlive the account in this browser either.
    res.setHeader('Clear-Site-Data', '"cookies", "storage"');
    res.status(200).json({ deleted: true, message: ACCOUNT_DELETED_MESSAGE });
  });
  return router;
}

documentRoute({
  method: 'post',
  path: '/api/delete-account',
  tag: 'members',
  auth: 'member',
  summary:
    'Delete my account (issue 24): the password re-entered confirms; a running subscription is cancelled, MemberErased recorded, sign-in removed and the email released; an email confirms it',
  body: deleteAccountSchema,
  response: deleteAccountAnswerSchema,
  errors: [400, 401, 409, 429],
});
