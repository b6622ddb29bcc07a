import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  consistencyProof,
  EMPTY_ROOT,
  Frontier,
  inclusionProof,
  leafHash,
  MemoryTree,
  nodeHash,
  verifyConsistency,
  verifyInclusion,
  type Hash,
} from './merkle';

// Test vectors of RFC 6962 / RFC 9162 trees as the transparency-dev/merkle module publishes them
// (testonly/constants.go, testdata/{inclusion,consistency}/*/happy-path.json): the eight leaf
// inputs, the root of every tree size 0..8, and proofs in that tree.
const LEAF_INPUTS = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'];
const ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const LEAF_HASHES = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
  '0298d122906dcfc10892cb53a73992fc5b9f493ea4c9badb27b791b4127a7fe7',
  '07506a85fd9dd2f120eb694f86011e5bb4662e5c415a62917033d4a9624487e7',
  'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
  '4271a26be0d8a84f0bd54c8c302e7cb3a3b5d1fa6780a40bcce2873477dab658',
  'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
  '46f6ffadd3d06a09ff3c5860d2755c8b9819db7df44251788c7d8e3180de8eb1',
];
const INCLUSION = [
  {
    leafIdx: 0,
    treeSize: 8,
    root: 'XcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=',
    leafHash: 'bjQLnP+zepicpUTmu3gKLHiQHT+zNzh2hRGjBhevoB0=',
    proof: [
      'lqKW0iTyhcZ77pPDD4owkVfw2qNdxbh+QQt4YwoJz8c=',
      'Xwg/ChozygdqlSeYMlgNs+DvRYS9/x9UyKNg9Q3jAx4=',
      'a0eq8p7jwq+a+Im8H7klTavTEXfxYjLdaqsDXKOb9uQ=',
    ],
  },
  {
    leafIdx: 5,
    treeSize: 8,
    root: 'XcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=',
    leafHash: 'QnGia+DYqE8L1UyMMC58s6O10fpngKQLzOKHNHfatlg=',
    proof: [
      'vBoGQ7EuTS18d5GPROD095qDi2z57FtcKD4fTYhZnms=',
      'yoVOoSjtBQtBs1/8G4e46yveRh6eO1WW7Oa51ZdaCuA=',
      '037kGJdt2VdTwcc4Yrk5j6Kiz5tP8P3+izDNlSCWFLc=',
    ],
  },
  {
    leafIdx: 2,
    treeSize: 3,
    root: 'rra8/idLcKFPsGel5VeCZNsPqbUa9eC6FZFY8yngbnc=',
    leafHash: 'ApjRIpBtz8EIkstTpzmS/FufST6kybrbJ7eRtBJ6f+c=',
    proof: ['+sVCA+fMaWzw38tCySodnbr3CtnmIfS9jZhmLwDjwSU='],
  },
  {
    leafIdx: 1,
    treeSize: 5,
    root: 'Tju7H3tHjc/nH7YxYxUZo7yhLJrvyhYSv85ME6hiZNQ=',
    leafHash: 'lqKW0iTyhcZ77pPDD4owkVfw2qNdxbh+QQt4YwoJz8c=',
    proof: [
      'bjQLnP+zepicpUTmu3gKLHiQHT+zNzh2hRGjBhevoB0=',
      'Xwg/ChozygdqlSeYMlgNs+DvRYS9/x9UyKNg9Q3jAx4=',
      'vBoGQ7EuTS18d5GPROD095qDi2z57FtcKD4fTYhZnms=',
    ],
  },
];
const CONSISTENCY = [
  {
    size1: 1,
    size2: 8,
    root1: 'bjQLnP+zepicpUTmu3gKLHiQHT+zNzh2hRGjBhevoB0=',
    root2: 'XcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=',
    proof: [
      'lqKW0iTyhcZ77pPDD4owkVfw2qNdxbh+QQt4YwoJz8c=',
      'Xwg/ChozygdqlSeYMlgNs+DvRYS9/x9UyKNg9Q3jAx4=',
      'a0eq8p7jwq+a+Im8H7klTavTEXfxYjLdaqsDXKOb9uQ=',
    ],
  },
  {
    size1: 6,
    size2: 8,
    root1: 'duZ9rbzfHhDht03cYIq9L5jfsW+851J3tSMqEn8gh+8=',
    root2: 'XcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=',
    proof: [
      'DrxdNDf74tsVi58Sah0RjjCBgQMdCpSfje3t68VY72o=',
      'yoVOoSjtBQtBs1/8G4e46yveRh6eO1WW7Oa51ZdaCuA=',
      '037kGJdt2VdTwcc4Yrk5j6Kiz5tP8P3+izDNlSCWFLc=',
    ],
  },
  {
    size1: 2,
    size2: 5,
    root1: '+sVCA+fMaWzw38tCySodnbr3CtnmIfS9jZhmLwDjwSU=',
    root2: 'Tju7H3tHjc/nH7YxYxUZo7yhLJrvyhYSv85ME6hiZNQ=',
    proof: ['Xwg/ChozygdqlSeYMlgNs+DvRYS9/x9UyKNg9Q3jAx4=', 'vBoGQ7EuTS18d5GPROD095qDi2z57FtcKD4fTYhZnms='],
  },
  {
    size1: 6,
    size2: 7,
    root1: 'duZ9rbzfHhDht03cYIq9L5jfsW+851J3tSMqEn8gh+8=',
    root2: '3bib5AOAnjJXUNPSY814kpwpQreUKjS3fhIslZSnTIw=',
    proof: [
      'DrxdNDf74tsVi58Sah0RjjCBgQMdCpSfje3t68VY72o=',
      'sIaT7C5yFZcTBkHoIR5+7cy0wmQTlj7ubB4u0W/7Gl8=',
      '037kGJdt2VdTwcc4Yrk5j6Kiz5tP8P3+izDNlSCWFLc=',
    ],
  },
];

