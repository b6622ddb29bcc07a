import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { START } from '@roar/platform';
import { findRedis, requireOrSkip } from '@roar/platform/testing';
import { createJobRuntime, uniqueQueuePrefix, type JobRuntime } from '../src';
import { saveCheckpoint, loadCheckpoint } from '../src/reactors';
import { toBullJobId } from '../src/jobs/bullmq';
import { startFakeSmtp, type FakeSmtp } from './smtp-server';
import { closedPort, defineAndRevisePrice, openTestEnv, quietLogger, waitFor } from './helpers';

const env = await openTestEnv();
const redisUrl = await findRedis();
const haveDb = requireOrSkip('PostgreSQL', env !== null);
const haveRedis = requireOrSkip('Redis', redisUrl !== null);
const RETRY = { attempts: 3, backoffMs: 100 };

afterAll(async () => {
  await env?.close();
});

const modes = [
  { mode: 'in-process' as const, available: haveDb },
  { mode: 'bullmq' as const, available: haveDb && haveRedis },
];

describe.each(modes)('job runtime ($mode)', ({ mode, available }) => {
  let smtp: FakeSmtp;
  let prefix: string;
  const runtimes: JobRuntime[] = [];

  async function open(): Promise<JobRuntime> {
    const runtime = await createJobRuntime({
      sql: env!.sql,
      store: env!.store,
      logger: quietLogger,
      redisUrl: mode === 'bullmq' ? redisUrl! : undefined,
      smtpUrl: smtp.url,
      dataDir: env!.dataDir,
      mailFrom: 'ROAR+ <no-reply@roarplus.local>',
      staffMailbox: 'staff@example.com',
      callTimeoutMs: 2000,
      retry: RETRY,
      queuePrefix: prefix,
    });
    runtimes.push(runtime);
    return runtime;
  }

  beforeAll(() => {
    prefix = uniqueQueuePrefix(mode);
  });
  beforeEach(async () => {
    smtp = await startFakeSmtp();
    // Each test starts from an empty event log and empty job tables.
    await env?.emptyLog(['jobs.reactor_checkpoints', 'jobs.failed_jobs', 'jobs.completed_jobs', 'jobs.sent_log']);
  });
  afterEach(async () => {
    for (const r of runtimes.splice(0)) await r.stop();
    await smtp.close();
  });
  afterAll(async () => {
    if (mode !== 'bullmq' || !redisUrl) return;
    for (const name of ['email', 'tracking']) {
      const q = new Queue(name, { connection: { url: redisUrl }, prefix });
      await q.obliterate({ force: true });
      await q.close();
    }
  });

  it.runIf(available)('retries a job that fails twice, with backoff, and sends exactly one email', async () => {
    smtp.failNext = 2;
    const runtime = await open();
    await runtime.start();
    const started = Date.now();
    await defineAndRevisePrice(env!.store, 2500);
    await waitFor('the email', async () => smtp.received.length === 1);
    expect(smtp.refused).toBe(2);
    // Two backoffs of 100 and 200 ms lie between the first attempt and the success.
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(smtp.received[0]).toContain('Subject: Membership Single Entry: price changed from $20 to $25');
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received).toHaveLength(1);
    expect(await runtime.listFailed()).toEqual([]);
  });

  it.runIf(available)('keeps a job that fails every attempt in the failed set, and retryFailed runs it again', async () => {
    smtp.failNext = Number.POSITIVE_INFINITY;
    const runtime = await open();
    await runtime.start();
    const eventId = await defineAndRevisePrice(env!.store, 3000);
    const [failed] = await waitFor('the failed job', async () => {
      const list = await runtime.listFailed();
      return list.length > 0 ? list : null;
    });
    expect(failed).toMatchObject({ id: `email/${eventId}`, queue: 'email', jobId: eventId, attempts: 3 });
    expect(failed!.error).toContain('try again later');
    expect(smtp.refused).toBe(3);
    expect(smtp.received).toHaveLength(0);

    smtp.failNext = 0;
    expect(await runtime.retryFailed('email/no-such-job')).toBe(false);
    expect(await runtime.retryFailed(failed!.id)).toBe(true);
    await waitFor('the retried email', async () => smtp.received.length === 1);
    expect(smtp.received[0]).toContain('$20 to $30');
    await waitFor('an empty failed set', async () => (await runtime.listFailed()).length === 0);
    // A job that is no longer failed cannot be retried again.
    expect(await runtime.retryFailed(failed!.id)).toBe(false);
  });

  it.runIf(available)('sends one email when the reactor restarts from an older checkpoint', async () => {
    const first = await open();
    await first.start();
    await defineAndRevisePrice(env!.store, 2200);
    await waitFor('the email', async () => smtp.received.length === 1);
    const head = await env!.store.headPosition();
    await waitFor('the checkpoint', async () => (await loadCheckpoint(env!.sql, 'catalogue-notifications')).prepare === head.prepare);
    await first.stop();

    // The same event is delivered again: the jobId absorbs it.
    await saveCheckpoint(env!.sql, 'catalogue-notifications', START);
    const second = await open();
    await second.start();
    await waitFor('the replay', async () => (await loadCheckpoint(env!.sql, 'catalogue-notifications')).prepare === head.prepare);
    await second.stop();
    expect(smtp.received).toHaveLength(1);

    // Even when the queue has forgotten the finished job, the sent-log stops a second email.
    const [eventRow] = (
      await env!.sql.query<{ event_id: string }>(`select event_id::text as event_id from es.events where event_type = 'MembershipTierRevised'`)
    ).rows;
    if (mode === 'bullmq') {
      // Issue 24: a completed mail job is removed at once (its data holds addresses), so the queue has already forgotten it.
      const q = new Queue('email', { connection: { url: redisUrl! }, prefix });
      expect(await q.getJob(toBullJobId(eventRow!.event_id))).toBeUndefined();
      await q.close();
    } else {
      await env!.sql.query('delete from jobs.completed_jobs');
    }
    await saveCheckpoint(env!.sql, 'catalogue-notifications', START);
    const third = await open();
    await third.start();
    await waitFor('the second replay', async () => (await loadCheckpoint(env!.sql, 'catalogue-notifications')).prepare === head.prepare);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received).toHaveLength(1);
    const log = await env!.sql.query<{ idempotency_key: string; status: string }>('select idempotency_key, status from jobs.sent_log');
    expect(log.rows).toEqual([{ idempotency_key: eventRow!.event_id, status: 'sent' }]);
  });

  it.runIf(available)('fails a job with a bad payload at once, and the worker carries on', async () => {
    const runtime = await open();
    await runtime.start({ reactors: false });
    await runtime.enqueue('email', 'bad-1', { to: ['not an address'], subject: 'x' });
    await runtime.enqueue('email', 'good-1', { to: ['someone@example.com'], subject: 'Hello', text: 'hi', html: '<p>hi</p>' });
    await waitFor('the good email', async () => smtp.received.length === 1);
    const failed = await waitFor('the bad job', async () => (await runtime.listFailed()).find((f) => f.jobId === 'bad-1'));
    expect(failed.attempts).toBe(1);
    expect(failed.error).toContain('invalid email job payload');
  });

  it.runIf(available)('absorbs a duplicate enqueue with the same job id, even one holding a colon', async () => {
    const runtime = await open();
    await runtime.start({ reactors: false });
    const mail = { to: ['someone@example.com'], subject: 'Once', text: 'once', html: '<p>once</p>' };
    await runtime.enqueue('email', 'evt-1:welcome', mail);
    await waitFor('the email', async () => smtp.received.length === 1);
    await runtime.enqueue('email', 'evt-1:welcome', mail);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received).toHaveLength(1);
  });
});

