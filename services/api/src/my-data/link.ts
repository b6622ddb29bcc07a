import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Issue 23: the emailed link to a prepared data zip. The token names the member, the export and
 * when it expires, signed with a key derived from the JWT secret: nothing is stored, the link
 * cannot be altered, and whoever holds the secret could already sign in as anyone.
 */
const keyOf = (jwtSecret: string): Buffer => createHmac('sha256', jwtSecret).update('my-data-download-link').digest();

export interface MyDataLink {
  readonly memberId: string;
  readonly exportId: string;
  readonly expiresAt: string;
}

export function signMyDataLink(jwtSecret: string, link: MyDataLink): string {
  const payload = Buffer.from(JSON.stringify([link.memberId, link.exportId, link.expiresAt])).toString('base64url');
  return `${payload}.${createHmac('sha256', keyOf(jwtSecret)).update(payload).digest('base64url')}`;
}

/** The link a token names, or null when it was not signed by us (altered, truncated, made up). */
export function verifyMyDataLink(jwtSecret: string, token: string): MyDataLink | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = createHmac('sha256', keyOf(jwtSecret)).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((v) => typeof v === 'string')) return null;
    const [memberId, exportId, expiresAt] = parsed as [string, string, string];
    return { memberId, exportId, expiresAt };
  } catch {
    return null;
  }
}
