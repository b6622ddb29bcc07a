/**
 * Issue 24: the browser's own checks of a draw, with WebCrypto SHA-256 and nothing of the club's
 * server trusted but the bytes it sends. The Merkle tree is RFC 9162's (leaf = SHA-256(0x00 ||
 * input), node = SHA-256(0x01 || left || right)); the seed and tickets are computed as the server's
 * services/domain/src/draw/select.ts does.
 */
const encoder = new TextEncoder();

export function hexToBytes(hex: string): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new Error(`not hex: ${hex.slice(0, 16)}`);
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesToHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export async function sha256(...parts: Uint8Array[]): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', concat(...parts)));
}

export const leafHash = (input: Uint8Array) => sha256(new Uint8Array([0]), input);
export const nodeHash = (left: Uint8Array, right: Uint8Array) => sha256(new Uint8Array([1]), left, right);

/** The leaf input of one entrant of a committed list: "<first ticket>\t<entrant id>\t<tickets>\n". */
export function entryLeafInput(entry: { first_ticket: number; entrant_id: string; tickets: number }): Uint8Array {
  return encoder.encode(`${entry.first_ticket}\t${entry.entrant_id}\t${entry.tickets}\n`);
}

/** RFC 9162 section 2.1.3.2: does `proof` take leaf `index` of a tree of `size` leaves to `root`? */
export async function verifyInclusion(
  index: number,
  size: number,
  leaf: Uint8Array,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): Promise<boolean> {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = await nodeHash(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else r = await nodeHash(r, p);
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && bytesToHex(r) === bytesToHex(root);
}

export interface EntryLeaf {
  readonly index: number;
  readonly entrant_id: string;
  readonly first_ticket: number;
  readonly tickets: number;
  readonly proof: readonly string[];
}

/** Whether an entrant's leaf is in the committed list of `size` leaves under `rootHex`. */
export async function entryIsCommitted(entry: EntryLeaf, size: number, rootHex: string): Promise<boolean> {
  const leaf = await leafHash(entryLeafInput(entry));
  return verifyInclusion(entry.index, size, leaf, entry.proof.map(hexToBytes), hexToBytes(rootHex));
}

/** seed = SHA-256(listHash ‖ uint32be(len(randomness)) ‖ randomness ‖ utf8(drawId)), hex. */
export async function drawSeed(listHash: string, randomness: Uint8Array, drawId: string): Promise<string> {
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, randomness.byteLength);
  return bytesToHex(await sha256(hexToBytes(listHash), length, randomness, encoder.encode(drawId)));
}

/** The k-th ticket of a draw of `total` tickets: rejection sampling over the top bits of SHA-256(seed ‖ uint64be(k) [‖ uint32be(attempt)]). */
export async function ticketFor(seed: string, k: number, total: number): Promise<number> {
  if (!Number.isSafeInteger(total) || total < 1) throw new Error('A draw needs at least one ticket.');
  const bits = total <= 1 ? 0 : (total - 1).toString(2).length;
  const seedBytes = hexToBytes(seed);
  const index = new Uint8Array(8);
  new DataView(index.buffer).setBigUint64(0, BigInt(k));
  const shift = BigInt(64 - bits);
  for (let attempt = 0; ; attempt++) {
    const counter = new Uint8Array(4);
    new DataView(counter.buffer).setUint32(0, attempt);
    const hash = await (attempt === 0 ? sha256(seedBytes, index) : sha256(seedBytes, index, counter));
    const candidate = new DataView(hash.buffer, hash.byteOffset, 8).getBigUint64(0) >> shift;
    if (candidate < BigInt(total)) return Number(candidate);
  }
}
