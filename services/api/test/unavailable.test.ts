import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureStaffUser, migrateStaffAuth } from '../src/auth/staff';
import { enrolTwoFactorDirectly, staffSignIn } from '../src/admin/test-staff';
import { startTestApi, type TestApi } from './setup';

/** A peer that accepts connections and never answers: the failure a client deadline misses. */
async function silentPeer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
}

describe('when Redis does not answer', () => {
  let api: TestApi | null;
  beforeAll(async () => {
    api = await startTestApi({ database: 'pglite', env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}`, CALL_TIMEOUT_MS: '1000' } });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('/ready answers 503 naming Redis, quickly', async () => {
    const { value: r, ms } = await timed(() => fetch(`${api!.url}/ready`));
    expect(r.status).toBe(503);
    const body = (await r.json()) as { checks: Record<string, string>; errors: Array<{ message: string }> };
    expect(body.checks).toEqual({ database: 'up', eventStore: 'up', redis: 'down', projections: 'up' });
    expect(body.errors).toEqual([{ message: 'redis is not answering' }]);
    expect(ms).toBeLessThan(4000);
  });
});

describe('when EventStoreDB accepts connections but never answers', () => {
  let api: TestApi | null;
  let peer: Awaited<ReturnType<typeof silentPeer>>;
  beforeAll(async () => {
    peer = await silentPeer();
    api = await startTestApi({
      database: 'pglite',
      seed: false,
      env: { EVENTSTORE_URL: `esdb://127.0.0.1:${peer.port}?tls=false`, CALL_TIMEOUT_MS: '1000' },
    });
    await migrateStaffAuth(api!.ctx.sql);
    const admin = await ensureStaffUser(api!.ctx.sql, { email: 'staff@roarplus.test', password: 'signal-orchard-1', role: 'admin', name: 'Staff' });
    // An admin signs in with a second factor; the event store is down from the start, so it is enrolled in the tables only.
    await enrolTwoFactorDirectly(api!, admin.id, admin.email);
  });
  afterAll(async () => {
    await api?.close();
    await peer.close();
  });

  it('/ready answers 503 naming the event store, within its deadline', async () => {
    const { value: r, ms } = await timed(() => fetch(`${api!.url}/ready`));
    expect(r.status).toBe(503);
    const body = (await r.json()) as { checks: Record<string, string> };
    expect(body.checks.eventStore).toBe('down');
    expect(body.checks.database).toBe('up');
    expect(ms).toBeLessThan(4000);
  });

  it('a command fails with a clear 503 instead of hanging', async () => {
    const { token } = await staffSignIn(api!.url, { email: 'staff@roarplus.test', password: 'signal-orchard-1' }, api!.ctx.now);
    const { value: r, ms } = await timed(() =>
      fetch(`${api!.url}/api/admin/memberships`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          id: 9,
          sort: 9,
          status: 'draft',
          visible: false,
          code: 'trial',
          tier: 'Trial',
          colour: '#000000',
          icon: '',
          initial_tickets: 1,
          cumulative_tickets: 0,
          items: [],
          type: 'free',
          bonus_draws: false,
          weekly_draws: false,
          rewards_access: false,
          shop_access: false,
          price: 0,
          referee_entries: 0,
          referrer_entries: 0,
          rewards_days: 0,
          cashback_maximum_value: 0,
          stripe_id: null,
          reason: 'Trial tier',
        }),
      }),
    );
    const body = (await r.json()) as { errors: Array<{ message: string }> };
    expect(r.status, JSON.stringify(body)).toBe(503);
    expect(body.errors[0]!.message).toBe('The service is temporarily unavailable. Try again shortly.');
    expect(ms).toBeLessThan(5000);
  });
});