const b64 = (s: string): Hash => Buffer.from(s, 'base64');
const hex = (h: Hash): string => h.toString('hex');

function vectorTree(): MemoryTree {
  const tree = new MemoryTree();
  for (const input of LEAF_INPUTS) tree.appendLeafHash(leafHash(Buffer.from(input, 'hex')));
  return tree;
}

/** MTH of RFC 9162 2.1.1, written out literally over the leaf hashes. */
function naiveRoot(leaves: readonly Hash[]): Hash {
  if (leaves.length === 0) return createHash('sha256').digest();
  if (leaves.length === 1) return leaves[0]!;
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return nodeHash(naiveRoot(leaves.slice(0, k)), naiveRoot(leaves.slice(k)));
}

function naivePath(m: number, leaves: readonly Hash[]): Hash[] {
  if (leaves.length <= 1) return [];
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return m < k
    ? [...naivePath(m, leaves.slice(0, k)), naiveRoot(leaves.slice(k))]
    : [...naivePath(m - k, leaves.slice(k)), naiveRoot(leaves.slice(0, k))];
}

function naiveSubproof(m: number, leaves: readonly Hash[], b: boolean): Hash[] {
  const n = leaves.length;
  if (m === n) return b ? [] : [naiveRoot(leaves)];
  let k = 1;
  while (k * 2 < n) k *= 2;
  return m <= k
    ? [...naiveSubproof(m, leaves.slice(0, k), b), naiveRoot(leaves.slice(k))]
    : [...naiveSubproof(m - k, leaves.slice(k), false), naiveRoot(leaves.slice(0, k))];
}

function flipBit(h: Hash, bit = 0): Hash {
  const copy = Buffer.from(h);
  copy[bit >> 3]! ^= 1 << (bit & 7);
  return copy;
}