describe('job runtime without a reachable Redis', () => {
  it.runIf(haveDb)('ping and enqueue reject quickly with a clear error', async () => {
    const port = await closedPort();
    const runtime = await createJobRuntime({
      sql: env!.sql,
      store: env!.store,
      logger: quietLogger,
      redisUrl: `redis://127.0.0.1:${port}`,
      dataDir: env!.dataDir,
      mailFrom: 'no-reply@roarplus.local',
      callTimeoutMs: 3000,
    });
    try {
      expect(runtime.mode).toBe('bullmq');
      let started = Date.now();
      await expect(runtime.ping()).rejects.toThrow(/Redis/);
      expect(Date.now() - started).toBeLessThan(2500);
      started = Date.now();
      await expect(runtime.enqueue('email', 'x', {})).rejects.toThrow(/Redis/);
      expect(Date.now() - started).toBeLessThan(3500);
    } finally {
      const stopping = Date.now();
      await runtime.stop();
      expect(Date.now() - stopping).toBeLessThan(10_000);
    }
  });

  it.runIf(haveDb)('in-process ping resolves at once', async () => {
    const runtime = await createJobRuntime({
      sql: env!.sql,
      store: env!.store,
      logger: quietLogger,
      dataDir: env!.dataDir,
      mailFrom: 'no-reply@roarplus.local',
    });
    expect(runtime.mode).toBe('in-process');
    await runtime.ping();
    await runtime.stop();
  });
});
