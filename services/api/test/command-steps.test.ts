import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@roar/platform';
import { handleCommand } from '@roar/platform';
import { memberStreamId, teamSeatDecider, teamSeatStreamId } from '@roar/domain';
import { cancelMembership } from '../src/members/cancel';
import { startCheckout } from '../src/members/checkout';
import { loadTier } from '../src/members/tiers';
import { client } from './referrals-helpers';
import { startTestApi, type TestApi } from './setup';

/**
 * Upgrade, cancel and team start, each failed at a step (a store or a provider that breaks
 * there), then retried over HTTP: the retry succeeds and nothing is left half-done.
 */
class InjectedFailure extends Error {}

function storeFailingOn(store: EventStore, streamPrefix: string): EventStore {
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'append') {
        return (stream: string, ...rest: unknown[]) =>
          stream.startsWith(streamPrefix)
            ? Promise.reject(new InjectedFailure(`append to ${stream}`))
            : (target.append as (...a: unknown[]) => unknown)(stream, ...rest);
      }
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('multi-step member commands complete or leave nothing', () => {
  let api: TestApi;
  let c: ReturnType<typeof client>;
  const ctxFor = (memberId: string) => ({
    actor: { type: 'member' as const, id: memberId },
    correlationId: 'steps',
    causationId: null,
    occurredAt: new Date(),
  });
  const events = async (memberId: string) => (await api.infra.store.readStream(memberStreamId(memberId))).map((e) => e.type);

  beforeAll(async () => {
    api = (await startTestApi({ database: 'pglite' }))!;
    c = client(api);
  }, 180_000);
  afterAll(async () => {
    await api?.close();
  });

  it('an upgrade whose provider or checkout record fails leaves no membership change, and the retry pays and upgrades', async () => {
    const m = await c.signUp(1);
    const activations = async () => (await events(m.id)).filter((t) => t === 'MembershipActivated').length;
    const before = await activations();
    const tier = (await loadTier(api.ctx.sql, 3))!;
    const input = {
      memberId: m.id,
      email: m.email,
      tier: tier.snapshot,
      tierPublished: tier.published,
      purpose: 'upgrade' as const,
      origin: api.url,
      priceId: null,
    };
    const failingProvider = {
      ...api.infra.members,
      payments: { ...api.infra.members.payments, createCheckout: () => Promise.reject(new InjectedFailure('provider down')) },
    };
    await expect(startCheckout(api.ctx, failingProvider, input, ctxFor(m.id))).rejects.toBeInstanceOf(InjectedFailure);
    await expect(
      startCheckout({ ...api.ctx, store: storeFailingOn(api.ctx.store, 'checkout-') }, api.infra.members, input, ctxFor(m.id)),
    ).rejects.toBeInstanceOf(InjectedFailure);
    expect(await activations()).toBe(before);

    const retry = await c.post('/api/upgrade-plan', { membership_id: 3 }, m.token);
    expect(retry.status).toBe(200);
    const url = (retry.body.result as { redirect_url: string }).redirect_url;
    expect((await c.pay(url)).status).toBe(303);
    expect((await c.me(m.token)).user).toMatchObject({ membership_id: 3 });
    expect(await activations()).toBe(before + 1);
  });

  it('a cancellation that fails after the provider stopped billing is finished by the retry; a provider failure records nothing', async () => {
    const m = await c.paidMember(3);
    const providerDown = {
      ...api.infra.members,
      payments: { ...api.infra.members.payments, cancelSubscription: () => Promise.reject(new InjectedFailure('provider down')) },
    };
    await expect(cancelMembership(api.ctx, providerDown, m.id, ctxFor(m.id))).rejects.toBeInstanceOf(InjectedFailure);
    expect(await events(m.id)).not.toContain('MembershipCancelled');

    await expect(
      cancelMembership({ ...api.ctx, store: storeFailingOn(api.ctx.store, 'member-') }, api.infra.members, m.id, ctxFor(m.id)),
    ).rejects.toBeInstanceOf(InjectedFailure);
    const sub = await api.infra.sql.query<{ cancel_at_period_end: boolean }>(
      'select cancel_at_period_end from local_payments.subscriptions where customer = $1',
      [m.id],
    );
    expect(sub.rows).toEqual([{ cancel_at_period_end: true }]);

    const retry = await c.post('/api/cancel-membership', {}, m.token);
    expect(retry.status).toBe(200);
    expect((retry.body.result as { membership_end_date: string | null }).membership_end_date).toEqual(expect.any(String));
    expect((await events(m.id)).filter((t) => t === 'MembershipCancelled')).toHaveLength(1);
  });

  it("a team join that died after the mate's seat, before the checkout, is finished by the same join", async () => {
    const captain = await c.paidMember(3);
    const started = await c.post('/api/team/start', {}, captain.token);
    expect(started.status).toBe(201);
    const teamId = (started.body.data as { id: string }).id;
    const mate = await c.signUp(1);
    expect((await c.post('/api/team/invite', { email: mate.email }, captain.token)).status).toBe(201);
    const invited = (await c.get('/api/team', captain.token)).body.data as { members: Array<{ email: string; invite_id: string | null }> };
    const inviteId = invited.members.find((m) => m.email === mate.email.toLowerCase())!.invite_id!;
    // What the join route writes first; the process dies before the checkout.
    await handleCommand(
      api.infra.store,
      api.infra.registry,
      teamSeatStreamId(mate.id),
      teamSeatDecider,
      {
        type: 'ReserveTeamSeat',
        memberId: mate.id,
        teamId,
        role: 'mate',
        at: new Date().toISOString(),
      },
      ctxFor(mate.id),
    );
    const joined = await c.post('/api/team/join', { invite_id: inviteId }, mate.token);
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    expect((await c.pay(joined.body.redirect_url as string)).status).toBe(303);
    expect((await c.tickets(mate.token)).total).toBe(30);
  });

  it('a team start that died between the seat and the team is finished by the next start', async () => {
    const captain = await c.paidMember(3);
    // What the start route writes first; the process dies before the team stream.
    await handleCommand(
      api.infra.store,
      api.infra.registry,
      teamSeatStreamId(captain.id),
      teamSeatDecider,
      {
        type: 'ReserveTeamSeat',
        memberId: captain.id,
        teamId: 'c0ffee00-0000-4000-8000-000000000001',
        role: 'captain',
        at: new Date().toISOString(),
      },
      ctxFor(captain.id),
    );
    const started = await c.post('/api/team/start', {}, captain.token);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect((started.body.data as { id: string }).id).toBe('c0ffee00-0000-4000-8000-000000000001');
    expect(await c.post('/api/team/start', {}, captain.token)).toEqual({ status: 409, body: { error: 'You are already in an open team.' } });
  });
});
