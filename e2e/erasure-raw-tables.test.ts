import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgSql, type Sql } from '@roar/platform';
import { createTestDatabase, findRedis, type TestDatabase } from '@roar/platform/testing';
import { startApp, type RunningApp } from './harness';
import { signUpMember } from './members';
import { staffApiToken, switchOffFourEyesAsSingleAdmin } from './staff-console';

const PLATINUM = 3;
const PASSWORD = 'quartz-meadow-41-lantern';

/** The member's personal data, each value distinctive enough that a match anywhere is theirs. */
const PERSON = {
  email: 'zebediah.quillfeatherstone@example.com.au',
  first: 'Zebediah',
  last: 'Quillfeatherstone',
  phone: '0491 570 156',
  address: '42 Wallaby Way, Wollongbar',
  golfLink: '3091827364',
  supportText: 'My grandmother Ermintrude left me her clubs',
  friend: 'ermintrude.friend.invite@example.com.au',
} as const;

/** Redis is shared: the sign-in counters this walk's own refused sign-in leaves (they expire) are removed before and after. */
async function removeOwnThrottleKeys(redis: Redis): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `*:throttle:*${PERSON.email}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) await redis.del(...keys);
  } while (cursor !== '0');
}
const NEEDLES = Object.values(PERSON);

/** Every row of every table of every schema (cast to text) holding a needle, as `schema.table: needle`. */
async function databaseMatches(sql: Sql): Promise<string[]> {
  const tables = await sql.query<{ s: string; t: string }>(
    `select table_schema as s, table_name as t from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`,
  );
  const found: string[] = [];
  for (const { s, t } of tables.rows) {
    const q = `"${s.replaceAll('"', '""')}"."${t.replaceAll('"', '""')}"`;
    for (const needle of NEEDLES) {
      const r = await sql.query<{ n: string }>(`select count(*)::text as n from ${q} x where strpos(lower(x::text), lower($1)) > 0`, [needle]);
      if (Number(r.rows[0]?.n ?? 0) > 0) found.push(`${s}.${t}: ${needle} (${r.rows[0]?.n} rows)`);
    }
  }
  return found;
}

/** Every Redis key whose name or value holds a needle. */
async function redisMatches(redis: Redis): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'COUNT', 1000);
    cursor = next;
    for (const key of keys) {
      const type = await redis.type(key);
      let text = key;
      if (type === 'string') text += (await redis.get(key)) ?? '';
      else if (type === 'hash') text += JSON.stringify(await redis.hgetall(key));
      else if (type === 'list') text += JSON.stringify(await redis.lrange(key, 0, -1));
      else if (type === 'set') text += JSON.stringify(await redis.smembers(key));
      else if (type === 'zset') text += JSON.stringify(await redis.zrange(key, 0, -1));
      else if (type === 'stream') text += JSON.stringify(await redis.xrange(key, '-', '+'));
      const lower = text.toLowerCase();
      for (const needle of NEEDLES) if (lower.includes(needle.toLowerCase())) found.push(`${key} (${type}): ${needle}`);
    }
  } while (cursor !== '0');
  return found;
}

/** An npm script against the test database: its exit code and output. */
function runScript(script: string, args: readonly string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: join(import.meta.dirname, '..'),
      env: { ...process.env, LOG_LEVEL: 'warn', EVENTSTORE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/**
 * Issue 24's proof, on PostgreSQL and Redis: a paid member with distinctive personal data uses the
 * features that store it (profile phone, address and date of birth, a support message, a referral
 * invite, a handicap application with a Golf Link number), enters a draw that closes and is drawn,
 * then deletes their account. Once the erasure is done, no table of any schema (event store, read
 * models, api and worker tables) and no Redis key holds their email, name, phone, address, Golf
 * Link number or what they wrote; `audit:draw` and `audit:log` still print VERIFIED; the same
 * address joins again as a new member.
 */
describe('erasure: the raw tables forget the member, and every audit stays VERIFIED', () => {
  let db: TestDatabase;
  let redisUrl: string;
  let redis: Redis;
  let sql: Sql;
  let app: RunningApp;
  const dataDir = mkdtempSync(join(tmpdir(), 'roar-erasure-'));
  let memberId = '';
  let prizeId = '';

  beforeAll(async () => {
    const created = await createTestDatabase('roar_erasure');
    const found = await findRedis();
    if (!created || !found) throw new Error('the erasure proof needs PostgreSQL and Redis');
    db = created;
    redisUrl = found;
    redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    sql = createPgSql({ connectionString: db.url, max: 2 });
    await removeOwnThrottleKeys(redis);
    app = await startApp({ DATA_DIR: dataDir, DATABASE_URL: db.url, REDIS_URL: redisUrl, TRANSPARENCY_HEAD_INTERVAL_MS: '300' });
    await switchOffFourEyesAsSingleAdmin(app.url);
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await sql?.close();
    if (redis) await removeOwnThrottleKeys(redis);
    redis?.disconnect();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const staff = async (token: string, path: string, body: unknown): Promise<Record<string, unknown>> => {
    const r = await fetch(`${app.url}/api/admin${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    expect(r.status, `${path}: ${await r.clone().text()}`).toBeLessThan(300);
    return (await r.json()) as Record<string, unknown>;
  };
  const asMember = async (token: string, method: string, path: string, body: unknown): Promise<Response> =>
    fetch(`${app.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });

  it('a member joins, stores personal data across the features, enters a draw that is drawn, and deletes their account: nothing of them is left', async () => {
    const member = await signUpMember(app.url, {
      email: PERSON.email,
      membershipId: PLATINUM,
      firstName: PERSON.first,
      lastName: PERSON.last,
      password: PASSWORD,
    });
    memberId = String(member.user.id);
    const token = member.access_token;

    const profile = await asMember(token, 'PATCH', '/api/update-user', { mobile: PERSON.phone, address: PERSON.address, dob: '1971-07-14' });
    expect(profile.status, await profile.clone().text()).toBe(200);
    const support = await asMember(token, 'POST', '/api/support-requests', {
      name: `${PERSON.first} ${PERSON.last}`,
      email: PERSON.email,
      topic: 'other',
      message: `${PERSON.supportText}, can I store them at the club?`,
      recaptcha_token: 'local-test-token',
    });
    expect(support.status, await support.clone().text()).toBeLessThan(300);
    const invite = await asMember(token, 'POST', '/api/send-referee-email', { email: PERSON.friend });
    expect(invite.status, await invite.clone().text()).toBeLessThan(300);
    const handicap = await asMember(token, 'POST', '/api/clubhouse/request', {
      first_name: PERSON.first,
      last_name: PERSON.last,
      mobile: PERSON.phone,
      dob: '14/07/1971',
      address: PERSON.address,
      previous_golf_club: 'Wollongbar Golf Club',
      previous_golf_link_number: PERSON.golfLink,
    });
    expect(handicap.status, await handicap.clone().text()).toBe(201);

    // A draw the member is in: created, closed (the list committed to a tree head) and drawn.
    await expect
      .poll(async () => ((await (await fetch(`${app.url}/api/transparency/tree-heads?limit=1`)).json()) as { data: unknown[] }).data.length, {
        timeout: 30_000,
      })
      .toBe(1);
    const staffToken = await staffApiToken(app.url);
    const prize = await staff(staffToken, '/prizes', {
      title: 'Erasure week for two',
      slug: `erasure-week-${Date.now().toString(36)}`,
      prize_end_date: new Date(Date.now() + 3_600_000).toISOString(),
      prize_value: 500,
      status: 'published',
      reason: 'Issue 24 erasure proof',
    });
    prizeId = String(prize.id);
    await staff(staffToken, `/prizes/${prizeId}/schedule`, {});
    for (const action of ['close', 'draw']) await staff(staffToken, `/prizes/${prizeId}/${action}`, {});
    const before = await runScript('audit:draw', [prizeId], { DATABASE_URL: db.url, DATA_DIR: dataDir });
    expect(before.output).toContain('VERIFIED');
    // The data is really there before the erasure (the search can find it).
    expect((await databaseMatches(sql)).length).toBeGreaterThan(0);

    const deleted = await asMember(token, 'POST', '/api/delete-account', { password: PASSWORD });
    expect(deleted.status, await deleted.clone().text()).toBeLessThan(300);

    // Done when the erasure job has run (the key deleted, the tables scrubbed) and every projector
    // has applied MemberErased: the search comes back empty. Until then it is polled, never slept.
    let left: string[] = [];
    await expect
      .poll(
        async () => {
          left = [...(await databaseMatches(sql)), ...(await redisMatches(redis))];
          return left;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toEqual([]);
    expect(left).toEqual([]);

    // Sign-in is gone.
    const signIn = await fetch(`${app.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: PERSON.email, password: PASSWORD }),
    });
    expect(signIn.status).toBeGreaterThanOrEqual(400);
  }, 300_000);

  it('audit:draw still says VERIFIED for the draw the member was in, and audit:log for the whole log', async () => {
    const draw = await runScript('audit:draw', [prizeId], { DATABASE_URL: db.url, DATA_DIR: dataDir });
    expect(draw.code, draw.output).toBe(0);
    expect(draw.output).toContain('VERIFIED');
    const log = await runScript('audit:log', [], { DATABASE_URL: db.url, DATA_DIR: dataDir });
    expect(log.code, log.output).toBe(0);
    expect(log.output).toContain('VERIFIED');
  }, 180_000);

  it('rebuilding every read model after the erasure brings none of it back: verify finds no difference, the rows keep their shape', async () => {
    // Every read model at the head of the log first, so the rows compared are the live projectors' final ones.
    const behind = async () =>
      Number(
        (
          await sql.query<{ n: string }>(
            `select count(*)::text as n from read.checkpoints where position_prepare < (select coalesce(max(global_position), 0) from es.events)`,
          )
        ).rows[0]?.n,
      );
    await expect.poll(behind, { timeout: 60_000, interval: 500 }).toBe(0);
    await app.stop();
    const shape = async () =>
      (
        await sql.query<{ t: string; columns: string; n: string }>(
          `select c.table_name as t, string_agg(c.column_name || ' ' || c.data_type, ', ' order by c.ordinal_position) as columns,
                  (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from read.%I', c.table_name), false, true, '')))[1]::text as n
             from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
            where c.table_schema = 'read' and t.table_type = 'BASE TABLE' group by c.table_name order by 1`,
        )
      ).rows;
    const before = await shape();
    const verify = await runScript('projections', ['verify', 'all'], { DATABASE_URL: db.url, DATA_DIR: dataDir });
    expect(verify.code, verify.output).toBe(0);
    const rebuild = await runScript('projections', ['rebuild', 'all'], { DATABASE_URL: db.url, DATA_DIR: dataDir });
    expect(rebuild.code, rebuild.output).toBe(0);
    expect(await shape()).toEqual(before);
    expect(await databaseMatches(sql)).toEqual([]);
    app = await startApp({ DATA_DIR: dataDir, DATABASE_URL: db.url, REDIS_URL: redisUrl, TRANSPARENCY_HEAD_INTERVAL_MS: '300' });
  }, 300_000);

  it('the same address joins again as a new member', async () => {
    const again = await signUpMember(app.url, {
      email: PERSON.email,
      membershipId: PLATINUM,
      firstName: PERSON.first,
      lastName: PERSON.last,
      password: PASSWORD,
    }).catch((error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- app output ---\n${app.output().slice(-6000)}`);
    });
    expect(String(again.user.id)).not.toBe(memberId);
    expect(again.user.email).toBe(PERSON.email);
  }, 120_000);
});
