import { createHmac, timingSafeEqual } from 'node:crypto';
import { InvalidSignatureError } from '../kernel/payment-port';

/** Stripe's default: a signed event older (or newer) than five minutes is refused as a replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

function hmac(secret: string, timestamp: number, body: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

/** A `Stripe-Signature` header value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signPayload(secret: string, body: Buffer | string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

/**
 * Checks a `Stripe-Signature` header the way Stripe's libraries do: any one v1 entry may match
 * (secrets roll over), compared in constant time, and the timestamp must be within tolerance.
 */
export function verifySignature(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  now: Date,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): void {
  if (!header) throw new InvalidSignatureError('missing signature header');
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) throw new InvalidSignatureError('malformed signature header');
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) throw new InvalidSignatureError('signature timestamp outside tolerance');
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), 'hex');
  const matches = signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected));
  if (!matches) throw new InvalidSignatureError('no signature matches');
}
