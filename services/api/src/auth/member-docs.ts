import {
  changePasswordSchema,
  emptyAnswerSchema,
  memberLoginSchema,
  memberLogoutSchema,
  memberRefreshSchema,
  memberSessionAnswerSchema,
  passwordAnswerSchema,
  resetPasswordSchema,
  updatePasswordSchema,
} from '@roar/contracts/auth';
import { documentRoute } from '../http/openapi';

documentRoute({
  method: 'post',
  path: '/auth/login',
  tag: 'member auth',
  summary: 'Member sign-in',
  body: memberLoginSchema,
  response: memberSessionAnswerSchema,
  errors: [400, 401, 429],
});
documentRoute({
  method: 'post',
  path: '/auth/refresh',
  tag: 'member auth',
  summary: 'New tokens for a refresh token (single use; reusing one ends that session)',
  body: memberRefreshSchema,
  response: memberSessionAnswerSchema,
  errors: [400, 401],
});
documentRoute({
  method: 'post',
  path: '/auth/logout',
  tag: 'member auth',
  summary: "Log out: ends the refresh token's session (its family) and that session's access tokens at once",
  body: memberLogoutSchema,
  response: emptyAnswerSchema,
  errors: [400],
});
documentRoute({
  method: 'post',
  path: '/api/reset-password',
  tag: 'member auth',
  summary: 'Email a password reset link (same answer for unknown emails)',
  body: resetPasswordSchema,
  response: passwordAnswerSchema,
  errors: [400, 429],
});
documentRoute({
  method: 'post',
  path: '/api/change-password',
  tag: 'member auth',
  summary: 'Set a new password with a reset link token; ends every session',
  body: changePasswordSchema,
  response: passwordAnswerSchema,
  errors: [400],
});
documentRoute({
  method: 'patch',
  path: '/api/update-password',
  tag: 'member auth',
  summary: 'Change the password (needs the current one); ends the other sessions',
  body: updatePasswordSchema,
  response: emptyAnswerSchema,
  auth: 'member',
  errors: [400, 401],
});
