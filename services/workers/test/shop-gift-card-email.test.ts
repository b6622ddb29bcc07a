import { describe, expect, it } from 'vitest';
import { giftCardKeys, sealGiftCardCode } from '@roar/domain';
import type { RecordedEvent } from '@roar/platform';
import { giftCardEmail, orderRefundedEmail } from '../src/mail/shop-templates';
import { shopEmails } from '../src/reactors/shop-emails';
import type { ReactorContext } from '../src/reactors/reactor';

describe('the gift card email', () => {
  it('shows the code, the last day it can be spent and that no fees apply (Australian Consumer Law)', () => {
    const email = giftCardEmail({ number: 'R-1', code: 'ROAR-K2P9-AB3C-DEFG-HJ45', valueCents: 5000, firstname: 'Gina', expiresOn: '2029-11-27' });
    expect(email.subject).toBe('Your ROAR+ gift card ($50)');
    expect(email.text).toContain('Gift card code: ROAR-K2P9-AB3C-DEFG-HJ45');
    expect(email.text).toContain('Valid until 27 November 2029. No fees apply');
    expect(email.html).toContain('Valid until 27 November 2029.');
  });

  it('says what went back on the gift card when a refund credits it', () => {
    const email = orderRefundedEmail({
      number: 'R-2',
      amountCents: 0,
      taxCents: 363,
      message: 'Your order was refunded in full.',
      firstname: 'Sol',
      giftCardCents: 3990,
    });
    expect(email.text).toContain('$39.90 paid from your gift card is back on that gift card');
    expect(email.text).not.toContain('to the card you paid with');
  });

  it('opens the sealed code from the order event with the gift card keys, and refuses without them', async () => {
    const keys = giftCardKeys('a-server-secret-that-is-long-enough-for-tests');
    const sealed = sealGiftCardCode(keys, 'ROAR-K2P9-AB3C-DEFG-HJ45', Buffer.alloc(12, 7));
    const placed = {
      orderId: 'o1',
      number: 'R-1',
      memberId: 'm1',
      email: 'gina@example.com',
      placedAt: '2026-11-26T00:00:00.000Z',
      billing_address: { first_name: 'Gina', last_name: 'Giver' },
      snapshot: { lines: [], discounts: [], deliveries: [], subtotal: 5000, discount: 0, shipping: 0, tax: 0, total: 5000, rounding_rule: 'r' },
    };
    const recorded = (type: string, data: unknown, n: number): RecordedEvent =>
      ({
        id: `e${n}`,
        type,
        data,
        streamId: 'order-o1',
        revision: BigInt(n),
        metadata: { occurredAt: '2026-11-26T00:00:00.000Z' },
      }) as unknown as RecordedEvent;
    const issued = recorded(
      'OrderGiftCardIssued',
      {
        orderId: 'o1',
        sku: 'GIFT-50',
        card_id: 'ab'.repeat(16),
        last4: 'HJ45',
        sealed_code: sealed,
        value_cents: 5000,
        expires_on: '2029-11-27',
        at: '2026-11-26T00:00:00.000Z',
      },
      1,
    );
    const store = { readStream: async () => [recorded('OrderPlaced', placed, 0), issued] };
    const ctx = {
      store,
      staffMailbox: 'staff@x',
      logger: { warn: () => undefined },
      publicUrl: () => 'http://x',
      giftCardKeys: keys,
    } as unknown as ReactorContext;
    const [job] = await shopEmails.toJobs(issued, ctx);
    expect(job).toMatchObject({ queue: 'email', data: { to: ['gina@example.com'], subject: 'Your ROAR+ gift card ($50)' } });
    expect((job!.data as { text: string }).text).toContain('Gift card code: ROAR-K2P9-AB3C-DEFG-HJ45');
    await expect(shopEmails.toJobs(issued, { ...ctx, giftCardKeys: undefined } as unknown as ReactorContext)).rejects.toThrow('no gift card keys');
  });
});
