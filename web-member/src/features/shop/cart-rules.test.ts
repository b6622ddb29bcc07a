import { describe, expect, it } from 'vitest';
import { addLine } from './cart-rules';

describe('cart rules (spec section 4)', () => {
  const polo = { product: 'polo', sku: 'P-M', qty: 1, delivery_method: 'standard' };
  it('adds quantity to an existing product+sku line and replaces its delivery method', () => {
    expect(addLine([polo], { ...polo, qty: 2, delivery_method: 'express' }, false)).toEqual([{ ...polo, qty: 3, delivery_method: 'express' }]);
  });
  it('appends another sku, and strips the delivery method of a digital item', () => {
    expect(addLine([polo], { ...polo, sku: 'P-L' }, false)).toEqual([polo, { ...polo, sku: 'P-L' }]);
    expect(addLine([], { product: 'gift', sku: 'G-50', qty: 1, delivery_method: 'standard' }, true)).toEqual([
      { product: 'gift', sku: 'G-50', qty: 1, delivery_method: null },
    ]);
  });
});
