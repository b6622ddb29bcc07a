import { expect } from 'vitest';
import { listSentMail } from '@roar/workers';
import { randomDigits } from '../src/admin/test-staff';
import type { TestApi } from './setup';

export interface Joined {
  readonly id: string;
  readonly token: string;
  readonly email: string;
  readonly redirect_url: string;
}

/** A member's view of the API over HTTP, as the consoles use it (referral and team tests). */
export function client(api: TestApi) {
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const r = await fetch(`${api.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await r.text();
    return { status: r.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> & { data?: unknown; error?: unknown } };
  };
  const post = (path: string, body: unknown, token?: string) => call('POST', path, body, token);
  const get = (path: string, token?: string) => call('GET', path, undefined, token);

  /** What a member does on the hosted test-mode checkout page: type a card and submit. */
  const pay = async (checkoutUrl: string, number = '4242 4242 4242 4242') => {
    const r = await fetch(checkoutUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number, expiry: '12/34', cvc: '123', name: 'Jane Citizen' }).toString(),
    });
    await api.infra.members.local?.idle();
    return r;
  };

  let n = 0;
  const signUp = async (
    membership_id: number,
    extra: Record<string, unknown> = {},
    first = 'Jane',
    last = 'Citizen',
  ): Promise<Joined & { status: number; body: Record<string, unknown> }> => {
    n += 1;
    // Digits only: letters could spell part of the password ('hor', 'rse'...), which sign-up refuses with 400.
    const email = `m${n}-${randomDigits()}@example.com.au`;
    const r = await post('/api/sign-up', {
      first_name: first,
      last_name: last,
      email,
      password: 'correct-horse-1',
      membership_id,
      recaptcha_token: 'local-test-token',
      state: 'NSW',
      dob: '1990-01-01',
      ...extra,
    });
    const token = r.body.access_token as string;
    const me = r.status === 201 ? await get('/api/current-user', token) : null;
    return {
      status: r.status,
      body: r.body,
      id: (me?.body.user as { id?: string } | undefined)?.id ?? '',
      token,
      email,
      redirect_url: r.body.redirect_url as string,
    };
  };

  /** Signs up on a paid tier (3 = platinum) and pays with the test card. */
  const paidMember = async (membership_id = 3, extra: Record<string, unknown> = {}, first = 'Jane', last = 'Citizen') => {
    const m = await signUp(membership_id, extra, first, last);
    expect(m.status).toBe(201);
    expect((await pay(m.redirect_url)).status).toBe(303);
    return m;
  };

  const me = async (token: string) =>
    (await get('/api/current-user', token)).body as { user: { id: string; referral_code: string; firstname: string } } & Record<string, unknown>;
  const tickets = async (token: string) =>
    (await get('/api/user-tickets', token)).body.data as { total: number; grants: Array<{ source: string; count: number; reason: string | null }> };
  const mail = () => listSentMail(api.ctx.config.DATA_DIR);

  return { post, get, pay, signUp, paidMember, me, tickets, mail };
}
