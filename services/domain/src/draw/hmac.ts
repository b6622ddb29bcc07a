import { createHmac, hash } from 'node:crypto';
import { sha256BlockState, sha256Words, wordsToBytes } from './sha256';

const BLOCK = 64;
/** Messages up to this many UTF-8 bytes go through the buffers below; longer ones through createHmac. */
const MAX_MESSAGE = 1024;

const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * A function computing HMAC-SHA-256(key, message) in lower-case hex, messages as UTF-8: a close
 * or an audit turns 100,000 entrant keys into pseudonymous ids under the draw's salt.
 *
 * HMAC as RFC 2104 defines it, H((K ^ opad) || H((K ^ ipad) || m)). The key's two padded blocks
 * are compressed once (the SHA-256 states after K ^ ipad and K ^ opad); each message then costs
 * the compression of its own blocks and of the inner digest's one block, in JavaScript SHA-256
 * (sha256.ts) over buffers kept for the purpose: no native call, no object per message (an entrant
 * key is one block, so two compressions in all, where node:crypto's one-shot hash paid its
 * per-call set-up twice). Checked against createHmac across key and message lengths.
 */
export function hmacSha256Hex(key: string | Uint8Array): (message: string) => string {
  let k: Uint8Array = typeof key === 'string' ? Buffer.from(key, 'utf8') : key;
  if (k.length > BLOCK) k = hash('sha256', k, 'buffer');
  const pad = new Uint8Array(BLOCK);
  for (let i = 0; i < BLOCK; i++) pad[i] = (k[i] ?? 0) ^ 0x36;
  const innerState = sha256BlockState(pad);
  for (let i = 0; i < BLOCK; i++) pad[i] = (k[i] ?? 0) ^ 0x5c;
  const outerState = sha256BlockState(pad);
  const message = Buffer.alloc(MAX_MESSAGE);
  const digest = new Uint8Array(32);
  const words = new Int32Array(8);
  return (text: string): string => {
    // write() stops short of a character that does not fit: a message that may not have fitted goes the long way.
    if (text.length * 3 > MAX_MESSAGE) return createHmac('sha256', key).update(text, 'utf8').digest('hex');
    const length = message.write(text, 0, 'utf8');
    sha256Words(message, length, words, 0, innerState, BLOCK);
    wordsToBytes(words, 0, digest, 0);
    sha256Words(digest, 32, words, 0, outerState, BLOCK);
    let hex = '';
    for (let i = 0; i < 8; i++) {
      const w = words[i]!;
      hex += HEX[w >>> 24]! + HEX[(w >>> 16) & 0xff]! + HEX[(w >>> 8) & 0xff]! + HEX[w & 0xff]!;
    }
    return hex;
  };
}
