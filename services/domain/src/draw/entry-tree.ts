import { hash } from 'node:crypto';
import { EMPTY_ROOT, MemoryTree, type Hash } from '@roar/platform';
import type { FrozenEntrant } from './entry-list';

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
 */
export const ENTRY_LEAF_ENCODING =
  'leaf = SHA-256(0x00 || UTF-8("<first ticket>\\t<entrant id>\\t<tickets>\\n")), one per entrant in list order, first ticket counted from 0; ' +
  'node = SHA-256(0x01 || left || right); the tree splits at the largest power of two below n (RFC 9162 2.1.1); empty tree: SHA-256().';

export function entryLeafInput(firstTicket: number, entrant: FrozenEntrant): string {
  return `${firstTicket}\t${entrant.entrantId}\t${entrant.tickets}\n`;
}

/**
 * SHA-256(0x00 || leaf input), with the one-shot `crypto.hash` (several times faster than a Hash
 * object per leaf: a close of 100,000 entrants hashes 200,000 times).
 */
export function entryLeafHash(firstTicket: number, entrant: FrozenEntrant): Hash {
  return hash('sha256', Buffer.from(`\0${entryLeafInput(firstTicket, entrant)}`, 'utf8'), 'buffer');
}

const NODE_PREFIX = Buffer.from([0x01]);
const entryNodeHash = (left: Hash, right: Hash): Hash => hash('sha256', Buffer.concat([NODE_PREFIX, left, right], 65), 'buffer');

export interface EntryTreeRoot {
  /** Lower-case hex root of the tree. */
  readonly root: string;
  /** Leaves: entrants of the list. */
  readonly count: number;
}

/** The root of the entry tree of a list's entrants in order, memory in the tree's height. */
export function entryTreeRoot(entrants: Iterable<FrozenEntrant>): EntryTreeRoot {
  // The right edge of the tree: the roots of its perfect subtrees, largest first (as merkle.ts's Frontier).
  const edge: Hash[] = [];
  let size = 0;
  let first = 0;
  for (const entrant of entrants) {
    let node = entryLeafHash(first, entrant);
    for (let index = size; index % 2 === 1; index = (index - 1) / 2) node = entryNodeHash(edge.pop()!, node);
    edge.push(node);
    size += 1;
    first += entrant.tickets;
  }
  let root = edge.length === 0 ? EMPTY_ROOT : edge[edge.length - 1]!;
  for (let i = edge.length - 2; i >= 0; i--) root = entryNodeHash(edge[i]!, root);
  return { root: root.toString('hex'), count: size };
}

/** The whole tree in memory (to serve proofs): its leaves' first tickets beside it. */
export function entryTree(entrants: readonly FrozenEntrant[]): { readonly tree: MemoryTree; readonly firstTickets: readonly number[] } {
  const tree = new MemoryTree();
  const firstTickets: number[] = [];
  let first = 0;
  for (const entrant of entrants) {
    firstTickets.push(first);
    tree.appendLeafHash(entryLeafHash(first, entrant));
    first += entrant.tickets;
  }
  return { tree, firstTickets };
}
