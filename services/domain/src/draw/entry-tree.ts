import { combineCover, EMPTY_ROOT, inclusionProof, perfectCover, type Hash } from '@roar/platform';
import type { FrozenEntrant } from './entry-list';
import { compress, SHA256_IV, wordsToBytes, writeSha256Padding } from './sha256';
import { HEAP, sha256x4, type Sha256x4Kernel } from './sha256x4';

/**
 * The committed entry list as a Merkle tree (issue 24): the RFC 9162 construction of the sealed
 * log (leaf = SHA-256(0x00 || input), node = SHA-256(0x01 || left || right), split at the largest
 * power of two below n), one leaf per entrant of the frozen list in list order. A leaf's input is
 * the UTF-8 text
 *
 *   "<first ticket>\t<entrant id>\t<tickets>\n"
 *
 * the entrant's canonical line (`entryLines`) preceded by the number of its first ticket (the
 * tickets before it in the list, from 0), so a proof of one leaf proves the entrant's exact
 * ticket numbers [first, first + tickets) and not just its count. The root goes into EntriesClosed
 * as `entryRoot` (lower-case hex) with `entryCount` leaves.
 *
 * Hashing: four leaves or nodes at a time in WebAssembly SIMD (sha256x4.ts) where it is available:
 * leaf inputs written into the module's memory and hashed a batch at a time, then the tree level by
 * level (adjacent nodes paired left to right, an odd last node carried up: the same tree as RFC
 * 9162's split at the largest power of two, tested for every size to 300 and larger ones). Else
 * one pass in JavaScript SHA-256 (sha256.ts) over buffers made once per tree, no string, Buffer or
 * object per leaf or node (node:crypto's per-call set-up cost more than the hashing); the
 * JavaScript hasher also serves the few merges of the frontier.
 */
export const ENTRY_LEAF_ENCODING =
  'leaf = SHA-256(0x00 || UTF-8("<first ticket>\\t<entrant id>\\t<tickets>\\n")), one per entrant in list order, first ticket counted from 0; ' +
  'node = SHA-256(0x01 || left || right); the tree splits at the largest power of two below n (RFC 9162 2.1.1); empty tree: SHA-256().';

export function entryLeafInput(firstTicket: number, entrant: FrozenEntrant): string {
  return `${firstTicket}\t${entrant.entrantId}\t${entrant.tickets}\n`;
}

/** Entrant ids are at most 128 ASCII characters, ticket numbers at most 16 digits: a leaf input fits. */
const LEAF_MAX = 1 + 17 + 129 + 17 + 1;

/**
 * SHA-256 of `buffer[0, length)` into `out[offset, offset + 8)`, the padding written in place after
 * the message (the buffer has room for it): no copy of the message's tail into another block.
 */
function sha256InPlace(buffer: Uint8Array, length: number, out: Int32Array, offset: number): void {
  const end = writeSha256Padding(buffer, 0, length);
  out.set(SHA256_IV, offset);
  for (let at = 0; at < end; at += 64) compress(out, offset, buffer, at);
}

/** Writes the decimal digits of the whole number `value` at `bytes[at]`; returns the index after them. */
function writeDigits(bytes: Uint8Array, at: number, value: number): number {
  if (value < 10) {
    bytes[at] = 0x30 + value;
    return at + 1;
  }
  let digits = 1;
  for (let v = value; v >= 10; v = Math.floor(v / 10)) digits++;
  let v = value;
  for (let i = at + digits - 1; i >= at; i--) {
    bytes[i] = 0x30 + (v % 10);
    v = Math.floor(v / 10);
  }
  return at + digits;
}

/** Hashes leaves and nodes into word arrays through buffers reused for every leaf and node (room for each one's padding). */
class EntryHasher {
  private readonly leaf = new Uint8Array(LEAF_MAX + 64 + 72);
  private readonly node = new Uint8Array(128);
  private length = 0;

  constructor() {
    this.node[0] = 0x01;
  }

  /** Starts a leaf input: 0x00 and the first ticket's digits, then a tab. */
  private begin(firstTicket: number): void {
    const leaf = this.leaf;
    leaf[0] = 0x00;
    const at = writeDigits(leaf, 1, firstTicket);
    leaf[at] = 0x09;
    this.length = at + 1;
  }

