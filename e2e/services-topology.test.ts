import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './harness';
import { staffApiToken } from './staff-console';
import { createPgSql } from '@roar/platform';
import { createTestDatabase, findRedis, servicesRequired, type TestDatabase } from '@roar/platform/testing';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The docker-compose topology on this machine: api, projector and worker as three processes
 * (ROLE=...) sharing one PostgreSQL database and Redis, exactly as the compose file runs them,
 * from the compiled JavaScript the image runs (scripts/build-services.mjs), not through tsx.
 */
describe('scaled-out topology: api, projector and worker processes on PostgreSQL and Redis', () => {
  let db: TestDatabase | null = null;
  let redisUrl: string | null = null;
  const procs: ChildProcess[] = [];
  let output = '';
  let url = '';

  beforeAll(async () => {
    db = await createTestDatabase('roar_topology');
    redisUrl = await findRedis();
    if (!db || !redisUrl) {
      if (servicesRequired()) throw new Error('PostgreSQL and Redis are required');
      return;
    }
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const env = {
      ...process.env,
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      EVENTSTORE_URL: '',
      DATA_DIR: `${root}.tmp/topology-${port}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'topology-test-secret-that-is-long-enough-123',
      STAFF_EMAIL: 'admin@roarplus.test',
      STAFF_PASSWORD: 'staff-password-1',
      SERVE_WEB: 'false',
      // One webhook secret and the api's address for every role: the worker's renewals reach the api.
      PAYMENTS_WEBHOOK_SECRET: 'topology-webhook-secret-that-is-long-enough-456',
      API_INTERNAL_URL: url,
      LOCAL_BILLING_INTERVAL_MS: '500',
    };
    const { buildServices } = (await import(`${root}scripts/build-services.mjs`)) as { buildServices: () => Promise<void> };
    await buildServices();
    for (const role of ['projector', 'worker', 'api']) {
      const child = spawn(process.execPath, ['--enable-source-maps', 'services/api/dist/main.js'], {
        cwd: root,
        env: { ...env, ROLE: role },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (c: Buffer) => (output += `[${role}] ${c.toString()}`));
      child.stderr?.on('data', (c: Buffer) => (output += `[${role}] ${c.toString()}`));
      procs.push(child);
    }
    const started = Date.now();
    for (;;) {
      const ok = await fetch(`${url}/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (Date.now() - started > 60_000) throw new Error(`api not ready:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  });

  afterAll(async () => {
    await Promise.all(
      procs.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.exitCode !== null) return resolve();
            p.once('exit', () => resolve());
            p.kill('SIGTERM');
            setTimeout(() => {
              p.kill('SIGKILL');
              resolve();
            }, 10_000).unref();
          }),
      ),
    );
    await db?.drop();
  });

  it('a scaled-out role without the shared webhook secret and the api address refuses to start, saying so', async (t) => {
    if (!db || !redisUrl) return t.skip();
    const child = spawn(process.execPath, ['--import', 'tsx', 'services/api/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        ROLE: 'worker',
        DATABASE_URL: db.url,
        REDIS_URL: redisUrl,
        PAYMENTS_WEBHOOK_SECRET: '',
        API_INTERNAL_URL: '',
        STRIPE_SECRET_KEY: '',
        STRIPE_WEBHOOK_SECRET: '',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(2);
    expect(stderr).toContain('invalid configuration for ROLE=worker');
    expect(stderr).toContain('PAYMENTS_WEBHOOK_SECRET: required');
    expect(stderr).toContain('API_INTERNAL_URL: required');
  });

  it("a monthly renewal charged by the worker's billing clock reaches the api", async (t) => {
    if (!db || !redisUrl) return t.skip();
    const email = `renew-${Date.now()}@example.com.au`;
    const signUp = await fetch(`${url}/api/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Ren',
        last_name: 'Ewal',
        email,
        password: 'correct-horse-1',
        membership_id: 3,
        recaptcha_token: 't',
        state: 'NSW',
        dob: '1990-01-01',
      }),
    });
    expect(signUp.status, output).toBe(201);
    const session = (await signUp.json()) as { access_token: string; redirect_url: string };
    const paid = await fetch(session.redirect_url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Ren Ewal' }).toString(),
    });
    expect(paid.status).toBe(303);
    const sql = createPgSql({ connectionString: db.url, max: 2 });
    try {
      const me = (await (await fetch(`${url}/api/current-user`, { headers: { authorization: `Bearer ${session.access_token}` } })).json()) as {
        user: { id: string };
      };
      const events = (type: string) =>
        sql
          .query<{ n: number }>('select count(*)::int as n from es.events where stream_id = $1 and event_type = $2', [`member-${me.user.id}`, type])
          .then((r) => r.rows[0]?.n ?? 0);
      await expect.poll(() => events('MembershipActivated'), { timeout: 20_000 }).toBe(1);
      // The paid month is over: the worker's billing clock charges the next one and posts invoice.paid.
      await sql.query("update local_payments.subscriptions set current_period_end = now() - interval '1 second' where customer = $1", [me.user.id]);
      await expect.poll(() => events('MembershipRenewed'), { timeout: 20_000 }).toBe(1);
    } finally {
      await sql.close();
    }
  });

  it('reports every component ready, Redis included', async (t) => {
    if (!db || !redisUrl) return t.skip();
    const body = (await (await fetch(`${url}/ready`)).json()) as { checks: Record<string, string> };
    expect(body.checks).toEqual({ database: 'up', eventStore: 'up', redis: 'up', projections: 'up' });
  });

  it('serves the catalogue that the separate projector process built from the seeded events', async (t) => {
    if (!db || !redisUrl) return t.skip();
    let codes: string[] = [];
    const started = Date.now();
    while (codes.length < 4 && Date.now() - started < 20_000) {
      const body = (await (await fetch(`${url}/items/membership?filter[status][_in]=published,archived&sort=sort`)).json()) as {
        data: Array<{ code: string }>;
      };
      codes = body.data.map((m) => m.code);
      if (codes.length < 4) await new Promise((r) => setTimeout(r, 200));
    }
    expect(codes).toEqual(['free', 'single-entry', 'platinum', 'platinum-member']);
  });

  it('a staff edit through the api is projected by the projector process before the api answers', async (t) => {
    if (!db || !redisUrl) return t.skip();
    const token = await staffApiToken(url);
    const current = (await (await fetch(`${url}/api/admin/memberships/3`, { headers: { authorization: `Bearer ${token}` } })).json()) as Record<
      string,
      unknown
    >;
    const put = await fetch(`${url}/api/admin/memberships/3`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...current, price_cents: 3199, reason: 'Price review for summer' }),
    });
    expect(put.status, output).toBe(200);
    const listed = (await (await fetch(`${url}/items/membership?filter[code][_eq]=platinum`)).json()) as { data: Array<{ price: number }> };
    expect(listed.data[0]!.price).toBe(31.99);
  });
});
