import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  closeEntryList,
  closeEntryListInPages,
  entrantIdOrder,
  entrantsOfLines,
  entryLines,
  entryListMatches,
  hashEntrants,
  isEntryLines,
  parseEntryLines,
  pseudonymousEntrantId,
} from './entry-list';

describe('the frozen entry list', () => {
  it('merges rows per entrant, drops zero-ticket entrants and sorts by id in byte order', () => {
    const list = closeEntryList([
      { entrantId: 'b', tickets: 2 },
      { entrantId: 'a', tickets: 1 },
      { entrantId: 'Z', tickets: 0 },
      { entrantId: 'b', tickets: 3 },
      { entrantId: 'B', tickets: 4 },
    ]);
    expect(list.entrants).toEqual([
      { entrantId: 'B', tickets: 4 },
      { entrantId: 'a', tickets: 1 },
      { entrantId: 'b', tickets: 5 },
    ]);
    expect(list.totalTickets).toBe(10);
  });

  it('hashes the canonical serialisation `<id>\\t<tickets>\\n`', () => {
    const list = closeEntryList([
      { entrantId: 'b', tickets: 5 },
      { entrantId: 'a', tickets: 1 },
    ]);
    const expected = createHash('sha256').update('a\t1\nb\t5\n').digest('hex');
    expect(list.hash).toBe(expected);
    expect(entryListMatches(list, expected.toUpperCase())).toBe(true);
  });

  it('gives the same hash whatever the input order or split of rows', () => {
    const one = closeEntryList([
      { entrantId: 'x', tickets: 3 },
      { entrantId: 'y', tickets: 1 },
    ]);
    const other = closeEntryList([
      { entrantId: 'y', tickets: 1 },
      { entrantId: 'x', tickets: 1 },
      { entrantId: 'x', tickets: 2 },
      { entrantId: 'q', tickets: 0 },
    ]);
    expect(other.hash).toBe(one.hash);
  });

  it('changes the hash when one entrant holds one ticket more', () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({ entrantId: `e${i}`, tickets: i + 1 }));
    const before = closeEntryList(rows);
    const after = closeEntryList(rows.map((r, i) => (i === 17 ? { ...r, tickets: r.tickets + 1 } : r)));
    expect(after.hash).not.toBe(before.hash);
    expect(entryListMatches(after, before.hash)).toBe(false);
  });

  it('hashes a long list in chunks to exactly the one-string hash', () => {
    const list = closeEntryList(
      Array.from({ length: 20_000 }, (_, i) => ({ entrantId: `entrant-${String(i).padStart(6, '0')}`, tickets: (i % 7) + 1 })),
    );
    const whole = list.entrants.map((e) => `${e.entrantId}\t${e.tickets}\n`).join('');
    expect(hashEntrants(list.entrants)).toBe(createHash('sha256').update(whole).digest('hex'));
  });

  it('refuses ids that would break the canonical form and ticket counts that are not whole', () => {
    expect(() => closeEntryList([{ entrantId: 'a\tb', tickets: 1 }])).toThrow('Entrant ids are 1 to 128 printable ASCII characters without spaces.');
    expect(() => closeEntryList([{ entrantId: 'é', tickets: 1 }])).toThrow('Entrant ids');
    expect(() => closeEntryList([{ entrantId: '', tickets: 1 }])).toThrow('Entrant ids');
    expect(() => closeEntryList([{ entrantId: 'a', tickets: 1.5 }])).toThrow('Ticket counts are whole numbers of zero or more.');
    expect(() => closeEntryList([{ entrantId: 'a', tickets: -1 }])).toThrow('Ticket counts');
  });

  it('derives pseudonymous ids per draw: stable within a draw, unlinkable across draws', () => {
    const first = pseudonymousEntrantId('member-1', 'salt-draw-1');
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(pseudonymousEntrantId('member-1', 'salt-draw-1')).toBe(first);
    expect(pseudonymousEntrantId('member-1', 'salt-draw-2')).not.toBe(first);
    expect(pseudonymousEntrantId('member-2', 'salt-draw-1')).not.toBe(first);
  });
});