  /** The leaf of an entrant into `out[offset..offset + 8)`. */
  entrant(firstTicket: number, entrantId: string, tickets: number, out: Int32Array, offset: number): void {
    this.begin(firstTicket);
    const leaf = this.leaf;
    let at = this.length;
    for (let i = 0; i < entrantId.length && at < LEAF_MAX - 18; i++) leaf[at++] = entrantId.charCodeAt(i) & 0xff;
    leaf[at++] = 0x09;
    at = writeDigits(leaf, at, tickets);
    leaf[at++] = 0x0a;
    sha256InPlace(leaf, at, out, offset);
  }

  /** The leaf of the canonical line `bytes[from, to)` ("<id>\t<tickets>\n", newline included). */
  line(firstTicket: number, bytes: Uint8Array, from: number, to: number, out: Int32Array, offset: number): void {
    this.begin(firstTicket);
    const leaf = this.leaf;
    let at = this.length;
    for (let i = from; i < to && at < LEAF_MAX; i++) leaf[at++] = bytes[i]!;
    sha256InPlace(leaf, at, out, offset);
  }

  /** SHA-256(0x01 || left || right) of the words at `words[l]` and `words[r]`, into `out[offset]`. */
  pair(words: Int32Array, l: number, right: Int32Array, r: number, out: Int32Array, offset: number): void {
    wordsToBytes(words, l, this.node, 1);
    wordsToBytes(right, r, this.node, 33);
    sha256InPlace(this.node, 65, out, offset);
  }
}

const toHash = (words: Int32Array, offset: number): Hash => {
  const out = Buffer.allocUnsafe(32);
  wordsToBytes(words, offset, out, 0);
  return out;
};

/** The right edge of a tree being built (memory in its height): the roots of its perfect subtrees, largest first. */
class EntryFrontier {
  private readonly edge = new Int32Array(8 * 64);
  private depth = 0;
  private leaves = 0;
  private readonly hasher: EntryHasher;

  constructor(hasher: EntryHasher) {
    this.hasher = hasher;
  }

  /** The slot to write the next leaf hash into, then `push()` it. */
  get slot(): { words: Int32Array; offset: number } {
    return { words: this.edge, offset: this.depth * 8 };
  }

  push(): void {
    this.depth += 1;
    for (let index = this.leaves; index % 2 === 1; index = (index - 1) / 2) {
      // The top two entries merge into one.
      const l = (this.depth - 2) * 8;
      this.hasher.pair(this.edge, l, this.edge, l + 8, this.edge, l);
      this.depth -= 1;
    }
    this.leaves += 1;
  }

  get count(): number {
    return this.leaves;
  }

  /**
   * The root; with `tail` (8 words), the root of the tree whose last part is the tree of that root,
   * smaller than the last perfect subtree pushed (chunks of leaves pushed whole, then the rest).
   */
  root(tail?: Int32Array): string {
    if (this.depth === 0 && !tail) return EMPTY_ROOT.toString('hex');
    const acc = new Int32Array(8);
    let top = this.depth - 1;
    if (tail) acc.set(tail);
    else acc.set(this.edge.subarray(top-- * 8, this.depth * 8));
    for (let i = top; i >= 0; i--) this.hasher.pair(this.edge, i * 8, acc, 0, acc, 0);
    return toHash(acc, 0).toString('hex');
  }
}

/** Leaves hashed per call into the WebAssembly module, and the perfect subtrees an entry tree is built of in it. */
const BATCH = 1024;
/** A leaf input's slot: 4 blocks, room for the longest (LEAF_MAX bytes, or an id truncated as EntryHasher does and counts of up to 22 digits) and its padding. */
const SLOT = 256;
const LEAF_IN = HEAP;
const LEAF_COUNTS = LEAF_IN + BATCH * SLOT;
const LEAF_OUT = LEAF_COUNTS + BATCH * 4;
/** The module's memory a batch of leaves takes; a perfect subtree of BATCH leaves is reduced where their inputs were. */
const LEAF_BYTES = LEAF_OUT + BATCH * 32 - HEAP;

/**
 * Leaf inputs written into the module's memory, then hashed four at a time (sha256x4.ts) a batch
 * at a time: the same bytes as EntryHasher writes, so the same leaves. Used within one synchronous
 * call: `open()` first (the memory's current views), `flush()` before returning.
 */
