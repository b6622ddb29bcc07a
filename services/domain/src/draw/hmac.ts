import { createHmac, hash } from 'node:crypto';
import { compress, SHA256_IV, sha256Words, wordsToBytes, writeSha256Padding } from './sha256';
import { HEAP, sha256x4 } from './sha256x4';

const BLOCK = 64;
/** Messages up to this many UTF-8 bytes go through the buffers below; longer ones through createHmac. */
const MAX_MESSAGE = 1024;

/** The SHA-256 states after the key blocks K ^ ipad and K ^ opad. */
function keyStates(key: string | Uint8Array): { innerState: Int32Array; outerState: Int32Array } {
  let k: Uint8Array = typeof key === 'string' ? Buffer.from(key, 'utf8') : key;
  if (k.length > BLOCK) k = hash('sha256', k, 'buffer');
  const pad = new Uint8Array(BLOCK);
  const innerState = new Int32Array(SHA256_IV);
  const outerState = new Int32Array(SHA256_IV);
  for (let i = 0; i < BLOCK; i++) pad[i] = (k[i] ?? 0) ^ 0x36;
  compress(innerState, 0, pad, 0);
  for (let i = 0; i < BLOCK; i++) pad[i] = (k[i] ?? 0) ^ 0x5c;
  compress(outerState, 0, pad, 0);
  return { innerState, outerState };
}

/**
 * A function computing HMAC-SHA-256(key, message) in lower-case hex, messages as UTF-8: a close
 * or an audit turns 100,000 entrant keys into pseudonymous ids under the draw's salt.
 *
 * HMAC as RFC 2104 defines it, H((K ^ opad) || H((K ^ ipad) || m)). The two key blocks K ^ ipad
 * and K ^ opad are the same for every message, so they are compressed once (the SHA-256 states
 * after them); each message then costs the compressions of its own bytes and of the inner digest:
 * two for an entrant key ("member:<uuid>", 43 bytes), where hashing the whole inner and outer
 * messages costs four, in JavaScript SHA-256 (sha256.ts) into preallocated words, no Buffer made
 * per message. About twice as fast as node:crypto's one-shot hash over the padded key per
 * message, which was 1.3x createHmac. Checked against createHmac across key and message lengths.
 */
export function hmacSha256Hex(key: string | Uint8Array): (message: string) => string {
  const { innerState, outerState } = keyStates(key);
  const message = Buffer.alloc(MAX_MESSAGE);
  const words = new Int32Array(8);
  const digest = Buffer.alloc(32);
  return (text: string): string => {
    // write() stops short of a character that does not fit: a message that may not have fitted goes the long way.
    if (text.length * 3 > MAX_MESSAGE) return createHmac('sha256', key).update(text, 'utf8').digest('hex');
    // ASCII (every entrant key) copied code unit by code unit; anything else encoded as UTF-8 by write().
    let length = text.length;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c > 0x7f) {
        length = message.write(text, 0, 'utf8');
        break;
      }
      message[i] = c;
    }
    sha256Words(message, length, words, 0, innerState, BLOCK);
    wordsToBytes(words, 0, digest, 0);
    sha256Words(digest, 32, words, 0, outerState, BLOCK);
    wordsToBytes(words, 0, digest, 0);
    return digest.toString('hex');
  };
}

/** Messages hashed per call into the WebAssembly module. */
const BATCH = 1024;
/** A message's slot in the module's memory: up to 4 blocks, so messages of up to 247 UTF-8 bytes; longer ones go one at a time. */
const SLOT = 256;
const SLOT_MESSAGE = SLOT - 9;

/**
 * HMAC-SHA-256(key, message) in lower-case hex of every message, in order, messages as UTF-8: the
 * same as `hmacSha256Hex(key)` on each, for a whole list at once (a close's or an audit's entrant
 * ids). Hashed four messages at a time in WebAssembly SIMD (sha256x4.ts) where it is available:
 * the inner hashes of a batch from the state after K ^ ipad, then the outer ones of their digests
 * from the state after K ^ opad, two compressions per entrant key as before but four at once.
 */
export function hmacSha256HexAll(key: string | Uint8Array, messages: readonly string[]): string[] {
  const kernel = sha256x4();
  if (!kernel) return messages.map(hmacSha256Hex(key));
  const { innerState, outerState } = keyStates(key);
  // A message too long for a slot is hashed on its own: the one-at-a-time function made on the first such message only.
  let single: ((message: string) => string) | null = null;
  const one = (text: string) => (single ??= hmacSha256Hex(key))(text);
  const ids = new Array<string>(messages.length);
  // The module's memory: the two key states, the padded messages, their block counts, the inner and the outer digests.
  const IVS = HEAP;
  const IN = IVS + 64;
  const COUNTS = IN + BATCH * SLOT;
  const MID = COUNTS + BATCH * 4;
  const OUT = MID + BATCH * 32;
  const { u8, i32, buffer } = kernel.reserve(OUT + BATCH * 32 - HEAP);
  i32.set(innerState, IVS / 4);
  i32.set(outerState, IVS / 4 + 8);
  const digests = buffer.subarray(OUT, OUT + BATCH * 32);
  for (let from = 0; from < messages.length; from += BATCH) {
    const count = Math.min(BATCH, messages.length - from);
    for (let j = 0; j < count; j++) {
      const text = messages[from + j]!;
      const p = IN + j * SLOT;
      // UTF-8 (ASCII for every entrant key) written by Buffer.write, which stops short of a character that does not fit.
      let length = text.length > SLOT_MESSAGE ? -1 : buffer.write(text, p, SLOT_MESSAGE, 'utf8');
      if (text.length * 3 > SLOT_MESSAGE && length !== Buffer.byteLength(text, 'utf8')) length = -1;
      if (length < 0) {
        // Too long for a slot: hashed on its own, its lane left empty.
        ids[from + j] = one(text);
        i32[COUNTS / 4 + j] = 0;
        continue;
      }
      // The padding counts the key block before the message.
      i32[COUNTS / 4 + j] = (writeSha256Padding(u8, p, length, BLOCK) - p) >>> 6;
    }
    for (let j = count; j % 4 !== 0; j++) i32[COUNTS / 4 + j] = 0;
    kernel.hashBlocks(IN, SLOT, count, COUNTS, IVS, MID);
    kernel.hashDigests(MID, count, IVS + 32, (BLOCK + 32) * 8, OUT);
    // Words to big-endian bytes, then hex: one string for the batch, each id a slice of it.
    digests.swap32();
    const hex = digests.toString('hex', 0, count * 32);
    for (let j = 0; j < count; j++) if (i32[COUNTS / 4 + j] !== 0) ids[from + j] = hex.slice(j * 64, j * 64 + 64);
  }
  return ids;
}
