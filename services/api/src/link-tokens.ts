import { createHmac } from 'node:crypto';
import type { Sql } from '@roar/platform';
import type { LinkTokens } from '@roar/workers';
import { attestToken } from './clubhouse/streams';
import { sha256 } from './auth/member-tokens';
import { RESET_TOKEN_TTL_MS } from './auth/member-reset';
import { signMyDataLink } from './my-data/link';

/**
 * The tokens of the links the reactors email, minted with the api's secret. A reset token is an HMAC
 * of the request's event id under a key derived from the JWT secret: the same request always
 * gets the same token (a redelivered event sends the same, working link), the log holds only the
 * event id, and only the token's hash is stored. Whoever holds the JWT secret can already sign in
 * as anyone, so the derivation gives away nothing more.
 */
export function createLinkTokens(sql: Sql, jwtSecret: string): LinkTokens {
  const resetKey = createHmac('sha256', jwtSecret).update('password-reset-link').digest();
  return {
    attest: (scorecardId) => attestToken(jwtSecret, scorecardId),
    myDataDownload: (memberId, exportId, expiresAt) => signMyDataLink(jwtSecret, { memberId, exportId, expiresAt }),
    async passwordReset(memberId, requestId, requestedAt) {
      const token = createHmac('sha256', resetKey).update(requestId).digest('base64url');
      const expiresAt = new Date(new Date(requestedAt).getTime() + RESET_TOKEN_TTL_MS).toISOString();
      // A redelivery finds the row there (used or not) and leaves it as it is.
      await sql.query('insert into auth.reset_tokens (token_hash, member_id, expires_at) values ($1, $2, $3) on conflict (token_hash) do nothing', [
        sha256(token),
        memberId,
        expiresAt,
      ]);
      return { token, expiresInMinutes: RESET_TOKEN_TTL_MS / 60_000 };
    },
  };
}