class LeafBatch {
  private u8: Uint8Array = new Uint8Array(0);
  private i32: Int32Array = new Int32Array(0);
  private buffer: Buffer = Buffer.alloc(0);
  private pending = 0;
  private at = 0;

  constructor(
    readonly kernel: Sha256x4Kernel,
    /** Given the leaf digests (8 words each) at i32[from / 4], `count` of them, when a batch is hashed. */
    private readonly sink: (i32: Int32Array, from: number, count: number) => void,
  ) {}

  open(): void {
    ({ u8: this.u8, i32: this.i32, buffer: this.buffer } = this.kernel.reserve(LEAF_BYTES));
  }

  /** Starts a leaf input: 0x00 and the first ticket's digits, then a tab. */
  private begin(firstTicket: number): number {
    const p = LEAF_IN + this.pending * SLOT;
    this.u8[p] = 0x00;
    const at = writeDigits(this.u8, p + 1, firstTicket);
    this.u8[at] = 0x09;
    this.at = p;
    return at + 1;
  }

  /** Pads the leaf input begun at this.at and ending before `end`; hashes the batch when it is full. */
  private end(end: number): void {
    const u8 = this.u8;
    const p = this.at;
    const blocks = (writeSha256Padding(u8, p, end - p) - p) >>> 6;
    this.i32[LEAF_COUNTS / 4 + this.pending] = blocks;
    if (++this.pending === BATCH) this.flush();
  }

  entrant(firstTicket: number, entrantId: string, tickets: number): void {
    const u8 = this.u8;
    let at = this.begin(firstTicket);
    // Each code unit's low byte, up to the limit EntryHasher has (ids are ASCII).
    at += this.buffer.write(entrantId, at, Math.max(0, this.at + LEAF_MAX - 18 - at), 'latin1');
    u8[at++] = 0x09;
    at = writeDigits(u8, at, tickets);
    u8[at++] = 0x0a;
    this.end(at);
  }

  line(firstTicket: number, bytes: Buffer, from: number, to: number): void {
    const at = this.begin(firstTicket);
    // Up to LEAF_MAX bytes of leaf input, as EntryHasher.line.
    this.end(at + bytes.copy(this.u8, at, from, Math.min(to, from + Math.max(0, this.at + LEAF_MAX - at))));
  }

  /** Hashes the leaves written so far and hands them to the sink. */
  flush(): void {
    const count = this.pending;
    if (count === 0) return;
    for (let j = count; j % 4 !== 0; j++) this.i32[LEAF_COUNTS / 4 + j] = 0;
    this.kernel.hashBlocks(LEAF_IN, SLOT, count, LEAF_COUNTS, 256, LEAF_OUT);
    this.pending = 0;
    this.sink(this.i32, LEAF_OUT, count);
  }
}

/**
 * An entry tree's root built in the module, memory in BATCH leaves and the tree's height: the
 * leaves' digests gathered into chunks of BATCH (a power of two), each chunk reduced level by level
 * to the root of its perfect subtree, pushed onto a frontier of them; the last, partial chunk is
 * reduced the same way (an odd node carried up), and the frontier folded onto its root.
 */
class SimdTreeRoot {
  private readonly chunk = new Int32Array(BATCH * 8);
  private inChunk = 0;
  private readonly frontier = new EntryFrontier(new EntryHasher());
  readonly leaves: LeafBatch;

  constructor(kernel: Sha256x4Kernel) {
    this.leaves = new LeafBatch(kernel, (i32, from, count) => this.take(i32, from, count));
  }

  private take(i32: Int32Array, from: number, count: number): void {
    for (let done = 0; done < count;) {
      const n = Math.min(count - done, BATCH - this.inChunk);
      this.chunk.set(i32.subarray(from / 4 + done * 8, from / 4 + (done + n) * 8), this.inChunk * 8);
      this.inChunk += n;
      done += n;
      if (this.inChunk === BATCH) {
        const { words, offset } = this.frontier.slot;
        this.reduceChunk(words, offset);
        this.frontier.push();
      }
    }
  }

  /** The root of the chunk's leaves into `out[offset]`; the chunk emptied. */
  private reduceChunk(out: Int32Array, offset: number): void {
    const kernel = this.leaves.kernel;
    // Where the batch's leaf inputs were: they are hashed by now.
    const { i32 } = kernel.reserve(LEAF_BYTES);
    i32.set(this.chunk.subarray(0, this.inChunk * 8), LEAF_IN / 4);
    kernel.reduce(LEAF_IN, this.inChunk);
    out.set(i32.subarray(LEAF_IN / 4, LEAF_IN / 4 + 8), offset);
    this.inChunk = 0;
  }

