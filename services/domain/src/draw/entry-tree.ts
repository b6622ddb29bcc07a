import { Frontier, MemoryTree, leafHash, type Hash } from '@roar/platform';
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

export function entryLeafHash(firstTicket: number, entrant: FrozenEntrant): Hash {
  return leafHash(Buffer.from(entryLeafInput(firstTicket, entrant), 'utf8'));
}

export interface EntryTreeRoot {
  /** Lower-case hex root of the tree. */
  readonly root: string;
  /** Leaves: entrants of the list. */
  readonly count: number;
}

/** The root of the entry tree of a list's entrants in order, memory in the tree's height. */
export function entryTreeRoot(entrants: Iterable<FrozenEntrant>): EntryTreeRoot {
  const frontier = new Frontier();
  let first = 0;
  for (const entrant of entrants) {
    frontier.append(entryLeafHash(first, entrant));
    first += entrant.tickets;
  }
  return { root: frontier.root().toString('hex'), count: frontier.size };
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
