import { createHmac, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { hmacSha256Hex, hmacSha256HexAll } from './hmac';
import { pseudonymousEntrantId, pseudonymousEntrantIds, pseudonymousEntrantIdsOf } from './entry-list';
import { sha256x4, useSha256x4 } from './sha256x4';

const reference = (key: string | Uint8Array, message: string) => createHmac('sha256', key).update(message, 'utf8').digest('hex');

describe('HMAC-SHA-256 under one key', () => {
  it('matches createHmac for every message length across the block edges', () => {
    const keys = ['a1b2c3d4e5f60718293a4b5c6d7e8f90', '', 'k', 'x'.repeat(64), 'y'.repeat(65), randomBytes(100)];
    for (const key of keys) {
      const hmac = hmacSha256Hex(key);
      for (let length = 0; length <= 200; length++) {
        const message = randomBytes(length).toString('base64').slice(0, length);
        expect(hmac(message), `key ${key.length} bytes, message ${length} characters`).toBe(reference(key, message));
      }
    }
  });

  it('matches createHmac for long messages, past its buffer', () => {
    const hmac = hmacSha256Hex('salt');
    for (const length of [341, 342, 1023, 1024, 1025, 5000]) {
      for (const unit of ['a', 'é', '日', '🎟']) {
        const message = unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
        expect(hmac(message), `${length} × ${unit}`).toBe(reference('salt', message));
      }
    }
  });

  it('takes messages as UTF-8, as createHmac does', () => {
    const hmac = hmacSha256Hex('salt');
    for (const message of ['member:é', 'team:日本語', '🎟️ ticket', '\u0000\u007f\u0080']) expect(hmac(message)).toBe(reference('salt', message));
  });

  it('gives the pseudonymous entrant ids of a draw', () => {
    const salt = randomBytes(16).toString('hex');
    const ids = pseudonymousEntrantIds(salt);
    for (let i = 0; i < 50; i++) {
      const key = `member:${randomBytes(8).toString('hex')}-${i}`;
      expect(ids(key)).toBe(pseudonymousEntrantId(key, salt));
    }
  });

  it('is not the digest under another key', () => {
    expect(hmacSha256Hex('one')('member:1')).not.toBe(hmacSha256Hex('two')('member:1'));
  });
});

describe('HMAC-SHA-256 of a whole list under one key (four at a time in WebAssembly SIMD)', () => {
  afterEach(() => {
    useSha256x4(true);
  });

  const keys = ['a1b2c3d4e5f60718293a4b5c6d7e8f90', '', 'k', 'x'.repeat(63), 'x'.repeat(64), 'y'.repeat(65), randomBytes(100), 'clé 日本'];
  /** Every length from 0 to 300 characters, non-ASCII text across the slot's edge, long messages, entrant keys. */
  const messages = [
    ...Array.from({ length: 301 }, (_, length) => randomBytes(length).toString('base64').slice(0, length)),
    'member:é',
    'team:日本語',
    '🎟️ ticket',
    '\u0000\u007f\u0080',
    'é'.repeat(123),
    'é'.repeat(124),
    '日'.repeat(82),
    '日'.repeat(83),
    '🎟'.repeat(62),
    'a'.repeat(247),
    'a'.repeat(248),
    'z'.repeat(5000),
    ...Array.from({ length: 50 }, () => `member:${randomBytes(16).toString('hex')}`),
  ];

  it('matches createHmac for keys shorter and longer than a block, messages of every length, ASCII or not', () => {
    expect(sha256x4()).not.toBeNull();
    for (const key of keys) {
      const got = hmacSha256HexAll(key, messages);
      expect(got).toHaveLength(messages.length);
      messages.forEach((message, i) => expect(got[i], `key ${key.length}, message ${message.length} characters`).toBe(reference(key, message)));
    }
  });

  it('matches createHmac across batches (3,000 entrant keys) and gives nothing for nothing', () => {
    const salt = randomBytes(16).toString('hex');
    const list = Array.from({ length: 3000 }, (_, i) => (i % 2 === 0 ? `member:${randomBytes(16).toString('hex')}` : `team:${i}`));
    expect(hmacSha256HexAll(salt, list)).toEqual(list.map((key) => reference(salt, key)));
    expect(pseudonymousEntrantIdsOf(salt, list)).toEqual(list.map((key) => pseudonymousEntrantId(key, salt)));
    expect(hmacSha256HexAll(salt, [])).toEqual([]);
  });

  it('gives the same without WebAssembly (the JavaScript path)', () => {
    const simd = hmacSha256HexAll('salt', messages);
    useSha256x4(false);
    expect(hmacSha256HexAll('salt', messages)).toEqual(simd);
  });
});
