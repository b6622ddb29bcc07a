import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { HEAP, sha256x4, useSha256x4 } from './sha256x4';

const sha = (...parts: Uint8Array[]) => createHash('sha256').update(Buffer.concat(parts)).digest('hex');

/** The 8 words at i32[at / 4] as 32 big-endian bytes. */
const bytesOf = (i32: Int32Array, at: number): Buffer => {
  const out = Buffer.alloc(32);
  for (let w = 0; w < 8; w++) out.writeInt32BE(i32[at / 4 + w]!, w * 4);
  return out;
};

/** Writes the 32 bytes of a digest as its 8 words at i32[at / 4]. */
const writeWords = (i32: Int32Array, at: number, digest: Buffer): void => {
  for (let w = 0; w < 8; w++) i32[at / 4 + w] = digest.readInt32BE(w * 4);
};

afterEach(() => {
  useSha256x4(true);
});

describe('SHA-256 four at a time in WebAssembly SIMD', () => {
  it('is assembled from sha256x4.wat as committed (sha256x4-wasm.ts has not drifted)', () => {
    const script = fileURLToPath(new URL('../../../../scripts/build-wasm.mjs', import.meta.url));
    // Exits 1 (execFileSync throws) when a generated module differs from what its .wat assembles to.
    expect(() => execFileSync(process.execPath, [script, '--check'], { stdio: 'pipe' })).not.toThrow();
  });

  it('is available on this Node, so the tests below run it (and can be switched off)', () => {
    expect(sha256x4()).not.toBeNull();
    useSha256x4(false);
    expect(sha256x4()).toBeNull();
    useSha256x4(true);
    expect(sha256x4()).not.toBeNull();
  });

  it('hashes a batch of messages of every length from 0 to 300 bytes (1 to 5 blocks, mixed in a group) as node:crypto does', () => {
    const kernel = sha256x4()!;
    const messages = Array.from({ length: 301 }, (_, length) => randomBytes(length));
    // Shuffled so that each group of four mixes block counts.
    for (let i = messages.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [messages[i], messages[j]] = [messages[j]!, messages[i]!];
    }
    const slot = 384;
    const counts = HEAP + messages.length * slot;
    const out = counts + 4 * 304;
    const { u8, i32 } = kernel.reserve(out + messages.length * 32 + 32 - HEAP);
    u8.fill(0xee, HEAP, out + messages.length * 32 + 32);
    messages.forEach((m, i) => {
      const p = HEAP + i * slot;
      u8.set(m, p);
      const blocks = Math.ceil((m.length + 9) / 64);
      u8[p + m.length] = 0x80;
      u8.fill(0, p + m.length + 1, p + blocks * 64 - 4);
      new DataView(u8.buffer).setUint32(p + blocks * 64 - 4, m.length * 8);
      i32[counts / 4 + i] = blocks;
    });
    for (let i = messages.length; i % 4 !== 0; i++) i32[counts / 4 + i] = 0;
    kernel.hashBlocks(HEAP, slot, messages.length, counts, 256, out);
    messages.forEach((m, i) => expect(bytesOf(i32, out + i * 32).toString('hex'), `${m.length} bytes`).toBe(sha(m)));
    // Nothing written past the last digest (the missing lanes of the last group).
    expect(u8[out + messages.length * 32]).toBe(0xee);
  });

  it('hashes RFC 9162 nodes SHA-256(0x01 || left || right), in place, for counts not a multiple of four', () => {
    const kernel = sha256x4()!;
    for (const count of [1, 2, 3, 4, 5, 7, 8, 33]) {
      const { u8, i32 } = kernel.reserve(count * 64 + 32);
      const children = Array.from({ length: count * 2 }, () => randomBytes(32));
      children.forEach((c, i) => writeWords(i32, HEAP + i * 32, c));
      u8.fill(0xee, HEAP + count * 64, HEAP + count * 64 + 32);
      kernel.hashNodes(HEAP, count, HEAP);
      for (let i = 0; i < count; i++)
        expect(bytesOf(i32, HEAP + i * 32).toString('hex')).toBe(sha(Buffer.from([1]), children[2 * i]!, children[2 * i + 1]!));
      // Nothing written past the nodes: the children above them are as they were, and the memory after them.
      expect(bytesOf(i32, HEAP + count * 32).equals(children[count]!)).toBe(true);
      expect(u8[HEAP + count * 64]).toBe(0xee);
    }
  });

  it('hashes 32-byte messages given as digests after a prefix state (HMAC outer hashes)', () => {
    const kernel = sha256x4()!;
    const count = 9;
    const { i32 } = kernel.reserve(count * 64 + 32);
    const digests = Array.from({ length: count }, () => randomBytes(32));
    digests.forEach((d, i) => writeWords(i32, HEAP + i * 32, d));
    // From H(0) with a length of 256 bits: plain SHA-256 of the 32 bytes.
    kernel.hashDigests(HEAP, count, 256, 256, HEAP + count * 32);
    digests.forEach((d, i) => expect(bytesOf(i32, HEAP + (count + i) * 32).toString('hex')).toBe(sha(d)));
  });

  it('reduces n leaves to the RFC 9162 root (pairs left to right, an odd node carried up) for every n up to 300 and some large n', () => {
    const kernel = sha256x4()!;
    // RFC 9162 2.1.1 over leaf hashes: split at the largest power of two below n.
    const mth = (leaves: readonly Buffer[]): Buffer => {
      if (leaves.length === 1) return leaves[0]!;
      let k = 1;
      while (k * 2 < leaves.length) k *= 2;
      return Buffer.from(sha(Buffer.from([1]), mth(leaves.slice(0, k)), mth(leaves.slice(k))), 'hex');
    };
    const all = Array.from({ length: 5000 }, () => randomBytes(32));
    for (const n of [...Array.from({ length: 300 }, (_, i) => i + 1), 511, 512, 513, 1023, 1024, 1025, 2047, 2049, 3333, 4096, 5000]) {
      const { i32 } = kernel.reserve(n * 32);
      all.slice(0, n).forEach((leaf, i) => writeWords(i32, HEAP + i * 32, leaf));
      kernel.reduce(HEAP, n);
      expect(bytesOf(i32, HEAP).toString('hex'), `${n} leaves`).toBe(mth(all.slice(0, n)).toString('hex'));
    }
  });
});
