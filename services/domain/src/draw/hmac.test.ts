import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256Hex } from './hmac';
import { pseudonymousEntrantId, pseudonymousEntrantIds } from './entry-list';

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