  result(): EntryTreeRoot {
    const count = this.frontier.count * BATCH + this.inChunk;
    if (this.inChunk === 0) return { root: this.frontier.root(), count };
    const tail = new Int32Array(8);
    this.reduceChunk(tail, 0);
    return { root: this.frontier.root(tail), count };
  }
}

export interface EntryTreeRoot {
  /** Lower-case hex root of the tree. */
  readonly root: string;
  /** Leaves: entrants of the list. */
  readonly count: number;
}

/** The root of the entry tree of a list's entrants in order, memory in the tree's height. */
export function entryTreeRoot(entrants: Iterable<FrozenEntrant>): EntryTreeRoot {
  const kernel = sha256x4();
  if (kernel) {
    const tree = new SimdTreeRoot(kernel);
    const leaves = tree.leaves;
    leaves.open();
    let first = 0;
    // A list by index: no iterator result made per entrant while this code is still cold (a close runs it once).
    const list: readonly FrozenEntrant[] = Array.isArray(entrants) ? entrants : [...entrants];
    for (let i = 0; i < list.length; i++) {
      const entrant = list[i]!;
      leaves.entrant(first, entrant.entrantId, entrant.tickets);
      first += entrant.tickets;
    }
    leaves.flush();
    return tree.result();
  }
  const hasher = new EntryHasher();
  const frontier = new EntryFrontier(hasher);
  let first = 0;
  for (const entrant of entrants) {
    const { words, offset } = frontier.slot;
    hasher.entrant(first, entrant.entrantId, entrant.tickets, words, offset);
    frontier.push();
    first += entrant.tickets;
  }
  return { root: frontier.root(), count: frontier.count };
}

/**
 * The root of the entry tree of a list given as its canonical lines in pages (`entryLines`, as the
 * close records them): one pass over each page's bytes, the lines' own bytes hashed where they lie.
 * The pages must be canonical lines (`isEntryLines`).
 */
export function entryTreeRootOfLines(pages: Iterable<string>): EntryTreeRoot {
  const builder = new EntryTreeOfLines();
  for (const page of pages) builder.add(page);
  return builder.result();
}

/**
 * `entryTreeRootOfLines` fed one page at a time: a caller with other waits (the audit, while the
 * database reads the log) hashes a page whenever it would otherwise sit idle. The same root.
 */
export class EntryTreeOfLines {
  private readonly hasher = new EntryHasher();
  private readonly frontier = new EntryFrontier(this.hasher);
  /** The WebAssembly builder where the module is available. */
  private readonly simd: SimdTreeRoot | null;
  private first = 0;
  private buffer = Buffer.alloc(0);

  constructor() {
    const kernel = sha256x4();
    this.simd = kernel ? new SimdTreeRoot(kernel) : null;
  }

  /** The next page of canonical lines (`isEntryLines`). */
  add(page: string): void {
    const { hasher, frontier } = this;
    const leaves = this.simd?.leaves;
    leaves?.open();
    if (this.buffer.length < page.length) this.buffer = Buffer.allocUnsafe(page.length * 2);
    const buffer = this.buffer;
    const length = buffer.write(page, 0, 'latin1');
    if (leaves) {
      // Line by line (indexOf finds each newline), the count read back from the newline to the tab.
      for (let start = 0, end = buffer.indexOf(0x0a, 0); end !== -1 && end < length; start = end + 1, end = buffer.indexOf(0x0a, start)) {
        leaves.line(this.first, buffer, start, end + 1);
        let tickets = 0;
        for (let i = end - 1, unit = 1; i >= start && buffer[i] !== 0x09; i--, unit *= 10) tickets += (buffer[i]! - 0x30) * unit;
        this.first += tickets;
      }
      leaves.flush();
      return;
    }
    let start = 0;
    let tickets = 0;
    let inTickets = false;
    for (let i = 0; i < length; i++) {
      const c = buffer[i]!;
      if (c === 0x0a) {
        const { words, offset } = frontier.slot;
        hasher.line(this.first, buffer, start, i + 1, words, offset);
        frontier.push();
        this.first += tickets;
        start = i + 1;
        tickets = 0;
        inTickets = false;
      } else if (c === 0x09) inTickets = true;
      else if (inTickets) tickets = tickets * 10 + (c - 0x30);
    }
  }

