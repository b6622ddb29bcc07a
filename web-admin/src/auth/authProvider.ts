import type { AuthProvider } from 'react-admin';
import { canRole } from './permissions';
import { loginResponseSchema, session } from './session';
import { signIn, signInNotice } from './sign-in';

export const authProvider: AuthProvider = {
  /**
   * The password step ({email, password}); the second step ({challenge, code} or {challenge,
   * recovery_code}); or, after an enrolment, the session it answered ({token, user}). A password
   * step that needs a second factor throws SecondStepRequired for the sign-in page to go on with.
   */
  async login(params: {
    username?: string;
    email?: string;
    password?: string;
    challenge?: string;
    code?: string;
    recovery_code?: string;
    token?: string;
    user?: unknown;
  }) {
    const given = loginResponseSchema.safeParse(params);
    if (params.token && given.success) {
      session.save(given.data.token, given.data.user);
      return;
    }
    if (params.challenge !== undefined) {
      await signIn(
        params.recovery_code !== undefined
          ? { challenge: params.challenge, recovery_code: params.recovery_code }
          : { challenge: params.challenge, code: params.code ?? '' },
      );
      return;
    }
    await signIn({ email: params.email ?? params.username ?? '', password: params.password ?? '' });
  },
  async logout() {
    // End the session on the server first, so a copy of the token stops working (issue 19).
    // Refused (already ended) or offline, the console still forgets it.
    const token = session.token();
    if (token) {
      await fetch('/api/admin/auth/logout', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: '{}',
      }).catch(() => undefined);
    }
    session.clear();
  },
  async checkAuth() {
    if (!session.token() || !session.user()) throw new Error('Please sign in.');
  },
  async checkError(error: { status?: number }) {
    // 401: the token expired or the account is gone. 403 is a refused action, not a lost session.
    if (error.status === 401) {
      session.clear();
      signInNotice.leave('Your session has ended. Please sign in again.');
      throw new Error('Your session has ended. Please sign in again.');
    }
  },
  async getIdentity() {
    const user = session.user();
    if (!user) throw new Error('Please sign in.');
    return { id: user.id, fullName: `${user.name} (${user.role})` };
  },
  async getPermissions() {
    return session.user()?.role ?? null;
  },
  async canAccess({ action, resource }) {
    const role = session.user()?.role;
    return role ? canRole(role, resource, action) : false;
  },
};