describe('the canonical lines of a page', () => {
  it('are the bytes the list hash covers, and parse back to the entrants', () => {
    const list = closeEntryList([
      { entrantId: 'b', tickets: 5 },
      { entrantId: 'a', tickets: 1 },
      { entrantId: 'c', tickets: 12 },
    ]);
    const lines = entryLines(list.entrants);
    expect(lines).toBe('a\t1\nb\t5\nc\t12\n');
    expect(createHash('sha256').update(lines).digest('hex')).toBe(list.hash);
    expect(parseEntryLines(lines)).toEqual(list.entrants);
    expect(parseEntryLines('')).toEqual([]);
  });

  it('refuses what is not that form', () => {
    const bad = [
      'a\t1',
      'a 1\n',
      'a\t0\n',
      'a\t-1\n',
      'a\t1.5\n',
      'a\t01\n',
      '\t1\n',
      `${'x'.repeat(129)}\t1\n`,
      'a\tb\t1\n',
      'é\t1\n',
      'a\t9999999999999999\n',
      'a\t1\n\n',
      'a\t1\nb',
    ];
    for (const text of bad) {
      expect(parseEntryLines(text), JSON.stringify(text)).toBeNull();
      expect(isEntryLines(text), JSON.stringify(text)).toBe(false);
    }
    expect(isEntryLines('a\t999999999999999\n')).toBe(true);
    expect(parseEntryLines('a\t1\nb\t2\n', 1)).toBeNull();
    expect(parseEntryLines('a\t1\nb\t2\n', 2)).toHaveLength(2);
    expect(isEntryLines(`${'x'.repeat(128)}\t1\n`)).toBe(true);
  });

  it('answers a long text checked before from its characters: the same answer, the line limit still applied, a near copy checked afresh', () => {
    const page = (n: number, tickets: string) => Array.from({ length: n }, (_, i) => `${String(i).padStart(64, 'f')}\t${tickets}\n`).join('');
    const good = page(2000, '7');
    expect(good.length).toBeGreaterThan(16_384);
    for (let round = 0; round < 2; round++) {
      expect(isEntryLines(good)).toBe(true);
      // A copy made afresh (as a page read back from the store is): the same characters, the same answers.
      const copy = JSON.parse(JSON.stringify(good)) as string;
      expect(isEntryLines(copy, 2000)).toBe(true);
      expect(isEntryLines(copy, 1999)).toBe(false);
      expect(parseEntryLines(copy, 1999)).toBeNull();
    }
    // The same length, one character different near the end: checked, not answered from the text before.
    const bad = `${good.slice(0, -2)}x\n`;
    expect(bad.length).toBe(good.length);
    expect(isEntryLines(bad)).toBe(false);
    expect(isEntryLines(bad)).toBe(false);
    const zero = `${good.slice(0, -2)}0\n`;
    expect(isEntryLines(zero)).toBe(false);
    expect(isEntryLines(`${good}a\t1\n`, 2001)).toBe(true);
    expect(isEntryLines(`${good}a\t1\n`, 2000)).toBe(false);
  });

  it('accepts exactly what the line grammar accepts (checked against its regular expression)', () => {
    const grammar = /^(?:[\x21-\x7e]{1,128}\t[1-9][0-9]{0,14}\n)*$/;
    // Texts built from the characters that matter (separators, digits, a space, a non-ASCII letter), of lines near the limits.
    const piece = fc.oneof(
      fc.constantFrom('\t', '\n', ' ', '0', '1', '9', 'a', '~', 'é', '\t1\n', 'x'.repeat(127), '9'.repeat(15)),
      fc.string({ unit: fc.constantFrom('a', '5', '\t', '\n'), maxLength: 6 }),
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')),
        (text) => {
          const expected = grammar.test(text);
          expect(isEntryLines(text)).toBe(expected);
          expect(parseEntryLines(text) !== null).toBe(expected);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('closes a list handed over sorted exactly as the same list shuffled', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit: fc.constantFrom('a', 'b', 'C', '0', '~'), minLength: 1, maxLength: 4 }), { maxLength: 40 }),
        fc.array(fc.nat(5), { minLength: 40, maxLength: 40 }),
        (ids, counts) => {
          const sorted = [...ids].sort().map((entrantId, i) => ({ entrantId, tickets: counts[i]! }));
          const shuffled = [...sorted].reverse();
          expect(closeEntryList(sorted)).toEqual(closeEntryList(shuffled));
        },
      ),
    );
  });

  it('cuts the list in pages of canonical lines that join to the hashed bytes, whatever the page size', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ entrantId: fc.string({ unit: fc.constantFrom('a', 'b', 'C', '0', '~'), minLength: 1, maxLength: 4 }), tickets: fc.nat(5) }),
          { maxLength: 60 },
        ),
        fc.integer({ min: 1, max: 25 }),
        (rows, pageSize) => {
          const whole = closeEntryList(rows);
          const paged = closeEntryListInPages(rows, pageSize);
          expect(paged.hash).toBe(whole.hash);
          expect(paged.entrants).toEqual(whole.entrants);
          expect(paged.totalTickets).toBe(whole.totalTickets);
          expect(paged.pages).toHaveLength(Math.ceil(whole.entrants.length / pageSize));
          expect(paged.pages.join('')).toBe(entryLines(whole.entrants));
          paged.pages.forEach((lines, i) => expect(parseEntryLines(lines)).toEqual(whole.entrants.slice(i * pageSize, (i + 1) * pageSize)));
        },
      ),
    );
    expect(() => closeEntryListInPages([], 0)).toThrow(RangeError);
  });
});

