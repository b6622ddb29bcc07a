import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand, type EventStore, type Sql } from '@roar/platform';
import { emailReservationDecider, emailReservationStreamId, memberStreamId } from '@roar/domain';
import { createCredentials } from '../src/auth/member';
import type { AppContext } from '../src/context';
import type { MembersPorts } from '../src/kernel/ports';
import { signUpMember } from '../src/members/signup-flow';
import { loadTier } from '../src/members/tiers';
import { newReferralCode } from '../src/members/signup';
import { emailReservationKeyOf } from '../src/secrets';
import { startTestApi, type TestApi } from './setup';

/**
 * "No half-applied sign-up": each step of the sign-up fails in turn (through a store, a database
 * or a payment provider that breaks at that step), and then the same request succeeds, giving
 * one complete account. Between the two, nobody can log in and the email is not taken.
 */
class InjectedFailure extends Error {}

function storeFailingOn(store: EventStore, streamPrefix: string): EventStore {
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'append') {
        return (stream: string, ...rest: unknown[]) => {
          if (stream.startsWith(streamPrefix)) return Promise.reject(new InjectedFailure(`append to ${stream}`));
          return (target.append as (...a: unknown[]) => unknown)(stream, ...rest);
        };
      }
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function sqlFailingOn(sql: Sql, statement: RegExp): Sql {
  return new Proxy(sql, {
    get(target, prop, receiver) {
      if (prop === 'query') {
        return (text: string, params?: unknown[]) => (statement.test(text) ? Promise.reject(new InjectedFailure(text)) : target.query(text, params));
      }
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('a sign-up that fails at any step leaves nothing, and the same request then succeeds', () => {
  let api: TestApi;
  let n = 0;
  const post = (path: string, body: unknown) =>
    fetch(`${api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  beforeAll(async () => {
    api = (await startTestApi({ database: 'pglite' }))!;
  }, 180_000);
  afterAll(async () => {
    await api?.close();
  });

  type Breaker = (app: AppContext, ports: MembersPorts) => { app: AppContext; ports: MembersPorts };
  const steps: Array<{ step: string; membership_id: number; breaker: Breaker }> = [
    {
      step: 'the email reservation',
      membership_id: 1,
      breaker: (app, ports) => ({ app: { ...app, store: storeFailingOn(app.store, 'email-') }, ports }),
    },
    {
      step: 'the registration',
      membership_id: 1,
      breaker: (app, ports) => ({ app: { ...app, store: storeFailingOn(app.store, 'member-') }, ports }),
    },
    {
      step: 'the checkout stream',
      membership_id: 3,
      breaker: (app, ports) => ({ app: { ...app, store: storeFailingOn(app.store, 'checkout-') }, ports }),
    },
    {
      step: 'the payment provider',
      membership_id: 3,
      breaker: (app, ports) => ({
        app,
        ports: { ...ports, payments: { ...ports.payments, createCheckout: () => Promise.reject(new InjectedFailure('provider down')) } },
      }),
    },
    {
      step: 'the credentials (the commit)',
      membership_id: 3,
      breaker: (app, ports) => ({ app: { ...app, sql: sqlFailingOn(app.sql, /insert into auth\.member_credentials/) }, ports }),
    },
  ];

  it.each(steps)('fails at $step', async ({ membership_id, breaker }) => {
    n += 1;
    const email = `step${n}@example.com.au`;
    const body = {
      first_name: 'Sam',
      last_name: 'Steps',
      email,
      password: 'correct-horse-1',
      membership_id,
      recaptcha_token: 't',
      state: 'NSW',
      dob: '1990-01-01',
    };
    const tier = (await loadTier(api.ctx.sql, membership_id))!;
    const broken = breaker(api.ctx, api.infra.members);
    const attempt = signUpMember(
      broken.app,
      broken.ports,
      {
        firstName: body.first_name,
        lastName: body.last_name,
        email,
        password: body.password,
        tier,
        referral: null,
        origin: api.url,
        referralCode: newReferralCode(),
      },
      (memberId) => ({ actor: { type: 'member', id: memberId }, correlationId: `c${n}`, causationId: null, occurredAt: new Date() }),
    );
    await expect(attempt).rejects.toBeInstanceOf(InjectedFailure);

    // Nothing a member trips over: no login, and the email is free for the retry.
    expect((await post('/auth/login', { email, password: body.password })).status).toBe(401);
    const retry = await post('/api/sign-up', body);
    expect(retry.status).toBe(201);
    const session = (await retry.json()) as { access_token: string; redirect_url: string };
    expect(session.redirect_url).toMatch(membership_id === 1 ? /^\/dashboard$/ : /\/pay\/checkout\/cs_test_/);
    const me = await fetch(`${api.url}/api/current-user`, { headers: { authorization: `Bearer ${session.access_token}` } });
    expect(me.status).toBe(200);
    const user = ((await me.json()) as { user: { id: string; email: string } }).user;
    expect(user.email).toBe(email);
    const registrations = (await api.infra.store.readStream(memberStreamId(user.id))).filter((e) => e.type === 'MemberRegistered');
    expect(registrations).toHaveLength(1);
    expect((await post('/auth/login', { email, password: body.password })).status).toBe(200);
    // And once complete, the email is taken, as the spec says.
    const again = await post('/api/sign-up', body);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'An account with this email already exists.' });
  });

  it('a half account of the old order (credentials, no registration) is finished by its owner and refused to anyone else', async () => {
    const email = 'half@example.com.au';
    const memberId = randomUUID();
    const ctx = { actor: { type: 'member' as const, id: memberId }, correlationId: 'h', causationId: null, occurredAt: new Date() };
    await handleCommand(
      api.infra.store,
      api.infra.registry,
      emailReservationStreamId(email, emailReservationKeyOf(api.ctx)),
      emailReservationDecider,
      { type: 'ReserveEmail', email, memberId },
      ctx,
      { mustBeNew: true },
    );
    await createCredentials(api.ctx.sql, { memberId, email, password: 'owner-password-1' });
    const body = { first_name: 'Hal', last_name: 'Half', email, membership_id: 1, recaptcha_token: 't', state: 'NSW', dob: '1990-01-01' };
    expect((await post('/api/sign-up', { ...body, password: 'someone-else-2' })).status).toBe(409);
    const owner = await post('/api/sign-up', { ...body, password: 'owner-password-1' });
    expect(owner.status).toBe(201);
    const token = ((await owner.json()) as { access_token: string }).access_token;
    const me = await fetch(`${api.url}/api/current-user`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { id: string } }).user.id).toBe(memberId);
  });

  it('an unfinished sign-up is finished by the next one with that email, under that member id', async () => {
    const email = 'unfinished@example.com.au';
    const tier = (await loadTier(api.ctx.sql, 1))!;
    const broken = { ...api.ctx, sql: sqlFailingOn(api.ctx.sql, /insert into auth\.member_credentials/) };
    const ctxFor = (memberId: string) => ({
      actor: { type: 'member' as const, id: memberId },
      correlationId: 'u',
      causationId: null,
      occurredAt: new Date(),
    });
    const input = {
      firstName: 'Una',
      lastName: 'Finished',
      email,
      password: 'first-password-1',
      tier,
      referral: null,
      origin: api.url,
      referralCode: newReferralCode(),
    };
    await expect(signUpMember(broken, api.infra.members, input, ctxFor)).rejects.toBeInstanceOf(InjectedFailure);
    const done = await signUpMember(api.ctx, api.infra.members, { ...input, password: 'second-password-2' }, ctxFor);
    expect(done.ok).toBe(true);
    expect((await post('/auth/login', { email, password: 'second-password-2' })).status).toBe(200);
    expect((await post('/auth/login', { email, password: 'first-password-1' })).status).toBe(401);
  });
});
