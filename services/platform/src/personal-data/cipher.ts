import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { SEALED_PREFIX } from './spec';

/**
 * AES-256-GCM for personal fields (issue 24): one 12-byte random nonce per value, the member id
 * (utf-8) as associated data, so a ciphertext copied into another member's event does not open.
 * Stored form: `pd1:` + base64url(nonce | ciphertext | tag) of the value's JSON.
 */
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const DATA_KEY_BYTES = 32;

// Nonces come from a pool of random bytes refilled 4 KiB at a time: every value still gets 12 fresh
// random bytes, without a call into the random generator per value.
const NONCE_POOL_BYTES = 4096;
let noncePool = Buffer.alloc(0);
let noncePoolAt = 0;
function freshNonce(): Buffer {
  if (noncePoolAt + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_POOL_BYTES);
    noncePoolAt = 0;
  }
  const nonce = noncePool.subarray(noncePoolAt, noncePoolAt + NONCE_BYTES);
  noncePoolAt += NONCE_BYTES;
  return nonce;
}

export function sealValue(key: Buffer, memberId: string, value: unknown): string {
  const nonce = freshNonce();
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(memberId, 'utf8'));
  const plain = Buffer.from(JSON.stringify(value), 'utf8');
  const out = Buffer.allocUnsafe(NONCE_BYTES + plain.length + TAG_BYTES);
  nonce.copy(out, 0);
  let at = NONCE_BYTES + cipher.update(plain).copy(out, NONCE_BYTES);
  at += cipher.final().copy(out, at);
  cipher.getAuthTag().copy(out, at);
  return SEALED_PREFIX + out.toString('base64url');
}

/** Opens a value sealed for `memberId`; throws when the key, the member id or the bytes do not match. */
export function openValue(key: Buffer, memberId: string, sealed: string): unknown {
  if (!sealed.startsWith(SEALED_PREFIX)) throw new Error('not a sealed value');
  const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
  if (raw.length < NONCE_BYTES + TAG_BYTES) throw new Error('sealed value too short');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, NONCE_BYTES));
  decipher.setAAD(Buffer.from(memberId, 'utf8'));
  decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
  const plain = Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
  return JSON.parse(plain.toString('utf8')) as unknown;
}

/** A member's data key wrapped by the master key (AES-256-GCM, the member id as associated data): nonce | ciphertext | tag. */
export function wrapDataKey(master: Buffer, memberId: string, dataKey: Buffer): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', master, nonce);
  cipher.setAAD(Buffer.from(`member-key:${memberId}`, 'utf8'));
  return Buffer.concat([nonce, cipher.update(dataKey), cipher.final(), cipher.getAuthTag()]);
}

export function unwrapDataKey(master: Buffer, memberId: string, wrapped: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', master, wrapped.subarray(0, NONCE_BYTES));
  decipher.setAAD(Buffer.from(`member-key:${memberId}`, 'utf8'));
  decipher.setAuthTag(wrapped.subarray(wrapped.length - TAG_BYTES));
  return Buffer.concat([decipher.update(wrapped.subarray(NONCE_BYTES, wrapped.length - TAG_BYTES)), decipher.final()]);
}

export function newDataKey(): Buffer {
  return randomBytes(DATA_KEY_BYTES);
}

/** The master key's public fingerprint: the key store refuses a master key other than the one that wrapped its keys. */
export function masterKeyId(master: Buffer): string {
  return createHash('sha256').update('roar-personal-data-master:').update(master).digest('hex').slice(0, 16);
}

/** Decodes PERSONAL_DATA_KEY: base64 (or base64url) of exactly 32 bytes. */
export function parseMasterKey(text: string): Buffer {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) throw new Error('PERSONAL_DATA_KEY is base64 of 32 bytes');
  const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key.length !== DATA_KEY_BYTES) throw new Error(`PERSONAL_DATA_KEY is base64 of 32 bytes (it decodes to ${key.length})`);
  return key;
}

/**
 * The master key: `value` (PERSONAL_DATA_KEY) when given, else the one in `file`, generated there
 * once (processes starting together on one data folder agree: the first to link its draft wins).
 */
export function loadMasterKey(options: { readonly value?: string; readonly file: string }): Buffer {
  if (options.value) return parseMasterKey(options.value);
  if (!existsSync(options.file)) {
    mkdirSync(dirname(options.file), { recursive: true });
    const draft = `${options.file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, `${randomBytes(DATA_KEY_BYTES).toString('base64')}\n`, { mode: 0o600 });
    try {
      linkSync(draft, options.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  return parseMasterKey(readFileSync(options.file, 'utf8'));
}