describe('entrantIdOrder', () => {
  const byComparator = (ids: readonly string[]) => ids.map((_, i) => i).sort((a, b) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0));
  const hex = () => randomBytes(32).toString('hex');

  it('orders HMAC hex ids as the comparator sort does, ids sharing their first digits and equal ids included', () => {
    const ids = Array.from({ length: 5000 }, hex);
    // Shared 8-digit heads (the packed key ties), shared longer prefixes, and duplicates.
    for (let i = 0; i < 300; i++) ids.push(`${ids[i]!.slice(0, 8 + (i % 40))}${hex()}`.slice(0, 64));
    for (let i = 0; i < 50; i++) ids.push(ids[i * 7]!);
    ids.push('00000000'.padEnd(64, '0'), 'ffffffff'.padEnd(64, 'f'), '00000000');
    const order = entrantIdOrder(ids);
    expect(order).toEqual(byComparator(ids));
    expect(new Set(order).size).toBe(ids.length);
  });

  it('orders ids that are not lower-case hex (or shorter than 8 characters) by the comparator', () => {
    for (const ids of [['B', 'a', 'A', 'b'], [...Array.from({ length: 20 }, hex), 'ABCDEF0123', 'zz'], ['abc', 'ab', 'abcdefgh'], []]) {
      expect(entrantIdOrder(ids)).toEqual(byComparator(ids));
    }
  });
});

describe('entrantsOfLines', () => {
  const entrants = (n: number, at = 0) =>
    Array.from({ length: n }, (_, i) => ({ entrantId: `e${String(at + i).padStart(4, '0')}`, tickets: 1 + (i % 7) }));

  it('hands the fold of a close the entrants its pages were built from, once each; the same values as parsing', () => {
    const input = entrants(5);
    const list = closeEntryListInPages(input, 2);
    expect(list.pages).toHaveLength(3);
    const first = entrantsOfLines(list.pages[0]!);
    // The close's own objects, not a parse of its lines.
    expect(first![0]).toBe(input[0]);
    expect(first).toEqual(parseEntryLines(list.pages[0]!));
    // Handed over once: a second fold of the same page parses it (equal values, new objects).
    const again = entrantsOfLines(list.pages[0]!);
    expect(again).toEqual(first);
    expect(again![0]).not.toBe(input[0]);
    for (const page of list.pages.slice(1)) expect(entrantsOfLines(page)).toEqual(parseEntryLines(page));
  });

  it('parses lines no close here built, refuses what is not canonical, and keeps only the last close', () => {
    const older = closeEntryListInPages(entrants(3), 3);
    const newer = closeEntryListInPages(entrants(3, 10), 3);
    expect(entrantsOfLines(older.pages[0]!)).toEqual(parseEntryLines(older.pages[0]!));
    expect(entrantsOfLines(newer.pages[0]!)![0]!.entrantId).toBe('e0010');
    expect(entrantsOfLines('a\t1\nb\t2\n')).toEqual([
      { entrantId: 'a', tickets: 1 },
      { entrantId: 'b', tickets: 2 },
    ]);
    expect(entrantsOfLines('a\t0\n')).toBeNull();
    // At most maxEntrants, built or not.
    const list = closeEntryListInPages(entrants(4), 4);
    expect(entrantsOfLines(list.pages[0]!, 3)).toBeNull();
    expect(entrantsOfLines(list.pages[0]!, 4)).toHaveLength(4);
  });
});
