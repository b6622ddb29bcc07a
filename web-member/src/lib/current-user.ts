import { currentUserSchema } from '@roar/contracts/members';
import { memberRequest } from './member-api';
import { session } from './session';
import type { User } from '../types/api';

export interface CurrentUser {
  readonly user: User;
  readonly activeSingleEntries: number;
}

/**
 * Re-reads `GET /api/current-user` and stores the user, so screens reflect what the server now
 * knows (a membership swapped by a payment, a cancellation). The caller re-reads the session.
 */
export async function refreshCurrentUser(): Promise<CurrentUser | null> {
  const result = await memberRequest('/api/current-user', { schema: currentUserSchema });
  if (!result.ok) return null;
  session.saveUser(result.data.user);
  return { user: result.data.user, activeSingleEntries: result.data.activeSingleEntries.length };
}
