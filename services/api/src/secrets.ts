import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '@roar/platform';
import { emailReservationKey, giftCardKeys, type EmailReservationKey, type GiftCardKeys } from '@roar/domain';

/**
 * The JWT signing secret: JWT_SECRET when set (real deployments, shared by every api replica),
 * otherwise one generated on first start and kept in the data folder so sessions survive restarts.
 */
export function resolveJwtSecret(config: Config): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  if (config.NODE_ENV === 'production') throw new Error('JWT_SECRET must be set in production');
  return persistentSecret(config, 'jwt-secret');
}

/**
 * The gift card secret (GIFT_CARD_SECRET): the key of the card look-up hash and of the sealed codes
 * emails open. Losing or changing it makes every issued card unfindable, so production must set it;
 * the embedded default generates one into the data folder on first start.
 */
export function resolveGiftCardSecret(config: Config): string {
  if (config.GIFT_CARD_SECRET) return config.GIFT_CARD_SECRET;
  if (config.NODE_ENV === 'production') throw new Error('GIFT_CARD_SECRET must be set in production');
  return persistentSecret(config, 'gift-card-secret');
}

/**
 * A random secret generated once into the data folder (local adapters' signing keys). Processes
 * starting together on one data folder (`npm run start:services`) agree on it: the secret is
 * written to a file of its own and linked into place, which only the first process manages; the
 * others read the winner's.
 */
export function persistentSecret(config: Config, name: string): string {
  mkdirSync(config.DATA_DIR, { recursive: true });
  const file = join(config.DATA_DIR, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, randomBytes(48).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  return readFileSync(file, 'utf8').trim();
}

const keysByConfig = new WeakMap<Config, GiftCardKeys>();
/** The gift card keys of this process (GIFT_CARD_SECRET, else the data folder's generated one). */
export function giftCardKeysOf(app: { readonly config: Config }): GiftCardKeys {
  let keys = keysByConfig.get(app.config);
  if (!keys) keysByConfig.set(app.config, (keys = giftCardKeys(resolveGiftCardSecret(app.config))));
  return keys;
}

/**
 * The key of the email reservation stream names (EMAIL_RESERVATION_KEY): one account per address is
 * found by an HMAC of the address under it. Changing or losing it makes every existing reservation
 * unfindable (an address could then join twice), so production must set it; the embedded default
 * generates one into the data folder on first start.
 */
export function resolveEmailReservationKey(config: Config): string {
  if (config.EMAIL_RESERVATION_KEY) return config.EMAIL_RESERVATION_KEY;
  if (config.NODE_ENV === 'production') throw new Error('EMAIL_RESERVATION_KEY must be set in production');
  return persistentSecret(config, 'email-reservation-key');
}

const reservationKeysByConfig = new WeakMap<Config, EmailReservationKey>();
/** The email reservation key of this process: every caller of emailReservationStreamId takes it from here. */
export function emailReservationKeyOf(app: { readonly config: Config }): EmailReservationKey {
  let key = reservationKeysByConfig.get(app.config);
  if (!key) reservationKeysByConfig.set(app.config, (key = emailReservationKey(resolveEmailReservationKey(app.config))));
  return key;
}
