import type { Sql } from '@roar/platform';
import { setMemberPassword } from './member-credentials';
import { revokeAllSessions, sha256 } from './member-tokens';

export const RESET_TOKEN_TTL_MS = 60 * 60_000;

// Reset tokens are minted by the reactor that emails the link (link-tokens.ts); only their hash is stored.

/** The member a live (unused, unexpired) reset token belongs to, without spending it; null otherwise. */
export async function memberOfResetToken(sql: Sql, token: string, now: Date): Promise<string | null> {
  const r = await sql.query<{ member_id: string }>(
    'select member_id::text as member_id from auth.reset_tokens where token_hash = $1 and used_at is null and expires_at > $2',
    [sha256(token), now.toISOString()],
  );
  return r.rows[0]?.member_id ?? null;
}

/**
 * Spends the token and sets the new password, in one transaction; ends every session and every
 * other outstanding reset link of the member. False for an unknown, used or expired token.
 * The caller checks the password rule first, so a weak password does not burn the link.
 */
export async function resetPasswordWithToken(sql: Sql, token: string, password: string, now: Date): Promise<boolean> {
  return sql.transaction(async (tx) => {
    const spent = await tx.query<{ member_id: string }>(
      `update auth.reset_tokens set used_at = $2 where token_hash = $1 and used_at is null and expires_at > $2 returning member_id::text as member_id`,
      [sha256(token), now.toISOString()],
    );
    const memberId = spent.rows[0]?.member_id;
    if (!memberId) return false;
    if (!(await setMemberPassword(tx, memberId, password, now))) return false;
    await tx.query('update auth.reset_tokens set used_at = $2 where member_id = $1 and used_at is null', [memberId, now.toISOString()]);
    await revokeAllSessions(tx, memberId, { at: now });
    return true;
  });
}
