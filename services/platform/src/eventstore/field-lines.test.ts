import { describe, expect, it } from 'vitest';
import { fieldLines } from './postgres';
import { setPath } from './types';

/** What a page means, read the plain way: lines split, fields split, each JSON text parsed (empty: null). */
function plainly(text: string, paths: ReadonlyMap<string, readonly (readonly string[])[]>) {
  return text.split('\n').map((line) => {
    const [type = '', occurredAt = '', ...values] = line.split('\x1f');
    const data: Record<string, unknown> = {};
    (paths.get(type) ?? []).forEach((path, i) => setPath(data, path, values[i] ? JSON.parse(values[i]) : null));
    return { type, data, occurredAt: occurredAt ? JSON.parse(occurredAt) : null };
  });
}

describe('fieldLines (a page of readTypeFieldsUpTo read in place)', () => {
  const paths = new Map([
    ['Granted', [['memberId'], ['count'], ['tier', 'bonus'], ['tier', 'weekly'], ['note']]],
    ['Other', [['memberId'], ['list']]],
  ]);
  const line = (type: string, ...fields: string[]) => [type, '"2026-11-27T00:00:00.000Z"', ...fields].join('\x1f');

  it('reads every kind of JSON text as JSON.parse does, escapes and all, and a missing field as null', () => {
    const text = [
      line('Granted', '"m1"', '10', 'true', 'false', 'null'),
      line('Granted', '"say \\"hi\\"\\\\ \\u001f \\n end"', '0', '', 'null', '"plain after an escape"'),
      line('Other', '"m2"', '[1,"a",{"b":null}]'),
      line('Granted', '"café 🏌"', '-12.5', '1e3', '123456789012345', '1234567890123456'),
      line('Granted', '"m3"', '007'.slice(2), '{"x":[true]}', '"\\\\"', '""'),
      // Fewer fields than the type has paths (and a type without paths): the rest are null.
      line('Granted', '"m4"'),
      line('Unlisted', '"x"'),
      ['Granted', '', '"m5"'].join('\x1f'),
    ].join('\n');
    expect(fieldLines(text, paths)).toEqual(plainly(text, paths));
    expect(fieldLines(text, paths)[1]!.data).toEqual({
      memberId: 'say "hi"\\ \u001f \n end',
      count: 0,
      tier: { bonus: null, weekly: null },
      note: 'plain after an escape',
    });
    expect(fieldLines(text, paths)[3]!.data).toEqual({
      memberId: 'café 🏌',
      count: -12.5,
      tier: { bonus: 1000, weekly: 123456789012345 },
      note: 1234567890123456,
    });
  });

  it('reads one line, and nothing from an empty page', () => {
    expect(fieldLines(line('Other', '"m"', '[]'), paths)).toEqual([
      { type: 'Other', data: { memberId: 'm', list: [] }, occurredAt: '2026-11-27T00:00:00.000Z' },
    ]);
    expect(fieldLines('', paths)).toEqual([]);
  });
});
