import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteSql, createPostgresEventStore, type EventStore, type Sql } from '@roar/platform';
import { shopEmails } from '../src/reactors/shop-emails';
import { event, quietLogger } from './helpers';

/**
 * Issue 20, defect 10: the refund email tells the member the member-facing message, never staff's
 * internal reason; a refund recorded before the message existed gets a neutral sentence.
 */
const placed = {
  orderId: 'o-1',
  number: 'R-00000001',
  memberId: 'm-1',
  email: 'olive@example.test',
  placedAt: '2026-11-20T01:00:00.000Z',
  billing_address: { first_name: 'Olive', last_name: 'Citizen' },
  snapshot: {
    lines: [{ name: 'Tour Cap', attributes: {}, qty: 1, unit_cents: 3495, line_cents: 3495, gift_card: false }],
    discounts: [],
    deliveries: [],
    subtotal: 3495,
    discount: 0,
    shipping: 0,
    taxable: 3495,
    tax: 318,
    total: 3495,
    rounding_rule: 'per order',
  },
};
const refund = {
  orderId: 'o-1',
  paymentId: 'pi_1',
  amount_cents: 3495,
  tax_cents: 318,
  reason: 'Customer was abusive on the phone',
  at: '2026-11-21T01:00:00.000Z',
};

let sql: Sql;
let store: EventStore;
beforeAll(async () => {
  sql = await createPgliteSql(null);
  store = await createPostgresEventStore(sql, { pollIntervalMs: 20 });
});
afterAll(async () => {
  await sql.close();
});

async function emailFor(stream: string, refunded: Record<string, unknown>): Promise<{ text: string; html: string }> {
  await store.append(stream, [event('OrderPlaced', placed), event('OrderRefunded', refunded)], 'no_stream');
  const recorded = (await store.readStream(stream)).find((e) => e.type === 'OrderRefunded')!;
  const jobs = await shopEmails.toJobs(recorded, {
    store,
    staffMailbox: 'staff@example.test',
    logger: quietLogger,
    publicUrl: () => 'http://localhost:3000',
  });
  expect(jobs).toHaveLength(1);
  return jobs[0]!.data as { text: string; html: string };
}

describe('the refund email', () => {
  it('carries the message for the member and not the internal reason', async () => {
    const email = await emailFor('order-o-1', { ...refund, member_message: 'We have refunded your cap in full.' });
    expect(email.text).toContain('We have refunded your cap in full.');
    expect(`${email.text}${email.html}`).not.toContain('abusive');
  });

  it('for a refund recorded before the message existed, says a neutral sentence, not the reason', async () => {
    const email = await emailFor('order-o-2', refund);
    expect(email.text).toContain('Your order was refunded in full.');
    expect(`${email.text}${email.html}`).not.toContain('abusive');
  });
});