  result(): EntryTreeRoot {
    if (this.simd) return this.simd.result();
    return { root: this.frontier.root(), count: this.frontier.count };
  }
}

/**
 * The whole tree of a list (to serve proofs): every level's perfect-subtree hashes as words, and
 * each leaf's first ticket. Built once per committed list and kept (entry proofs and the verify
 * page ask for a few proofs of the same list many times): 32 bytes a leaf for the leaves, as much
 * again for the levels above, 8 for the first ticket.
 */
export class EntryTree {
  readonly size: number;
  /** levels[l]: the hashes (8 words each) of the perfect subtrees of 2^l leaves, left to right. */
  private readonly levels: Int32Array[];
  readonly firstTickets: Float64Array;

  constructor(entrants: readonly FrozenEntrant[]) {
    const hasher = new EntryHasher();
    const n = entrants.length;
    this.size = n;
    this.firstTickets = new Float64Array(n);
    const leaves = new Int32Array(n * 8);
    const kernel = sha256x4();
    this.levels = [leaves];
    if (kernel) {
      // Leaves four at a time in the module a batch at a time, then each level from the one below in place.
      let done = 0;
      const batch = new LeafBatch(kernel, (i32, from, count) => {
        leaves.set(i32.subarray(from / 4, from / 4 + count * 8), done * 8);
        done += count;
      });
      batch.open();
      let first = 0;
      for (let i = 0; i < n; i++) {
        const e = entrants[i]!;
        this.firstTickets[i] = first;
        batch.entrant(first, e.entrantId, e.tickets);
        first += e.tickets;
      }
      batch.flush();
      // BATCH nodes at a time through the module's memory, which so stays small (it never shrinks).
      const { i32 } = kernel.reserve(LEAF_BYTES);
      for (let width = Math.floor(n / 2), below = leaves; width >= 1; width = Math.floor(width / 2)) {
        const level = new Int32Array(width * 8);
        for (let from = 0; from < width; from += BATCH) {
          const count = Math.min(BATCH, width - from);
          i32.set(below.subarray(from * 16, (from + count) * 16), HEAP / 4);
          kernel.hashNodes(HEAP, count, HEAP);
          level.set(i32.subarray(HEAP / 4, HEAP / 4 + count * 8), from * 8);
        }
        this.levels.push(level);
        below = level;
      }
      return;
    }
    let first = 0;
    for (let i = 0; i < n; i++) {
      const e = entrants[i]!;
      this.firstTickets[i] = first;
      hasher.entrant(first, e.entrantId, e.tickets, leaves, i * 8);
      first += e.tickets;
    }
    for (let width = Math.floor(n / 2), below = leaves; width >= 1; width = Math.floor(width / 2)) {
      const level = new Int32Array(width * 8);
      for (let j = 0; j < width; j++) hasher.pair(below, j * 16, below, j * 16 + 8, level, j * 8);
      this.levels.push(level);
      below = level;
    }
  }

  /** The perfect subtree of 2^level leaves at `index`. */
  node(level: number, index: number): Hash {
    const row = this.levels[level];
    if (!row || index * 8 >= row.length) throw new Error(`no node ${level}/${index}`);
    return toHash(row, index * 8);
  }

  root(): Hash {
    return this.size === 0 ? EMPTY_ROOT : this.rangeHash(0, this.size);
  }

  private readonly rangeHash = (lo: number, hi: number): Hash => combineCover(perfectCover(lo, hi).map((n) => this.node(n.level, n.index)));

  /** RFC 9162 2.1.3 inclusion proof of leaf `index`. */
  inclusionProof(index: number): Hash[] {
    return inclusionProof(index, this.size, this.rangeHash);
  }

  /** Bytes held. */
  get bytes(): number {
    return this.levels.reduce((sum, l) => sum + l.byteLength, 0) + this.firstTickets.byteLength;
  }
}

/** The whole tree in memory (to serve proofs): its leaves' first tickets beside it. */
export function entryTree(entrants: readonly FrozenEntrant[]): { readonly tree: EntryTree; readonly firstTickets: ArrayLike<number> } {
  const tree = new EntryTree(entrants);
  return { tree, firstTickets: tree.firstTickets };
}
