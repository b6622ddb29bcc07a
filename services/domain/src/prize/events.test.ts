import { describe, expect, it } from 'vitest';
import { InvalidEventError, type RecordedEvent } from '@roar/platform';
import { createEventRegistry } from '../registry';
import { closeEntryList, entryLines } from '../draw';
import { evolvePrize } from './state';
import type { PrizeEvent } from './events';

const stored = (data: unknown, schemaVersion: number): RecordedEvent => ({
  id: '00000000-0000-4000-8000-000000000001',
  type: 'EntryListRecorded',
  data,
  metadata: { correlationId: 'c', causationId: null, actor: { type: 'system', id: 'test' }, occurredAt: '2026-11-10T00:00:00.000Z', schemaVersion },
  streamId: 'draw-p1',
  revision: 3n,
  position: { commit: 1n, prepare: 1n },
  recordedAt: '2026-11-10T00:00:00.000Z',
});

describe('EntryListRecorded', () => {
  const registry = createEventRegistry();
  const list = closeEntryList([
    { entrantId: 'b', tickets: 5 },
    { entrantId: 'a', tickets: 1 },
  ]);

  it('is written at version 2 as canonical lines', () => {
    expect(registry.versionOf('EntryListRecorded')).toBe(2);
    const data = { prizeId: 'p1', page: 0, lines: entryLines(list.entrants) };
    expect(registry.decode(stored(data, 2)).data).toEqual(data);
  });

  it('reads a version 1 page of [id, tickets] pairs as the same lines', () => {
    const v1 = {
      prizeId: 'p1',
      page: 0,
      entrants: [
        ['a', 1],
        ['b', 5],
      ],
    };
    const decoded = registry.decode(stored(v1, 1));
    expect(decoded.data).toEqual({ prizeId: 'p1', page: 0, lines: 'a\t1\nb\t5\n' });
    expect(decoded.metadata.schemaVersion).toBe(2);
    const state = evolvePrize(
      {
        status: 'draft',
        prizeId: 'p1',
        fields: {} as never,
        draw: {
          status: 'scheduled',
          method: null,
          commitment: null,
          beacon: null,
          listHash: null,
          totalTickets: 0,
          entrants: [],
          randomness: null,
          seed: null,
          winners: [],
          nextK: 0,
          closedAt: null,
          publishedDisplay: null,
          redrawCommitment: null,
          redrawChainLength: 0,
          redrawReveals: [],
          publishedOn: null,
        },
      },
      { type: 'EntryListRecorded', data: decoded.data } as PrizeEvent,
    );
    expect(state.status !== 'absent' && state.draw.entrants).toEqual(list.entrants);
  });

  it('refuses a stored page that is not the canonical form, in either version', () => {
    expect(() => registry.decode(stored({ prizeId: 'p1', page: 0, entrants: [['a', 0]] }, 1))).toThrow(InvalidEventError);
    expect(() => registry.decode(stored({ prizeId: 'p1', page: 0, entrants: [['a b', 1]] }, 1))).toThrow(InvalidEventError);
    expect(() => registry.decode(stored({ prizeId: 'p1', page: 0, entrants: [['a']] }, 1))).toThrow(InvalidEventError);
    expect(() => registry.decode(stored({ prizeId: 'p1', page: 0, lines: 'a\t1' }, 2))).toThrow(InvalidEventError);
    expect(() => registry.decode(stored({ prizeId: 'p1', page: 0, lines: 'a\t1\n'.repeat(5001) }, 2))).toThrow(InvalidEventError);
  });
});
