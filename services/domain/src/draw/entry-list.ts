import { createHash, createHmac } from 'node:crypto';
import { DomainError } from '@roar/platform';

/**
 * The canonical frozen entry list of one draw. Closing a draw turns whatever entries the read
 * side counted into this exact shape, and its SHA-256 is recorded in an event before any
 * randomness is revealed. An auditor who rebuilds the same list from the event log gets the same
 * bytes, hence the same hash: every rule below (merge, sort, drop, serialise) exists so that two
 * honest implementations cannot disagree.
 */
export interface EntryInput {
  readonly entrantId: string;
  readonly tickets: number;
}

export interface FrozenEntrant {
  readonly entrantId: string;
  readonly tickets: number;
}

export interface FrozenEntryList {
  /** Sorted by entrant id in byte order, one row per entrant, every ticket count > 0. */
  readonly entrants: readonly FrozenEntrant[];
  readonly totalTickets: number;
  /** Lower-case hex SHA-256 of the canonical serialisation (`<id>\t<tickets>\n` per entrant). */
  readonly hash: string;
}

/**
 * Printable ASCII without space: tab and newline are the separators of the canonical form, and
 * restricting to ASCII makes JavaScript's UTF-16 string order equal to UTF-8 byte order.
 */
const ENTRANT_ID = /^[\x21-\x7e]{1,128}$/;

/**
 * Entrant ids are pseudonymous so the published list and hash reveal no member ids: the HMAC of
 * the member id keyed by a per-draw salt. The salt stays with staff; an auditor given it can map
 * a winner back to a member, nobody else can link entrants across draws.
 */
export function pseudonymousEntrantId(memberId: string, drawSalt: string | Uint8Array): string {
  return createHmac('sha256', drawSalt).update(memberId, 'utf8').digest('hex');
}

function checkEntry(entry: EntryInput): void {
  if (!ENTRANT_ID.test(entry.entrantId)) {
    throw new DomainError('invalid', 'Entrant ids are 1 to 128 printable ASCII characters without spaces.', { entrantId: entry.entrantId });
  }
  if (!Number.isSafeInteger(entry.tickets) || entry.tickets < 0) {
    throw new DomainError('invalid', 'Ticket counts are whole numbers of zero or more.', { entrantId: entry.entrantId, tickets: entry.tickets });
  }
}

/** Hashing in chunks of lines: one update per line costs too many calls, one string costs too much memory. */
const CHUNK_CHARS = 64 * 1024;

export function hashEntrants(entrants: readonly FrozenEntrant[]): string {
  const hash = createHash('sha256');
  let chunk = '';
  for (const { entrantId, tickets } of entrants) {
    chunk += `${entrantId}\t${tickets}\n`;
    if (chunk.length >= CHUNK_CHARS) {
      hash.update(chunk, 'utf8');
      chunk = '';
    }
  }
  if (chunk.length > 0) hash.update(chunk, 'utf8');
  return hash.digest('hex');
}

/** Merges rows per entrant, drops entrants without tickets, sorts and hashes. */
export function closeEntryList(entries: Iterable<EntryInput>): FrozenEntryList {
  const merged = new Map<string, number>();
  for (const entry of entries) {
    checkEntry(entry);
    merged.set(entry.entrantId, (merged.get(entry.entrantId) ?? 0) + entry.tickets);
  }
  const ids: string[] = [];
  let totalTickets = 0;
  for (const [entrantId, tickets] of merged) {
    if (tickets === 0) continue;
    ids.push(entrantId);
    totalTickets += tickets;
  }
  // Above 2^53 ticket sums stop being exact numbers, and the sampler maps into [0, total).
  if (!Number.isSafeInteger(totalTickets)) throw new DomainError('invalid', 'Too many tickets in one draw.', { totalTickets });
  // Ids are ASCII (checked above), so the default sort's code-unit order is byte order; sorting the
  // strings themselves, without a comparator called back per pair, is several times faster.
  ids.sort();
  const entrants: FrozenEntrant[] = ids.map((entrantId) => ({ entrantId, tickets: merged.get(entrantId)! }));
  return { entrants, totalTickets, hash: hashEntrants(entrants) };
}

/** For the auditor: does a list (e.g. rebuilt from the log) hash to the recorded value? */
export function entryListMatches(list: Pick<FrozenEntryList, 'entrants'>, recordedHash: string): boolean {
  return hashEntrants(list.entrants) === recordedHash.toLowerCase();
}
