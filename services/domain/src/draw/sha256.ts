/**
 * SHA-256 (FIPS 180-4) in JavaScript for the many short messages of an entry tree: a leaf or node
 * is two 64-byte blocks, and a tree of 100,000 entrants hashes 200,000 of them. Each hash here is
 * two compressions into preallocated words, with no string, Buffer or object made per message
 * (node:crypto's one-shot `hash` allocates its input view and its output per call; measured in CPU
 * time, the two hash a 65-byte message equally fast, about twice noble-hashes). Checked against
 * node:crypto in sha256.test.ts; long messages (documents, the list hash) go through node:crypto.
 * The bulk of a close's and an audit's hashing goes four messages at a time through sha256x4.ts
 * (WebAssembly SIMD) where it is available; this is the fallback and the one-message path.
 *
 * Digests are kept as 8 big-endian 32-bit words (Int32Array slices), and written out as bytes
 * only where a caller needs them.
 */
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** The initial hash value H(0). */
export const SHA256_IV: Int32Array = new Int32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);

const W = new Int32Array(64);

/** One compression of the 64-byte block at `offset` of `block` into `state` (8 words). */
export function compress(state: Int32Array, so: number, block: Uint8Array, offset: number): void {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    W[i] = (block[j]! << 24) | (block[j + 1]! << 16) | (block[j + 2]! << 8) | block[j + 3]!;
  }
  for (let i = 16; i < 64; i++) {
    const x = W[i - 15]!;
    const y = W[i - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
  }
  let a = state[so]!;
  let b = state[so + 1]!;
  let c = state[so + 2]!;
  let d = state[so + 3]!;
  let e = state[so + 4]!;
  let f = state[so + 5]!;
  let g = state[so + 6]!;
  let h = state[so + 7]!;
  for (let i = 0; i < 64; i++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + s1 + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[so] = (state[so]! + a) | 0;
  state[so + 1] = (state[so + 1]! + b) | 0;
  state[so + 2] = (state[so + 2]! + c) | 0;
  state[so + 3] = (state[so + 3]! + d) | 0;
  state[so + 4] = (state[so + 4]! + e) | 0;
  state[so + 5] = (state[so + 5]! + f) | 0;
  state[so + 6] = (state[so + 6]! + g) | 0;
  state[so + 7] = (state[so + 7]! + h) | 0;
}

/**
 * SHA-256's padding of the message `bytes[start, start + length)`, written in place after it (0x80,
 * zeros, the length in bits as 64 bits big-endian, counting `prefixBytes` already compressed before
 * it, such as an HMAC key block): returns the index after the last block. Lengths below 2^29 bytes.
 */
export function writeSha256Padding(bytes: Uint8Array, start: number, length: number, prefixBytes = 0): number {
  const end = start + ((length + 9 + 63) & ~63);
  bytes[start + length] = 0x80;
  bytes.fill(0, start + length + 1, end - 4);
  const bits = (prefixBytes + length) * 8;
  bytes[end - 4] = bits >>> 24;
  bytes[end - 3] = (bits >>> 16) & 0xff;
  bytes[end - 2] = (bits >>> 8) & 0xff;
  bytes[end - 1] = bits & 0xff;
  return end;
}

const TAIL = new Uint8Array(128);

/**
 * SHA-256 of `message[0, length)` into `out[outOffset, outOffset + 8)`, continuing from `init` (8
 * words: SHA256_IV, or the state after `prefixBytes` bytes of whole blocks already compressed).
 */
export function sha256Words(
  message: Uint8Array,
  length: number,
  out: Int32Array,
  outOffset: number,
  init: Int32Array = SHA256_IV,
  prefixBytes = 0,
): void {
  for (let i = 0; i < 8; i++) out[outOffset + i] = init[i]!;
  let at = 0;
  for (; at + 64 <= length; at += 64) compress(out, outOffset, message, at);
  const rest = length - at;
  TAIL.fill(0);
  for (let i = 0; i < rest; i++) TAIL[i] = message[at + i]!;
  TAIL[rest] = 0x80;
  const blocks = rest + 9 <= 64 ? 1 : 2;
  const bits = (prefixBytes + length) * 8;
  const end = blocks * 64;
  // The message length in bits, big-endian in the last 8 bytes (lengths here stay far below 2^53).
  const high = Math.floor(bits / 0x100000000);
  TAIL[end - 8] = high >>> 24;
  TAIL[end - 7] = (high >>> 16) & 0xff;
  TAIL[end - 6] = (high >>> 8) & 0xff;
  TAIL[end - 5] = high & 0xff;
  TAIL[end - 4] = (bits >>> 24) & 0xff;
  TAIL[end - 3] = (bits >>> 16) & 0xff;
  TAIL[end - 2] = (bits >>> 8) & 0xff;
  TAIL[end - 1] = bits & 0xff;
  compress(out, outOffset, TAIL, 0);
  if (blocks === 2) compress(out, outOffset, TAIL, 64);
}

/** Writes the 8 words at `words[offset]` as 32 big-endian bytes at `bytes[at]`. */
export function wordsToBytes(words: Int32Array, offset: number, bytes: Uint8Array, at: number): void {
  for (let i = 0; i < 8; i++) {
    const w = words[offset + i]!;
    const j = at + i * 4;
    bytes[j] = w >>> 24;
    bytes[j + 1] = (w >>> 16) & 0xff;
    bytes[j + 2] = (w >>> 8) & 0xff;
    bytes[j + 3] = w & 0xff;
  }
}
