import { createHash } from 'node:crypto';

/**
 * The Merkle tree of RFC 9162 section 2.1, over SHA-256: a leaf hashes as SHA-256(0x00 || input),
 * an interior node as SHA-256(0x01 || left || right), and a tree of n > 1 leaves splits at k, the
 * largest power of two smaller than n (section 2.1.1). Hashes are 32-byte Buffers.
 *
 * The algorithms are written over a `RangeHasher` (the hash of the leaves [lo, hi)) so that one
 * implementation serves a tree held in memory and one stored in PostgreSQL, where every perfect
 * subtree's root is a row and any range is the combination of at most log2(n) of them.
 */
export type Hash = Buffer;

export const HASH_SIZE = 32;
const LEAF_PREFIX = Buffer.from([0x00]);
const NODE_PREFIX = Buffer.from([0x01]);

export function leafHash(input: Uint8Array): Hash {
  return createHash('sha256').update(LEAF_PREFIX).update(input).digest();
}

export function nodeHash(left: Hash, right: Hash): Hash {
  return createHash('sha256').update(NODE_PREFIX).update(left).update(right).digest();
}

/** MTH({}) = SHA-256() */
export const EMPTY_ROOT: Hash = createHash('sha256').digest();

/** The largest power of two smaller than n (n > 1). */
export function splitPoint(n: number): number {
  if (n < 2) throw new Error(`no split for a tree of ${n}`);
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** The root of the leaves [lo, hi) of the tree; hi > lo. */
export type RangeHasher = (lo: number, hi: number) => Hash;

/** A perfect subtree: 2^level leaves starting at leaf index * 2^level. */
export interface NodeId {
  readonly level: number;
  readonly index: number;
}

/**
 * The perfect subtrees whose roots combine (right to left, as MTH does) into the root of the
 * leaves [lo, hi), when lo is a multiple of the largest power of two not above hi - lo, which is
 * the case for every range the RFC's algorithms ask for (each is a subtree of the RFC's recursion).
 */
export function perfectCover(lo: number, hi: number): NodeId[] {
  const out: NodeId[] = [];
  while (lo < hi) {
    const n = hi - lo;
    if ((n & (n - 1)) === 0 && n > 0) {
      const level = Math.log2(n);
      if (lo % n !== 0) throw new Error(`range [${lo}, ${hi}) is not a subtree`);
      out.push({ level, index: lo / n });
      break;
    }
    const k = splitPoint(n);
    if (lo % k !== 0) throw new Error(`range [${lo}, ${hi}) is not a subtree`);
    out.push({ level: Math.log2(k), index: lo / k });
    lo += k;
  }
  return out;
}

/** The root of [lo, hi) from the roots of its perfect cover (as perfectCover lists them). */
export function combineCover(hashes: readonly Hash[]): Hash {
  if (hashes.length === 0) throw new Error('empty cover');
  let acc = hashes[hashes.length - 1]!;
  for (let i = hashes.length - 2; i >= 0; i--) acc = nodeHash(hashes[i]!, acc);
  return acc;
}

/** PATH(m, D[lo:hi]) of RFC 9162 2.1.3.1, offset by lo. */
function path(m: number, lo: number, hi: number, mth: RangeHasher, out: Hash[]): void {
  const n = hi - lo;
  if (n <= 1) return;
  const k = splitPoint(n);
  if (m < k) {
    path(m, lo, lo + k, mth, out);
    out.push(mth(lo + k, hi));
  } else {
    path(m - k, lo + k, hi, mth, out);
    out.push(mth(lo, lo + k));
  }
}

/** The inclusion proof of leaf `index` in the tree of `size` leaves (RFC 9162 2.1.3.1). */
export function inclusionProof(index: number, size: number, mth: RangeHasher): Hash[] {
  if (!Number.isInteger(index) || !Number.isInteger(size) || index < 0 || index >= size) {
    throw new RangeError(`leaf ${index} is not in a tree of ${size}`);
  }
  const out: Hash[] = [];
  path(index, 0, size, mth, out);
  return out;
}

/** SUBPROOF(m, D[lo:hi], b) of RFC 9162 2.1.4.1, offset by lo. */
function subproof(m: number, lo: number, hi: number, b: boolean, mth: RangeHasher, out: Hash[]): void {
  const n = hi - lo;
  if (m === n) {
    if (!b) out.push(mth(lo, hi));
    return;
  }
  const k = splitPoint(n);
  if (m <= k) {
    subproof(m, lo, lo + k, b, mth, out);
    out.push(mth(lo + k, hi));
  } else {
    subproof(m - k, lo + k, hi, false, mth, out);
    out.push(mth(lo, lo + k));
  }
}

/** The consistency proof between the trees of `first` and `second` leaves (RFC 9162 2.1.4.1). */
export function consistencyProof(first: number, second: number, mth: RangeHasher): Hash[] {
  if (!Number.isInteger(first) || !Number.isInteger(second) || first < 1 || first > second) {
    throw new RangeError(`no consistency proof from ${first} to ${second}`);
  }
  const out: Hash[] = [];
  if (first === second) return out;
  subproof(first, 0, second, true, mth, out);
  return out;
}

function allHashes(hashes: readonly Hash[]): boolean {
  return hashes.every((h) => h.length === HASH_SIZE);
}

/** Verifies an inclusion proof as RFC 9162 section 2.1.3.2 does. */
export function verifyInclusion(index: number, size: number, leaf: Hash, proof: readonly Hash[], root: Hash): boolean {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return false;
  if (!allHashes([leaf, root, ...proof])) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && r.equals(root);
}

/** Verifies a consistency proof as RFC 9162 section 2.1.4.2 does. */
export function verifyConsistency(first: number, second: number, firstRoot: Hash, secondRoot: Hash, proof: readonly Hash[]): boolean {
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(second) || first < 1 || first > second) return false;
  if (!allHashes([firstRoot, secondRoot, ...proof])) return false;
  if (first === second) return proof.length === 0 && firstRoot.equals(secondRoot);
  if (proof.length === 0) return false;
  const steps = [...proof];
  // 2. If first is an exact power of 2, prepend first_hash to the proof.
  if ((first & (first - 1)) === 0) steps.unshift(firstRoot);
  let fn = first - 1;
  let sn = second - 1;
  // 4. If LSB(fn) is set, right-shift both fn and sn until LSB(fn) is not set.
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = steps[0]!;
  let sr = steps[0]!;
  for (const c of steps.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return fr.equals(firstRoot) && sr.equals(secondRoot) && sn === 0;
}

/** A tree held in memory as its leaf hashes, with every perfect subtree's root cached. */
export class MemoryTree {
  private readonly levels: Hash[][] = [[]];

  get size(): number {
    return this.levels[0]!.length;
  }

  appendLeafHash(hash: Hash): void {
    this.levels[0]!.push(hash);
    let level = 0;
    let index = this.levels[0]!.length - 1;
    while (index % 2 === 1) {
      const row = this.levels[level]!;
      const parent = nodeHash(row[index - 1]!, row[index]!);
      level += 1;
      (this.levels[level] ??= []).push(parent);
      index = (index - 1) / 2;
    }
  }

  node(level: number, index: number): Hash {
    const h = this.levels[level]?.[index];
    if (!h) throw new Error(`no node ${level}/${index}`);
    return h;
  }

  readonly rangeHash: RangeHasher = (lo, hi) => combineCover(perfectCover(lo, hi).map((n) => this.node(n.level, n.index)));

  root(size = this.size): Hash {
    return size === 0 ? EMPTY_ROOT : this.rangeHash(0, size);
  }

  inclusionProof(index: number, size = this.size): Hash[] {
    return inclusionProof(index, size, this.rangeHash);
  }

  consistencyProof(first: number, second = this.size): Hash[] {
    return consistencyProof(first, second, this.rangeHash);
  }
}

/**
 * The right edge of a tree (its "compact range" from 0): the roots of the perfect subtrees that
 * cover [0, size), largest first. Appending a leaf merges equal-sized subtrees, yielding each new
 * perfect node so that a store can keep it. The root of the tree so far is their combination.
 */
export class Frontier {
  constructor(
    private sizeValue = 0,
    private readonly nodes: Hash[] = [],
  ) {}

  get size(): number {
    return this.sizeValue;
  }

  /** Appends a leaf hash; returns every perfect subtree this completes (the leaf itself first). */
  append(leaf: Hash): Array<NodeId & { hash: Hash }> {
    const made: Array<NodeId & { hash: Hash }> = [{ level: 0, index: this.sizeValue, hash: leaf }];
    let hash = leaf;
    let index = this.sizeValue;
    let level = 0;
    this.nodes.push(leaf);
    while (index % 2 === 1) {
      this.nodes.pop();
      const left = this.nodes.pop()!;
      hash = nodeHash(left, hash);
      level += 1;
      index = (index - 1) / 2;
      this.nodes.push(hash);
      made.push({ level, index, hash });
    }
    this.sizeValue += 1;
    return made;
  }

  root(): Hash {
    return this.nodes.length === 0 ? EMPTY_ROOT : combineCover(this.nodes);
  }
}
