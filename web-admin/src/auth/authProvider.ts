import type { AuthProvider } from 'react-admin';
import { firstErrorMessage } from '../httpErrors';
import { canRole } from './permissions';
import { loginResponseSchema, session } from './session';

export const authProvider: AuthProvider = {
  async login(params: { username?: string; email?: string; password?: string }) {
    const response = await fetch('/api/admin/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email: params.email ?? params.username ?? '', password: params.password ?? '' }),
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) throw new Error(firstErrorMessage(body) ?? 'Sign-in failed. Try again.');
    const parsed = loginResponseSchema.safeParse(body);
    if (!parsed.success) throw new Error('Sign-in failed. Try again.');
    session.save(parsed.data.token, parsed.data.user);
  },
  async logout() {
    // End the session on the server first, so a copy of the token stops working (issue 19).
    // Refused (already ended) or offline, the console still forgets it.
    const token = session.token();
    if (token) {
      await fetch('/api/admin/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' }).catch(() => undefined);
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
