import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, eventLeafHash, leafInput } from './leaf';

const base = {
  streamId: 'member-1',
  revision: 2n,
  type: 'MemberJoined',
  data: { b: 1, a: { y: [1, 'two', null], x: true } },
  metadata: { occurredAt: '2026-11-26T00:00:00.000Z', actor: { type: 'system', id: 'x' } },
};

describe('the leaf input of an event', () => {
  it('is the documented byte layout', () => {
    const field = (s: string) => {
      const b = Buffer.from(s, 'utf8');
      const len = Buffer.alloc(4);
      len.writeUInt32BE(b.length);
      return Buffer.concat([len, b]);
    };
    const expected = Buffer.concat([
      Buffer.from('roar-leaf-v1'),
      field('member-1'),
      field('2'),
      field('MemberJoined'),
      field('{"a":{"x":true,"y":[1,"two",null]},"b":1}'),
      field('{"actor":{"id":"x","type":"system"},"occurredAt":"2026-11-26T00:00:00.000Z"}'),
    ]);
    expect(leafInput(base).equals(expected)).toBe(true);
    expect(
      eventLeafHash(base).equals(
        createHash('sha256')
          .update(Buffer.from([0]))
          .update(expected)
          .digest(),
      ),
    ).toBe(true);
  });

  it('does not depend on key order or whitespace, and changes with every field', () => {
    expect(canonicalJson({ b: 1, a: 'é' })).toBe('{"a":"é","b":1}');
    expect(canonicalJson({ a: undefined, b: [undefined] })).toBe('{"b":[null]}');
    const reordered = { ...base, data: { a: { x: true, y: [1, 'two', null] }, b: 1 } };
    expect(eventLeafHash(reordered).equals(eventLeafHash(base))).toBe(true);
    const variants = [
      { ...base, streamId: 'member-2' },
      { ...base, revision: 3n },
      { ...base, type: 'MemberLeft' },
      { ...base, data: { ...base.data, b: 2 } },
      { ...base, metadata: { ...base.metadata, occurredAt: '2026-11-26T00:00:00.001Z' } },
      // Moving bytes between fields must change the leaf (the length prefixes).
      { ...base, streamId: 'member-12', revision: 0n },
    ];
    const hashes = new Set([eventLeafHash(base).toString('hex'), ...variants.map((v) => eventLeafHash(v).toString('hex'))]);
    expect(hashes.size).toBe(variants.length + 1);
  });
});
