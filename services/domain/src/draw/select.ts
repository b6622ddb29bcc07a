import { createHash } from 'node:crypto';
import { DomainError } from '@roar/platform';
import type { FrozenEntrant, FrozenEntryList } from './entry-list';

/**
 * Turning (list hash, revealed randomness, draw id) into winners. Everything is a pure function
 * of recorded values, so an auditor recomputes every winner and every redraw from the event log.
 */

function hexBytes(hex: string, what: string): Buffer {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new DomainError('invalid', `${what} must be 64 hex characters.`);
  return Buffer.from(hex, 'hex');
}

/**
 * seed = sha256(listHash ‖ uint32be(len(randomness)) ‖ randomness ‖ utf8(drawId)), hex.
 * The length prefix keeps the variable-length randomness and draw id from sliding into each
 * other (two different pairs can never give the same bytes).
 */
export function drawSeed(listHash: string, revealedRandomness: Uint8Array, drawId: string): string {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(revealedRandomness.byteLength);
  return createHash('sha256')
    .update(hexBytes(listHash, 'The entry list hash'))
    .update(length)
    .update(revealedRandomness)
    .update(drawId, 'utf8')
    .digest('hex');
}

export interface TicketSample {
  readonly ticket: number;
  /** How many hashes were needed: 1 unless a candidate was rejected. */
  readonly attempts: number;
}

/** Bits needed to write every value of [0, total): candidates are drawn in [0, 2^bits). */
function bitsFor(total: number): number {
  return total <= 1 ? 0 : (total - 1).toString(2).length;
}

/**
 * The k-th ticket: attempt 0 hashes sha256(seed ‖ uint64be(k)), attempt c > 0 hashes
 * sha256(seed ‖ uint64be(k) ‖ uint32be(c)). The top `bits` bits of the first 8 bytes form a
 * candidate in [0, 2^bits); candidates >= total are rejected and re-hashed. Every ticket is
 * therefore exactly equally likely (no modulo bias), and a rejection happens with probability
 * below 1/2, so the expected number of hashes is under 2.
 */
export function sampleTicket(seed: string, k: number, total: number): TicketSample {
  if (!Number.isSafeInteger(total) || total < 1) throw new DomainError('invalid', 'A draw needs at least one ticket.', { total });
  if (!Number.isSafeInteger(k) || k < 0) throw new DomainError('invalid', 'The draw index k must be a whole number of zero or more.', { k });
  const seedBytes = hexBytes(seed, 'The draw seed');
  const index = Buffer.alloc(8);
  index.writeBigUInt64BE(BigInt(k));
  const shift = BigInt(64 - bitsFor(total));
  const limit = BigInt(total);
  for (let attempt = 0; ; attempt++) {
    const hash = createHash('sha256').update(seedBytes).update(index);
    if (attempt > 0) {
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(attempt);
      hash.update(counter);
    }
    const candidate = hash.digest().readBigUInt64BE(0) >> shift;
    if (candidate < limit) return { ticket: Number(candidate), attempts: attempt + 1 };
  }
}

export function ticketFor(seed: string, k: number, total: number): number {
  return sampleTicket(seed, k, total).ticket;
}

/**
 * Exclusive end of each entrant's ticket range: entrant i holds [ends[i-1], ends[i]). One
 * float per entrant (exact up to 2^53, which closeEntryList enforces): memory grows with the
 * number of entrants, never with the number of tickets.
 */
const rangeEnds = new WeakMap<readonly FrozenEntrant[], Float64Array>();

export function ticketRangeEnds(list: Pick<FrozenEntryList, 'entrants'>): Float64Array {
  const cached = rangeEnds.get(list.entrants);
  if (cached) return cached;
  const ends = new Float64Array(list.entrants.length);
  let sum = 0;
  list.entrants.forEach((entrant, i) => {
    sum += entrant.tickets;
    ends[i] = sum;
  });
  rangeEnds.set(list.entrants, ends);
  return ends;
}

export interface TicketHolder {
  readonly index: number;
  readonly entrantId: string;
  /** First ticket number of the holder's range; its last is firstTicket + tickets - 1. */
  readonly firstTicket: number;
  readonly tickets: number;
}

/** Binary search for the entrant whose range holds `ticket`. */
export function winnerFor(list: FrozenEntryList, ticket: number): TicketHolder {
  if (!Number.isSafeInteger(ticket) || ticket < 0 || ticket >= list.totalTickets) {
    throw new DomainError('invalid', 'The ticket is outside the entry list.', { ticket, totalTickets: list.totalTickets });
  }
  const ends = ticketRangeEnds(list);
  let low = 0;
  let high = ends.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((ends[middle] ?? 0) > ticket) high = middle;
    else low = middle + 1;
  }
  const entrant = list.entrants[low];
  if (!entrant) throw new DomainError('invalid', 'The entry list is empty.');
  return { index: low, entrantId: entrant.entrantId, firstTicket: (ends[low] ?? 0) - entrant.tickets, tickets: entrant.tickets };
}
