import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent, EventRegistry } from './registry';
import { InvalidEventError } from './types';

/** The registry refuses, for every event type whatever its schema, text the jsonb column cannot hold. */
const Noted = defineEvent('Noted', z.object({ note: z.string(), tags: z.array(z.string()), extra: z.record(z.string(), z.unknown()) }));
const registry = new EventRegistry().register(Noted);
const metadata = {
  correlationId: 'c1',
  causationId: null,
  actor: { type: 'system', id: 'test' },
  occurredAt: '2026-11-23T00:00:00.000Z',
  schemaVersion: 1,
} as const;
const event = (data: unknown, meta: Record<string, unknown> = {}) => ({ id: 'e1', type: 'Noted', data, metadata: { ...metadata, ...meta } });

describe('event registry: payloads PostgreSQL can store', () => {
  it('accepts ordinary text, emoji and surrogate pairs', () => {
    expect(() => registry.validateNew(event({ note: 'G\u2019day \ud83c\udfcc', tags: ['ok'], extra: {} }))).not.toThrow();
  });

  it.each([
    ['a NUL in a field', { note: 'a\u0000b', tags: [], extra: {} }, 'note'],
    ['a lone high surrogate in a list', { note: 'ok', tags: ['x\ud800'], extra: {} }, 'tags.0'],
    ['a lone low surrogate deep inside', { note: 'ok', tags: [], extra: { inner: { v: '\udc00' } } }, 'extra.inner.v'],
    ['a NUL in a key', { note: 'ok', tags: [], extra: { 'k\u0000': 1 } }, 'extra.k\u0000'],
  ])('refuses %s with the field named', (_what, data, field) => {
    let caught: unknown;
    try {
      registry.validateNew(event(data));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidEventError);
    expect((caught as InvalidEventError).issues).toEqual([`${field}: text must not contain NUL characters or unpaired surrogates`]);
  });

  it('refuses unstorable text in the metadata (a reason typed by staff)', () => {
    expect(() => registry.validateNew(event({ note: 'ok', tags: [], extra: {} }, { reason: 'because\u0000' }))).toThrow(InvalidEventError);
  });
});
