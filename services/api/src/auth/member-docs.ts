import { z } from 'zod';
import { documentRoute } from '../http/openapi';
import { changeSchema, loginSchema, logoutSchema, refreshSchema, resetSchema, updateSchema } from './member-routes';

const session = z.object({ access_token: z.string(), refresh_token: z.string(), expires: z.number().int().describe('access-token lifetime in ms') });
const errorString = z.object({ error: z.string() });

documentRoute({ method: 'post', path: '/auth/login', tag: 'member auth', summary: 'Member sign-in', body: loginSchema, response: z.object({ data: session }), errors: [400, 401, 429] });
documentRoute({
  method: 'post',
  path: '/auth/refresh',
  tag: 'member auth',
  summary: 'New tokens for a refresh token (single use; reusing one ends that session)',
  body: refreshSchema,
  response: z.object({ data: session }),
  errors: [400, 401],
});
documentRoute({
  method: 'post',
  path: '/auth/logout',
  tag: 'member auth',
  summary: "Log out: ends the refresh token's session (its family) and that session's access tokens at once",
  body: logoutSchema,
  response: z.object({}),
  errors: [400],
});
documentRoute({ method: 'post', path: '/api/reset-password', tag: 'member auth', summary: 'Email a password reset link (same answer for unknown emails)', body: resetSchema, response: errorString, errors: [400, 429] });
documentRoute({ method: 'post', path: '/api/change-password', tag: 'member auth', summary: 'Set a new password with a reset link token; ends every session', body: changeSchema, response: errorString, errors: [400] });
documentRoute({
  method: 'patch',
  path: '/api/update-password',
  tag: 'member auth',
  summary: 'Change the password (needs the current one); ends the other sessions',
  body: updateSchema,
  response: z.object({}),
  auth: 'member',
  errors: [400, 401],
});
