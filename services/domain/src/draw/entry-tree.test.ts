import { afterEach, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { verifyInclusion } from '@roar/platform';
import { entryLines } from './entry-list';
import { EntryTreeOfLines, entryLeafInput, entryTree, entryTreeRoot, entryTreeRootOfLines } from './entry-tree';
import { sha256x4, useSha256x4 } from './sha256x4';

const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();

/** RFC 9162 2.1.1 written out directly, over the leaf inputs. */
function naiveRoot(inputs: readonly string[]): Buffer {
  if (inputs.length === 0) return sha();
  if (inputs.length === 1) return sha(Buffer.from([0]), Buffer.from(inputs[0]!, 'utf8'));
  let k = 1;
  while (k * 2 < inputs.length) k *= 2;
  return sha(Buffer.from([1]), naiveRoot(inputs.slice(0, k)), naiveRoot(inputs.slice(k)));
}

const entrants = (n: number) => Array.from({ length: n }, (_, i) => ({ entrantId: `e${String(i).padStart(4, '0')}`, tickets: (i % 7) + 1 }));

describe('entry tree (issue 24)', () => {
  it('a leaf is "<first ticket>\\t<entrant id>\\t<tickets>\\n", the first ticket counted from 0', () => {
    expect(entryLeafInput(0, { entrantId: 'abc', tickets: 3 })).toBe('0\tabc\t3\n');
    expect(entryLeafInput(70, { entrantId: 'def', tickets: 1 })).toBe('70\tdef\t1\n');
  });

  it('the root is RFC 9162 MTH over the leaf inputs in list order, for every size up to 40', () => {
    for (let n = 0; n <= 40; n++) {
      const list = entrants(n);
      let first = 0;
      const inputs = list.map((e) => {
        const line = entryLeafInput(first, e);
        first += e.tickets;
        return line;
      });
      const got = entryTreeRoot(list);
      expect(got).toEqual({ root: naiveRoot(inputs).toString('hex'), count: n });
      const { tree, firstTickets } = entryTree(list);
      if (n > 0) expect(tree.root().toString('hex')).toBe(got.root);
      expect(firstTickets.length).toBe(n);
    }
  });

  it('every leaf has an inclusion proof that verifies, and a changed count or first ticket does not', () => {
    const list = entrants(13);
    const { tree, firstTickets } = entryTree(list);
    const root = tree.root();
    list.forEach((e, i) => {
      const proof = tree.inclusionProof(i);
      const leaf = sha(Buffer.from([0]), Buffer.from(entryLeafInput(firstTickets[i]!, e), 'utf8'));
      expect(verifyInclusion(i, list.length, leaf, proof, root)).toBe(true);
      const forged = sha(Buffer.from([0]), Buffer.from(entryLeafInput(firstTickets[i]!, { ...e, tickets: e.tickets + 1 }), 'utf8'));
      expect(verifyInclusion(i, list.length, forged, proof, root)).toBe(false);
      const moved = sha(Buffer.from([0]), Buffer.from(entryLeafInput(firstTickets[i]! + 1, e), 'utf8'));
      expect(verifyInclusion(i, list.length, moved, proof, root)).toBe(false);
    });
  });

  it('the root from the canonical lines in pages is the root from the entrants, whatever the page size', () => {
    const list = Array.from({ length: 1000 }, (_, i) => ({ entrantId: `id-${i}-${'x'.repeat(i % 120)}`, tickets: ((i * 7919) % 100_000) + 1 }));
    for (const n of [0, 1, 2, 3, 7, 64, 65, 999, 1000]) {
      const part = list.slice(0, n);
      const expected = entryTreeRoot(part);
      for (const pageSize of [1, 3, 100, 1000]) {
        const pages: string[] = [];
        for (let from = 0; from < part.length; from += pageSize) pages.push(entryLines(part.slice(from, from + pageSize)));
        expect(entryTreeRootOfLines(pages), `${n} entrants, pages of ${pageSize}`).toEqual(expected);
      }
    }
  });

  it('leaf inputs of every length up to the longest hash as SHA-256 does (padding across one, two and three blocks)', () => {
    // Ids of 1 to 128 characters, counts of 1 to 13 digits (first tickets up to 16): leaf inputs of 6 to 161 bytes.
    const list = Array.from({ length: 128 }, (_, i) => ({
      entrantId: String.fromCharCode(0x21 + (i % 94)).repeat(i + 1),
      tickets: Number('9'.repeat((i % 15) + 1)),
    }));
    for (const n of [1, 2, 5, 64, 128]) {
      const part = list.slice(0, n);
      let first = 0;
      const inputs = part.map((e) => {
        const line = entryLeafInput(first, e);
        first += e.tickets;
        return line;
      });
      expect(entryTreeRoot(part).root).toBe(naiveRoot(inputs).toString('hex'));
      expect(entryTreeRootOfLines([entryLines(part)]).root).toBe(naiveRoot(inputs).toString('hex'));
      expect(entryTree(part).tree.root().toString('hex')).toBe(naiveRoot(inputs).toString('hex'));
    }
  });

  it('large first tickets and counts hash as their decimal digits', () => {
    const list = [
      { entrantId: 'a', tickets: 2 ** 40 },
      { entrantId: 'b', tickets: 123_456_789_012 },
      { entrantId: 'c', tickets: 1 },
    ];
    let first = 0;
    const inputs = list.map((e) => {
      const line = entryLeafInput(first, e);
      first += e.tickets;
      return line;
    });
    expect(entryTreeRoot(list).root).toBe(naiveRoot(inputs).toString('hex'));
    expect(entryTreeRootOfLines([entryLines(list)]).root).toBe(naiveRoot(inputs).toString('hex'));
    const { tree } = entryTree(list);
    expect(tree.root().toString('hex')).toBe(naiveRoot(inputs).toString('hex'));
  });

  it('proofs of a larger tree verify for leaves across it (the levels kept, not recomputed)', () => {
    const list = entrants(1037);
    const { tree, firstTickets } = entryTree(list);
    const root = tree.root();
    expect(root.toString('hex')).toBe(entryTreeRoot(list).root);
    for (const i of [0, 1, 511, 512, 1023, 1024, 1035, 1036]) {
      const leaf = sha(Buffer.from([0]), Buffer.from(entryLeafInput(firstTickets[i]!, list[i]!), 'utf8'));
      expect(verifyInclusion(i, list.length, leaf, tree.inclusionProof(i), root), `leaf ${i}`).toBe(true);
    }
  });
});

describe('entry tree hashed four leaves at a time in WebAssembly SIMD', () => {
  afterEach(() => {
    useSha256x4(true);
  });

  /** The roots and whole trees of a list by the JavaScript code (one message at a time) and by the WebAssembly path. */
  const both = <T>(build: () => T): { js: T; simd: T } => {
    expect(sha256x4()).not.toBeNull();
    const simd = build();
    useSha256x4(false);
    try {
      return { js: build(), simd };
    } finally {
      useSha256x4(true);
    }
  };

  const varied = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      entrantId: randomBytes(32)
        .toString('hex')
        .slice(0, 1 + ((i * 37) % 64)),
      tickets: ((i * 7919) % 1000) + 1,
    }));

  it('gives the roots of the JavaScript code for every size from 0 to 300 and large sizes (the level-by-level tree is RFC 9162 tree)', () => {
    for (const n of [...Array.from({ length: 301 }, (_, i) => i), 1023, 1024, 1025, 2048, 2049, 3071, 4096, 5000, 20_001]) {
      const list = varied(n);
      const roots = both(() => ({
        root: entryTreeRoot(list),
        ofLines: entryTreeRootOfLines([entryLines(list)]),
        tree: entryTree(list).tree.root().toString('hex'),
      }));
      expect(roots.simd, `${n} entrants`).toEqual(roots.js);
      if (n > 0) expect(roots.simd.tree).toBe(roots.js.root.root);
    }
    // Built a batch at a time: the module's memory (which never shrinks) stays under 512 kB whatever the list.
    expect(sha256x4()!.reserve(0).u8.length).toBeLessThanOrEqual(2 ** 19);
  });

  it('gives the same whole tree: every perfect subtree, every proof, the first tickets', () => {
    for (const n of [1, 2, 3, 5, 8, 13, 100, 1025, 3000]) {
      const list = varied(n);
      const trees = both(() => entryTree(list));
      expect(Array.from(trees.simd.firstTickets)).toEqual(Array.from(trees.js.firstTickets));
      expect(trees.simd.tree.bytes).toBe(trees.js.tree.bytes);
      for (let level = 0; 2 ** level <= n; level++)
        for (let i = 0; (i + 1) * 2 ** level <= n; i++) expect(trees.simd.tree.node(level, i).equals(trees.js.tree.node(level, i))).toBe(true);
      for (const i of [0, Math.floor(n / 2), n - 1]) expect(trees.simd.tree.inclusionProof(i)).toEqual(trees.js.tree.inclusionProof(i));
    }
  });

  it('gives the same root from lines fed in pages of any size, across batches of 1,024 leaves', () => {
    const list = varied(5000);
    for (const pageSize of [1, 7, 1000, 1024, 1500, 5000]) {
      const pages: string[] = [];
      for (let from = 0; from < list.length; from += pageSize) pages.push(entryLines(list.slice(from, from + pageSize)));
      const roots = both(() => entryTreeRootOfLines(pages));
      expect(roots.simd, `pages of ${pageSize}`).toEqual(roots.js);
    }
  });

  it('keeps its leaves apart from another tree built between its pages', () => {
    const a = varied(3000);
    const b = varied(2000).map((e) => ({ ...e, tickets: e.tickets + 1 }));
    const expected = [entryTreeRootOfLines([entryLines(a)]), entryTreeRootOfLines([entryLines(b)])];
    const ta = new EntryTreeOfLines();
    const tb = new EntryTreeOfLines();
    for (let from = 0; from < 3000; from += 700) {
      ta.add(entryLines(a.slice(from, from + 700)));
      tb.add(entryLines(b.slice(from, from + 700)));
      // A whole tree in between, which grows the module's memory.
      entryTree(varied(3000));
    }
    expect([ta.result(), tb.result()]).toEqual(expected);
  });
});