describe('RFC 9162 Merkle tree: the published test vectors', () => {
  it('hashes the empty tree, the eight leaves and every root of size 0..8', () => {
    expect(hex(EMPTY_ROOT)).toBe(ROOTS[0]);
    const tree = vectorTree();
    LEAF_INPUTS.forEach((input, i) => expect(hex(leafHash(Buffer.from(input, 'hex')))).toBe(LEAF_HASHES[i]));
    for (let size = 0; size <= 8; size++) expect(hex(tree.root(size)), `root of ${size}`).toBe(ROOTS[size]);
    const frontier = new Frontier();
    for (let i = 0; i < 8; i++) {
      frontier.append(tree.node(0, i));
      expect(hex(frontier.root())).toBe(ROOTS[i + 1]);
    }
  });

  it.each(INCLUSION)('inclusion of leaf $leafIdx in a tree of $treeSize: the same proof, and it verifies', (v) => {
    const tree = vectorTree();
    expect(tree.inclusionProof(v.leafIdx, v.treeSize).map((h) => h.toString('base64'))).toEqual(v.proof);
    expect(hex(tree.node(0, v.leafIdx))).toBe(hex(b64(v.leafHash)));
    const proof = v.proof.map(b64);
    expect(verifyInclusion(v.leafIdx, v.treeSize, b64(v.leafHash), proof, b64(v.root))).toBe(true);
    // The corruptions the vectors list: each must fail.
    expect(verifyInclusion(v.leafIdx ^ 2, v.treeSize, b64(v.leafHash), proof, b64(v.root))).toBe(false);
    expect(verifyInclusion(v.leafIdx + 1, v.treeSize, b64(v.leafHash), proof, b64(v.root))).toBe(false);
    expect(verifyInclusion(v.leafIdx, v.treeSize * 2, b64(v.leafHash), proof, b64(v.root))).toBe(false);
    expect(verifyInclusion(v.leafIdx, v.treeSize, b64(v.leafHash), proof, EMPTY_ROOT)).toBe(false);
    expect(verifyInclusion(v.leafIdx, v.treeSize, flipBit(b64(v.leafHash)), proof, b64(v.root))).toBe(false);
    expect(verifyInclusion(v.leafIdx, v.treeSize, b64(v.leafHash), [...proof, b64(v.root)], b64(v.root))).toBe(false);
    expect(verifyInclusion(v.leafIdx, v.treeSize, b64(v.leafHash), [b64(v.root), ...proof], b64(v.root))).toBe(false);
    expect(verifyInclusion(v.leafIdx, v.treeSize, b64(v.leafHash), proof.slice(0, -1), b64(v.root))).toBe(false);
    proof.forEach((_, i) => {
      const bad = proof.map((h, j) => (i === j ? flipBit(h, 3) : h));
      expect(verifyInclusion(v.leafIdx, v.treeSize, b64(v.leafHash), bad, b64(v.root))).toBe(false);
    });
  });

  it.each(CONSISTENCY)('consistency from $size1 to $size2: the same proof, and it verifies', (v) => {
    const tree = vectorTree();
    expect(tree.consistencyProof(v.size1, v.size2).map((h) => h.toString('base64'))).toEqual(v.proof);
    const proof = v.proof.map(b64);
    const [r1, r2] = [b64(v.root1), b64(v.root2)];
    expect(verifyConsistency(v.size1, v.size2, r1, r2, proof)).toBe(true);
    expect(verifyConsistency(v.size1, v.size2, r2, r1, proof)).toBe(false);
    expect(verifyConsistency(v.size1, v.size2, r1, r2, [])).toBe(false);
    expect(verifyConsistency(v.size1 + 1, v.size2, r1, r2, proof)).toBe(false);
    expect(verifyConsistency(v.size1, v.size2 * 2, r1, r2, proof)).toBe(false);
    expect(verifyConsistency(v.size1, v.size2, flipBit(r1), r2, proof)).toBe(false);
    expect(verifyConsistency(v.size1, v.size2, r1, flipBit(r2), proof)).toBe(false);
    expect(verifyConsistency(v.size1, v.size2, r1, r2, [...proof, r2])).toBe(false);
    expect(verifyConsistency(v.size1, v.size2, r1, r2, proof.slice(0, -1))).toBe(false);
    proof.forEach((_, i) => {
      const bad = proof.map((h, j) => (i === j ? flipBit(h, 4) : h));
      expect(verifyConsistency(v.size1, v.size2, r1, r2, bad)).toBe(false);
    });
  });
});

describe('RFC 9162 Merkle tree: random trees against the naive definition', () => {
  it('roots, inclusion and consistency proofs match and verify for every index and size up to 70', () => {
    const leaves = Array.from({ length: 70 }, () => leafHash(randomBytes(1 + Math.floor(Math.random() * 40))));
    const tree = new MemoryTree();
    const frontier = new Frontier();
    for (const leaf of leaves) {
      tree.appendLeafHash(leaf);
      frontier.append(leaf);
      expect(hex(frontier.root())).toBe(hex(naiveRoot(leaves.slice(0, tree.size))));
    }
    for (let size = 1; size <= leaves.length; size++) {
      const prefix = leaves.slice(0, size);
      const root = naiveRoot(prefix);
      expect(hex(tree.root(size))).toBe(hex(root));
      for (let m = 0; m < size; m++) {
        const proof = inclusionProof(m, size, tree.rangeHash);
        expect(proof.map(hex)).toEqual(naivePath(m, prefix).map(hex));
        expect(verifyInclusion(m, size, leaves[m]!, proof, root)).toBe(true);
        if (proof.length > 0) expect(verifyInclusion(m, size, leaves[(m + 1) % size]!, proof, root)).toBe(false);
      }
      for (let first = 1; first <= size; first++) {
        const proof = consistencyProof(first, size, tree.rangeHash);
        expect(proof.map(hex)).toEqual(first === size ? [] : naiveSubproof(first, prefix, true).map(hex));
        expect(verifyConsistency(first, size, tree.root(first), root, proof)).toBe(true);
        if (first < size) expect(verifyConsistency(first, size, flipBit(tree.root(first)), root, proof)).toBe(false);
      }
    }
  });

  it('refuses indexes and sizes outside the tree', () => {
    const tree = vectorTree();
    expect(() => tree.inclusionProof(8, 8)).toThrow(RangeError);
    expect(() => tree.inclusionProof(-1, 8)).toThrow(RangeError);
    expect(() => tree.consistencyProof(0, 8)).toThrow(RangeError);
    expect(() => tree.consistencyProof(5, 4)).toThrow(RangeError);
  });
});
