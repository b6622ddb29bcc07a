import { describe, expect, it } from 'vitest';
import { firstUnstorableField, nestedDeeperThan } from './storable';

describe('the storable-text gate', () => {
  it('names the first value PostgreSQL cannot store, by its dotted path', () => {
    expect(firstUnstorableField({ name: 'Ada', notes: ['ok', 'a\u0000b'] })).toBe('notes.1');
    expect(firstUnstorableField({ address: { line1: 'x\ud800' } })).toBe('address.line1');
    expect(firstUnstorableField('\udc00')).toBe('(value)');
    expect(firstUnstorableField({ name: 'Ada', tags: ['golf'], n: 3, nothing: null })).toBeNull();
  });

  it('checks the keys as well as the values: a key is stored too (records, stock maps, events)', () => {
    expect(firstUnstorableField({ 'a\u0000b': 1 })).toBe('a\u0000b');
    expect(firstUnstorableField({ first_name: 'ok', '\udc00': 'fine value' })).toBe('\udc00');
    expect(firstUnstorableField({ stock: { 'SKU-1': 5, 'SKU\u0000': 5 } })).toBe('stock.SKU\u0000');
    expect(firstUnstorableField([{ ok: 1 }, { '\ud83d': true }])).toBe('1.\ud83d');
  });

  it('measures nesting without recursion', () => {
    expect(nestedDeeperThan({ a: { b: [1] } }, 3)).toBe(false);
    expect(nestedDeeperThan({ a: { b: [[1]] } }, 3)).toBe(true);
  });
});
