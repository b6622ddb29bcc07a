import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Words, wordsToBytes } from './sha256';

const digest = (message: Uint8Array): string => {
  const words = new Int32Array(8);
  sha256Words(message, message.length, words, 0);
  const out = Buffer.alloc(32);
  wordsToBytes(words, 0, out, 0);
  return out.toString('hex');
};

describe('SHA-256 in JavaScript', () => {
  it('gives the FIPS 180-4 examples', () => {
    expect(digest(Buffer.from(''))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(digest(Buffer.from('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(digest(Buffer.from('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('matches node:crypto for every length across three block edges, and for long messages', () => {
    for (let length = 0; length <= 200; length++) {
      const message = randomBytes(length);
      expect(digest(message), `${length} bytes`).toBe(createHash('sha256').update(message).digest('hex'));
    }
    for (const length of [1000, 4095, 4096, 100_000]) {
      const message = randomBytes(length);
      expect(digest(message)).toBe(createHash('sha256').update(message).digest('hex'));
    }
  });

  it('hashes only the length given, into the offset given', () => {
    const message = randomBytes(100);
    const words = new Int32Array(24).fill(7);
    sha256Words(message, 70, words, 8);
    const out = Buffer.alloc(32);
    wordsToBytes(words, 8, out, 0);
    expect(out.toString('hex')).toBe(createHash('sha256').update(message.subarray(0, 70)).digest('hex'));
    expect([...words.subarray(0, 8), ...words.subarray(16)].every((w) => w === 7)).toBe(true);
  });
});
