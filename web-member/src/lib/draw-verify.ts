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

export interface VerifiableDraw {
  readonly prize_id: string;
  readonly method: 'commit-reveal' | 'beacon' | null;
  readonly commitment: string | null;
  readonly beacon: { name: string; round: number; chain_hash: string | null; public_key: string | null; scheme: string | null } | null;
  readonly closed: { list_hash: string; entry_root: string | null; entry_count: number; total_tickets: number } | null;
  readonly revealed: { randomness: string; seed: string; round: { round: number; signature: string } | null } | null;
  readonly winners: ReadonlyArray<{ k: number; ticket: number; entrant_id: string; leaf: EntryLeaf | null }>;
}

export interface DrawCheck {
  /** True when every check passed and a winner was drawn. */
  readonly verified: boolean;
  /** One line per check, passed or failed, in order. */
  readonly lines: ReadonlyArray<{ ok: boolean; text: string }>;
}

const QUICKNET_SCHEME = 'bls-unchained-g1-rfc9380';
const QUICKNET_DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

/** drand quicknet: the round's BLS signature over SHA-256(uint64be(round)), against the chain's public key (G2). */
export async function verifyDrandRound(publicKey: string, round: number, signature: string): Promise<boolean> {
  const { bls12_381: bls } = await import('@noble/curves/bls12-381.js');
  const be = new Uint8Array(8);
  new DataView(be.buffer).setBigUint64(0, BigInt(round));
  const sigs = bls.shortSignatures;
  const message = sigs.hash(await sha256(be), QUICKNET_DST);
  return sigs.verify(sigs.Signature.fromHex(signature.toLowerCase()), message, bls.G2.Point.fromHex(publicKey.toLowerCase()));
}

/**
 * Everything the public verify page checks, in the browser: the randomness opens the commitment
 * (or is the drand round, signed by the chain), the seed recomputes from the list hash, each
 * winning ticket recomputes from the seed, and each winner's leaf is in the committed list under
 * its root, holding the winning ticket.
 */
export async function checkDraw(draw: VerifiableDraw): Promise<DrawCheck> {
  const lines: Array<{ ok: boolean; text: string }> = [];
  const check = (ok: boolean, pass: string, fail: string) => lines.push({ ok, text: ok ? pass : fail });
  const { closed, revealed } = draw;
  if (!closed || !revealed) return { verified: false, lines: [{ ok: true, text: 'Waiting for the draw: nothing to check yet.' }] };
  const randomness = hexToBytes(revealed.randomness);
  if (draw.method === 'commit-reveal') {
    const opened = bytesToHex(await sha256(randomness)) === draw.commitment;
    check(opened, 'The revealed secret opens the commitment made before the close.', 'The revealed secret does not open the commitment.');
  } else if (draw.method === 'beacon' && draw.beacon) {
    const b = draw.beacon;
    const named = bytesToHex(await sha256(encoder.encode(`${b.name}|${b.chain_hash ?? ''}|${b.round}`))) === draw.commitment;
    check(named, `The draw committed to drand round ${b.round} before the close.`, `The commitment does not name drand round ${b.round}.`);
    const round = revealed.round;
    if (!round || round.round !== b.round) check(false, '', `The revealed round is not round ${b.round}.`);
    else {
      const isHash = bytesToHex(await sha256(hexToBytes(round.signature))) === revealed.randomness;
      check(isHash, "The randomness is the SHA-256 of the round's signature.", "The randomness is not the SHA-256 of the round's signature.");
      if (b.scheme !== QUICKNET_SCHEME || !b.public_key) check(false, '', `The drand scheme ${b.scheme ?? '(none)'} cannot be checked here.`);
      else {
        let signed = false;
        try {
          signed = await verifyDrandRound(b.public_key, round.round, round.signature);
        } catch {
          signed = false;
        }
        check(
          signed,
          `drand round ${round.round}'s BLS signature verifies against the chain's public key.`,
          `drand round ${round.round}'s BLS signature does not verify.`,
        );
      }
    }
  } else check(false, '', 'The draw records no randomness method.');
  const seed = await drawSeed(closed.list_hash, randomness, draw.prize_id);
  check(seed === revealed.seed, `The seed recomputes to ${seed}.`, `The seed recomputes to ${seed}, the draw says ${revealed.seed}.`);
  if (draw.winners.length === 0) check(false, '', 'No winner is recorded yet.');
  for (const w of draw.winners) {
    const ticket = await ticketFor(seed, w.k, closed.total_tickets);
    check(
      ticket === w.ticket,
      `Winning ticket ${ticket} (k=${w.k}) recomputes.`,
      `Ticket k=${w.k} recomputes to ${ticket}, the draw says ${w.ticket}.`,
    );
    if (!closed.entry_root || !w.leaf) continue;
    const inList = w.leaf.entrant_id === w.entrant_id && (await entryIsCommitted(w.leaf, closed.entry_count, closed.entry_root));
    const holds = w.ticket >= w.leaf.first_ticket && w.ticket < w.leaf.first_ticket + w.leaf.tickets;
    check(
      inList && holds,
      `The winner holds tickets ${w.leaf.first_ticket}-${w.leaf.first_ticket + w.leaf.tickets - 1} in the committed list.`,
      `The winner's entry does not prove to the committed list's root with ticket ${w.ticket}.`,
    );
  }
  return { verified: lines.every((l) => l.ok), lines };
}
