import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { closeEntryList } from './entry-list';
import { drawSeed, sampleTicket, ticketFor, ticketRangeEnds, winnerFor } from './select';

const list = closeEntryList([
  { entrantId: 'alice', tickets: 3 },
  { entrantId: 'bob', tickets: 5 },
  { entrantId: 'carol', tickets: 2 },
  { entrantId: 'dave', tickets: 7 },
]);
const randomness = Buffer.from('roar-test-vector-randomness-0001', 'utf8');
const seed = drawSeed(list.hash, randomness, 'draw-test-vector');

/** Written from the rule in the docs, independently of select.ts, to check it. */
function referenceTicket(seedHex: string, k: number, total: number): number {
  const bits = total <= 1 ? 0 : Math.ceil(Math.log2(total));
  for (let attempt = 0; ; attempt++) {
    const parts = [Buffer.from(seedHex, 'hex'), Buffer.from(k.toString(16).padStart(16, '0'), 'hex')];
    if (attempt > 0) parts.push(Buffer.from(attempt.toString(16).padStart(8, '0'), 'hex'));
    const digest = createHash('sha256').update(Buffer.concat(parts)).digest();
    const top64 = BigInt(`0x${digest.subarray(0, 8).toString('hex')}`);
    const candidate = bits === 0 ? 0n : top64 >> BigInt(64 - bits);
    if (candidate < BigInt(total)) return Number(candidate);
  }
}

describe('the fixed test vector', () => {
  it('pins the list hash, the seed and the first tickets', () => {
    expect(list.hash).toBe('c85fb3a768e8796174cd3a8891bcd4ef34e1d0eb5a938f4273ddb13c1a9d2e9c');
    expect(list.totalTickets).toBe(17);
    expect(seed).toBe('a5287bb30d960c45052ac8e9488119c4cbef881ea059c24b9ee6736f98b103d9');
    expect([0, 1, 2, 3, 4, 5].map((k) => sampleTicket(seed, k, 17))).toEqual([
      { ticket: 0, attempts: 3 },
      { ticket: 5, attempts: 4 },
      { ticket: 2, attempts: 1 },
      { ticket: 8, attempts: 2 },
      { ticket: 4, attempts: 3 },
      { ticket: 5, attempts: 1 },
    ]);
    expect(winnerFor(list, ticketFor(seed, 0, 17)).entrantId).toBe('alice');
  });

  it('agrees with an independent implementation of the sampling rule', () => {
    for (const total of [1, 2, 3, 17, 1000, 2 ** 20 + 1, 10_000_000, 2 ** 53 - 1]) {
      for (let k = 0; k < 50; k++) expect(ticketFor(seed, k, total)).toBe(referenceTicket(seed, k, total));
    }
  });
});

describe('the seed', () => {
  it('depends on the list hash, the randomness and the draw id', () => {
    const other = closeEntryList([
      { entrantId: 'alice', tickets: 4 },
      { entrantId: 'bob', tickets: 5 },
    ]);
    expect(drawSeed(list.hash, randomness, 'draw-test-vector')).toBe(seed);
    expect(drawSeed(other.hash, randomness, 'draw-test-vector')).not.toBe(seed);
    expect(drawSeed(list.hash, Buffer.from('other randomness'), 'draw-test-vector')).not.toBe(seed);
    expect(drawSeed(list.hash, randomness, 'draw-2')).not.toBe(seed);
  });

  it('cannot be reproduced by moving bytes between the randomness and the draw id', () => {
    expect(drawSeed(list.hash, Buffer.from('ab'), 'c')).not.toBe(drawSeed(list.hash, Buffer.from('a'), 'bc'));
  });
});

describe('ticket sampling', () => {
  it('rejects and re-hashes candidates above the total (total just above a power of two)', () => {
    const total = 2 ** 20 + 1;
    const samples = Array.from({ length: 400 }, (_, k) => sampleTicket(seed, k, total));
    const rejected = samples.filter((s) => s.attempts > 1).length;
    // Half of the 2^21 candidates are >= total: about 200 of 400 need a second hash.
    expect(rejected).toBeGreaterThan(120);
    expect(rejected).toBeLessThan(280);
    expect(samples.every((s) => Number.isInteger(s.ticket) && s.ticket >= 0 && s.ticket < total)).toBe(true);
  });

  it('draws every ticket equally often (chi-square over many seeds, loose bound)', () => {
    const total = 10; // 4-bit candidates: a modulo mapping would give tickets 0-5 twice the weight of 6-9
    const counts = new Array<number>(total).fill(0);
    const rounds = 20_000;
    for (let i = 0; i < rounds; i++) {
      const s = createHash('sha256').update(`seed-${i}`).digest('hex');
      const t = ticketFor(s, i % 3, total);
      counts[t] = (counts[t] ?? 0) + 1;
    }
    const expected = rounds / total;
    const chiSquare = counts.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
    // 9 degrees of freedom: 27.9 is the 99.9th percentile; a biased sampler scores in the thousands.
    expect(chiSquare).toBeLessThan(40);
  });

  it('refuses an empty draw and negative k', () => {
    expect(() => ticketFor(seed, 0, 0)).toThrow('A draw needs at least one ticket.');
    expect(() => ticketFor(seed, -1, 5)).toThrow('The draw index k must be a whole number of zero or more.');
    expect(() => ticketFor('short', 0, 5)).toThrow('The draw seed must be 64 hex characters.');
  });
});

describe('the ticket holder', () => {
  it('is the entrant whose range holds the ticket (ranges follow the sorted list)', () => {
    // alice 0-2, bob 3-7, carol 8-9, dave 10-16
    const holders = Array.from({ length: 17 }, (_, t) => winnerFor(list, t).entrantId);
    expect(holders).toEqual([...'aaabbbbbccddddddd'].map((c) => ({ a: 'alice', b: 'bob', c: 'carol', d: 'dave' })[c]));
    expect(winnerFor(list, 9)).toEqual({ index: 2, entrantId: 'carol', firstTicket: 8, tickets: 2 });
    expect(() => winnerFor(list, 17)).toThrow('The ticket is outside the entry list.');
    expect(ticketRangeEnds(list)).toHaveLength(list.entrants.length);
  });
});
