import { describe, expect, it } from 'vitest';
import { closeEntryList, pseudonymousEntrantId } from './entry-list';
import { drawSeed, ticketRangeEnds } from './select';
import { drawWinners } from './winners';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const list = closeEntryList([
  { entrantId: 'alice', tickets: 3 },
  { entrantId: 'bob', tickets: 5 },
  { entrantId: 'carol', tickets: 2 },
  { entrantId: 'dave', tickets: 7 },
]);
const seed = drawSeed(list.hash, Buffer.from('roar-test-vector-randomness-0001', 'utf8'), 'draw-test-vector');

describe('drawing winners', () => {
  it('pins the winners of the test vector, with the skipped repeat', () => {
    expect(drawWinners(list, seed, 3)).toEqual({
      winners: [
        { k: 0, ticket: 0, entrantId: 'alice' },
        { k: 1, ticket: 5, entrantId: 'bob' },
        { k: 3, ticket: 8, entrantId: 'carol' },
      ],
      skipped: [{ k: 2, ticket: 2, entrantId: 'alice' }],
      nextK: 4,
    });
  });

  it('gives the same winner for the same inputs, rebuilt from scratch', () => {
    const again = closeEntryList([...list.entrants].reverse());
    const againSeed = drawSeed(again.hash, Buffer.from('roar-test-vector-randomness-0001', 'utf8'), 'draw-test-vector');
    expect(drawWinners(again, againSeed, 1)).toEqual(drawWinners(list, seed, 1));
  });

  it('generally changes the outcome when one entrant holds a different number of tickets', () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ entrantId: pseudonymousEntrantId(`member-${i}`, 'salt'), tickets: 1 + (i % 5) }));
    const randomness = Buffer.alloc(32, 1);
    let changed = 0;
    for (let i = 0; i < 20; i++) {
      const before = closeEntryList(rows);
      const after = closeEntryList(rows.map((r, j) => (j === i ? { ...r, tickets: r.tickets + 1 } : r)));
      expect(after.hash).not.toBe(before.hash);
      const a = drawWinners(before, drawSeed(before.hash, randomness, 'd'), 1).winners[0]?.entrantId;
      const b = drawWinners(after, drawSeed(after.hash, randomness, 'd'), 1).winners[0]?.entrantId;
      if (a !== b) changed++;
    }
    // A new hash is a new seed: the winner is a fresh draw, equal by chance about 1/200 of the time.
    expect(changed).toBeGreaterThanOrEqual(18);
  });

  it('redraws with the next k, skipping earlier winners and the disqualified', () => {
    const first = drawWinners(list, seed, 1);
    expect(first.winners.map((w) => w.entrantId)).toEqual(['alice']);
    const redraw = drawWinners(list, seed, 1, new Set(['alice']), { startK: first.nextK });
    expect(redraw.winners).toEqual([{ k: 1, ticket: 5, entrantId: 'bob' }]);
    const again = drawWinners(list, seed, 1, new Set(['alice', 'bob']), { startK: redraw.nextK });
    expect(again.skipped.map((s) => s.entrantId)).toEqual(['alice']);
    expect(again.winners).toEqual([{ k: 3, ticket: 8, entrantId: 'carol' }]);
    expect(again.nextK).toBe(4);
  });

  it('refuses to draw more winners than eligible entrants, and gives up after maxDraws', () => {
    expect(() => drawWinners(list, seed, 4, new Set(['dave']))).toThrow('Not enough eligible entrants for this draw.');
    const lopsided = closeEntryList([
      { entrantId: 'big', tickets: 1_000_000 },
      { entrantId: 'small', tickets: 1 },
    ]);
    expect(() => drawWinners(lopsided, seed, 1, new Set(['big']), { maxDraws: 50 })).toThrow(
      'No eligible entrant was drawn within the allowed number of tickets.',
    );
  });
});

/** V8's full collection, reachable without starting the test process with --expose-gc. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

describe('10 million tickets over 100,000 entrants', () => {
  it('closes and draws in memory proportional to entrants, not tickets', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => ({ entrantId: pseudonymousEntrantId(`member-${i}`, 'bench-salt'), tickets: 100 }));
    // What stays reachable, after a full collection either side: without one, the figure counted whatever
    // garbage the collector had not yet taken, and it crossed the limit now and then on a loaded machine.
    collectGarbage();
    const before = process.memoryUsage();
    const frozen = closeEntryList(rows);
    const outcome = drawWinners(frozen, drawSeed(frozen.hash, Buffer.alloc(32, 9), 'big-draw'), 10);
    collectGarbage();
    const after = process.memoryUsage();
    expect(frozen.totalTickets).toBe(10_000_000);
    expect(outcome.winners).toHaveLength(10);
    expect(ticketRangeEnds(frozen)).toHaveLength(100_000);
    // One ticket per int32 alone would take 40 MB; the list reuses the input id strings (a few MB).
    const grownMb = (after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / 1024 / 1024;
    expect(grownMb).toBeLessThan(25);
  });
});
