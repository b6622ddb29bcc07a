import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipTierStreamId } from '@roar/domain';
import { createPostgresEventStore } from '@roar/platform';
import { ensureStaffUser, migrateStaffAuth } from '../src/auth/staff';
import { staffSignIn } from '../src/admin/test-staff';
import { startTestApi, type TestApi } from './setup';

/**
 * A read model never drifts in silence (issue 9): the write side refuses what the read side
 * cannot hold, and an event already in the log that a projector cannot store stops that projector
 * where everyone sees it: its status, /ready, verify.
 */
const PASSWORD = 'correct horse battery';
let api: TestApi;
let token = '';

const admin = (path: string, init: RequestInit = {}) =>
  fetch(`${api.url}/api/admin${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });

beforeAll(async () => {
  const started = await startTestApi({ database: 'pglite' });
  if (!started) throw new Error('PGlite always starts');
  api = started;
  await migrateStaffAuth(api.ctx.sql);
  await ensureStaffUser(api.ctx.sql, { email: 'admin@example.test', password: PASSWORD, role: 'admin', name: 'The admin' });
  token = (await staffSignIn(api.url, { email: 'admin@example.test', password: PASSWORD }, api.ctx.now)).token;
});

afterAll(async () => {
  await api?.close();
});

describe('a catalogue value the read model cannot hold', () => {
  it('is refused by the staff edit with 400 and nothing appended', async () => {
    const before = await api.ctx.store.readStream(membershipTierStreamId(3));
    const edit = await admin('/memberships/3', { method: 'PUT', body: JSON.stringify({ sort: Number.MAX_SAFE_INTEGER, reason: 'Push it last' }) });
    expect(edit.status).toBe(400);
    expect(await api.ctx.store.readStream(membershipTierStreamId(3))).toHaveLength(before.length);
    const create = await admin('/memberships', {
      method: 'POST',
      body: JSON.stringify({
        id: 1_000_000,
        sort: 2 ** 31,
        code: 'huge',
        tier: 'Huge',
        colour: '#123456',
        initial_tickets: 1,
        cumulative_tickets: 1,
        type: 'free',
        bonus_draws: false,
        weekly_draws: false,
        rewards_access: false,
        shop_access: false,
        price: 0,
        cashback_maximum_value: 0,
        referee_entries: 0,
        referrer_entries: 0,
        rewards_days: 0,
        reason: 'Too big',
      }),
    });
    expect(create.status).toBe(400);
    expect(await api.ctx.store.readStream(membershipTierStreamId(1_000_000))).toHaveLength(0);
  });

  it('already in the log (written before the bound) stops the projector at that event: status, /ready and verify say so, nothing after it is skipped', async () => {
    expect((await fetch(`${api.url}/ready`)).status).toBe(200);
    // The validating store refuses it now; an older deployment's log may hold it, so it goes in raw.
    const raw = await createPostgresEventStore(api.ctx.sql);
    const stream = membershipTierStreamId(3);
    const revision = (await raw.readStream(stream)).at(-1)!.revision;
    const metadata = {
      correlationId: randomUUID(),
      causationId: null,
      actor: { type: 'system' as const, id: 'drift-test' },
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    };
    const bad = { id: randomUUID(), type: 'MembershipTierRevised', data: { membershipId: 3, changes: { sort: Number.MAX_SAFE_INTEGER } }, metadata };
    const after = { id: randomUUID(), type: 'MembershipTierRevised', data: { membershipId: 3, changes: { tier: 'Renamed after' } }, metadata };
    await raw.append(stream, [bad], revision);
    await raw.append(stream, [after], revision + 1n);

    await expect
      .poll(async () => ((await (await admin('/projections/memberships')).json()) as { state: string }).state, { timeout: 15_000 })
      .toBe('failed');
    const projection = (await (await admin('/projections/memberships')).json()) as {
      failed_event: { id: string; type: string; streamId: string } | null;
      last_error: string;
    };
    expect(projection.failed_event).toMatchObject({ id: bad.id, type: 'MembershipTierRevised', streamId: stream });
    expect(projection.last_error).toContain(bad.id);

    const ready = await fetch(`${api.url}/ready`);
    expect(ready.status).toBe(503);
    const readyBody = (await ready.json()) as { status: string; checks: Record<string, string>; errors: { message: string }[] };
    expect(readyBody.checks.projections).toBe('failed');
    expect(readyBody.errors.map((e) => e.message).join(' ')).toContain(`read model memberships stopped at event MembershipTierRevised ${bad.id}`);

    // Nothing after the bad event was applied in its place: the rename waits behind it.
    const tier = (await (await fetch(`${api.url}/items/membership?filter[id][_eq]=3`)).json()) as { data: { tier: string }[] };
    expect(tier.data[0]?.tier).not.toBe('Renamed after');

    const verify = await admin('/projections/memberships/verify', { method: 'POST' });
    const report = (await verify.json()) as { verdict: string; stopped_at: { id: string } | null };
    expect(report.verdict).toBe('DIFFERENT');
    expect(report.stopped_at?.id).toBe(bad.id);
    await raw.close();
  });
});
