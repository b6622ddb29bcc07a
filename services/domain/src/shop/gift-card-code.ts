import { createCipheriv, createDecipheriv, createHmac, hkdfSync } from 'node:crypto';

/**
 * A gift card code is a bearer secret: whoever has it can spend the card. It is written nowhere in
 * the clear. The card is found by a keyed hash of the code (HMAC-SHA-256 under a key derived from
 * the server's gift card secret), which an attacker with the event log but not the secret cannot
 * test guesses against; the email that delivers the code opens it from a sealed copy (AES-256-GCM
 * under a second derived key). Staff and receipts show the last 4 characters only.
 */
export interface GiftCardKeys {
  readonly lookup: Buffer;
  readonly seal: Buffer;
}

export function giftCardKeys(secret: string): GiftCardKeys {
  const derive = (label: string) => Buffer.from(hkdfSync('sha256', secret, 'roar-gift-card', label, 32));
  return { lookup: derive('lookup'), seal: derive('seal') };
}

/** The code's alphabet: no look-alikes (no I, O, 0 or 1). */
export const GIFT_CARD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_CHARS = 16;

/**
 * The 16 characters that make a code, from what a person typed: case, spaces, dashes and the
 * `ROAR` prefix do not matter. null when it cannot be a code (answered exactly like an unknown one).
 */
export function canonicalGiftCardCode(typed: string): string | null {
  let chars = typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (chars.length === CODE_CHARS + 4 && chars.startsWith('ROAR')) chars = chars.slice(4);
  if (chars.length !== CODE_CHARS) return null;
  for (const c of chars) if (!GIFT_CARD_ALPHABET.includes(c)) return null;
  return chars;
}

/** How the code is printed: ROAR-XXXX-XXXX-XXXX-XXXX. */
export const formatGiftCardCode = (canonical: string): string => `ROAR-${canonical.match(/.{4}/g)!.join('-')}`;

/** The card's id and stream key: a keyed hash of the canonical code (128 bits, hex). */
export const giftCardIdOf = (keys: GiftCardKeys, canonical: string): string =>
  createHmac('sha256', keys.lookup).update(canonical, 'utf8').digest('hex').slice(0, 32);

/** Seals the printed code for the email; `iv` is 12 random bytes from the caller. */
export function sealGiftCardCode(keys: GiftCardKeys, code: string, iv: Buffer): string {
  const cipher = createCipheriv('aes-256-gcm', keys.seal, iv);
  const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Opens a sealed code; throws when it was sealed under another secret or altered. */
export function openGiftCardCode(keys: GiftCardKeys, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keys.seal, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
