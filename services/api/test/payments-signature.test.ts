import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@roar/platform';
import {
  createPaymentWebhookRouter,
  createStripeProvider,
  InvalidSignatureError,
  signPayload,
  verifySignature,
  type ProviderEvent,
} from '../src/payments';

const secret = 'whsec_test_0123456789abcdef';
const at = new Date('2026-11-21T10:00:00Z');
const body = Buffer.from(JSON.stringify({ id: 'evt_1', type: 'customer.subscription.deleted', data: { object: { id: 'sub_1' } } }));

describe('Stripe-Signature verification', () => {
  it('accepts a signature made with the secret over the exact bytes', () => {
    expect(() => verifySignature(body, signPayload(secret, body, at), secret, at)).not.toThrow();
  });
  it('refuses a tampered body', () => {
    const tampered = Buffer.from(body.toString().replace('sub_1', 'sub_2'));
    expect(() => verifySignature(tampered, signPayload(secret, body, at), secret, at)).toThrow(InvalidSignatureError);
  });
  it('refuses a signature made with another secret', () => {
    expect(() => verifySignature(body, signPayload('whsec_other_secret_000', body, at), secret, at)).toThrow(InvalidSignatureError);
  });
  it('refuses a timestamp more than 300 s away, and accepts one just inside', () => {
    const header = signPayload(secret, body, at);
    expect(() => verifySignature(body, header, secret, new Date(at.getTime() + 301_000))).toThrow(/tolerance/);
    expect(() => verifySignature(body, header, secret, new Date(at.getTime() + 299_000))).not.toThrow();
  });
  it('refuses a missing or malformed header and accepts any one matching v1 (secret rollover)', () => {
    expect(() => verifySignature(body, undefined, secret, at)).toThrow(InvalidSignatureError);
    expect(() => verifySignature(body, 'garbage', secret, at)).toThrow(InvalidSignatureError);
    const good = signPayload(secret, body, at);
    const t = good.split(',')[0];
    expect(() => verifySignature(body, `${t},v1=${'0'.repeat(64)},${good.split(',')[1]}`, secret, at)).not.toThrow();
  });
});

describe('POST /api/payments/webhook', () => {
  let server: Server;
  let url: string;
  const received: ProviderEvent[] = [];
  let failNext = false;

  beforeAll(async () => {
    const provider = createStripeProvider({ secretKey: 'sk_test_x', webhookSecret: secret, apiBase: 'http://127.0.0.1:9' });
    const app = express();
    app.use(
      '/api/payments/webhook',
      createPaymentWebhookRouter({
        provider,
        logger: createLogger('silent'),
        onEvent: async (e) => {
          if (failNext) {
            failNext = false;
            throw new Error('database down');
          }
          received.push(e);
        },
      }),
    );
    server = createServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/webhook`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const post = (payload: Buffer, signature?: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      body: payload,
    });

  it('answers 200 {received:true} once the event is applied', async () => {
    const res = await post(body, signPayload(secret, body, new Date()));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect(received.at(-1)).toEqual({ id: 'evt_1', type: 'subscription.deleted', subscriptionId: 'sub_1' });
  });

  it('answers 400 Invalid signature for a missing, wrong or stale signature', async () => {
    const before = received.length;
    for (const sig of [
      undefined,
      signPayload('whsec_wrong_secret_00', body, new Date()),
      signPayload(secret, body, new Date(Date.now() - 600_000)),
    ]) {
      const res = await post(body, sig);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ errors: [{ message: 'Invalid signature' }] });
    }
    expect(received.length).toBe(before);
  });

  it('answers 500 when applying fails, so the provider retries', async () => {
    failNext = true;
    const res = await post(body, signPayload(secret, body, new Date()));
    expect(res.status).toBe(500);
  });

  it('acknowledges event types it does not act on without calling the handler', async () => {
    const before = received.length;
    const other = Buffer.from(JSON.stringify({ id: 'evt_2', type: 'customer.created', data: { object: { id: 'cus_1' } } }));
    const res = await post(other, signPayload(secret, other, new Date()));
    expect(res.status).toBe(200);
    expect(received.length).toBe(before);
  });
});
