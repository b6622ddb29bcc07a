import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { verifyInclusion } from '@roar/platform';
import { entryLeafInput, entryTree, entryTreeRoot } from './entry-tree';

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
});
