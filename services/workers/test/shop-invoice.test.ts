import { describe, expect, it } from 'vitest';
import { orderInvoiceEmail, sellerFromConfig, type InvoiceOrder } from '../src/mail/shop-templates';

const order: InvoiceOrder = {
  number: 'R-1001',
  placedAt: '2026-11-24T01:00:00.000Z',
  lines: [{ name: 'Tour cap', attributes: { colour: 'Navy' }, qty: 1, unit_cents: 3300, line_cents: 3300, gift_card: false }],
  discounts: [],
  deliveries: [],
  subtotal: 3300,
  discount: 0,
  shipping: 0,
  tax: 300,
  total: 3300,
  rounding_rule: 'per order',
  billing: { first_name: 'Olive', last_name: 'Citizen' },
};

describe('the tax invoice email', () => {
  it('names the seller and its ABN as the ATO asks, in the text and the HTML', () => {
    const email = orderInvoiceEmail(order, 'Olive', sellerFromConfig({ BUSINESS_NAME: 'Pelican Waters Golf Club Ltd', BUSINESS_ABN: '51824753556' }));
    expect(email.subject).toBe('Tax invoice for your ROAR+ order R-1001');
    expect(email.text).toContain('Tax invoice R-1001, issued 24 November 2026 by Pelican Waters Golf Club Ltd, ABN 51 824 753 556.');
    expect(email.html).toContain('Pelican Waters Golf Club Ltd, ABN 51 824 753 556');
    expect(email.text).toContain('Total price includes GST.');
  });

  it('without an ABN set names the shop alone, never an empty ABN', () => {
    const email = orderInvoiceEmail(order, 'Olive', sellerFromConfig({ BUSINESS_NAME: 'ROAR+ Pro Shop' }));
    expect(email.text).toContain('issued 24 November 2026 by ROAR+ Pro Shop.');
    expect(email.text).not.toContain('ABN');
  });
});
