import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore, type EventStore } from '@roar/platform';
import { findRedis, requireOrSkip } from '@roar/platform/testing';
import { listSentMail, mailDir, stableMessageId, uniqueQueuePrefix } from '../src';
import { event, openTestEnv, waitFor } from './helpers';

/**
 * The worker is SIGKILLed three times while it sends (after the file transport wrote a message,
 * before the sent-log confirmed it), restarted each time; then every email the events call for is
 * written exactly once: one .eml per job, with the job's Message-ID, none missing, none twice.
 */
const env = await openTestEnv();
const redisUrl = await findRedis();
const haveDb = requireOrSkip('PostgreSQL', env !== null);
const child = fileURLToPath(new URL('./kill-child.ts', import.meta.url));
const EMAILS = 30;

afterAll(async () => {
  await env?.close();
});

const modes = [
  { mode: 'in-process', redis: null as string | null, available: haveDb },
  { mode: 'bullmq', redis: redisUrl, available: haveDb && redisUrl !== null },
];

describe.each(modes)('a worker killed while it sends ($mode)', ({ mode, redis, available }) => {
  it.runIf(available)(
    'writes every email exactly once after three kills',
    async () => {
      const dataDir = `${env!.dataDir}/${mode}`;
      await env!.emptyLog(['jobs.reactor_checkpoints', 'jobs.sent_log', 'jobs.completed_jobs', 'jobs.failed_jobs']);
      const store: EventStore = await createPostgresEventStore(env!.sql, { pollIntervalMs: 20 });
      for (let i = 0; i < EMAILS; i += 1) {
        const memberId = randomUUID();
        await store.append(
          `member-${memberId}`,
          [
            event('MemberRegistered', {
              memberId,
              email: `kill${i}@example.test`,
              firstname: `Kim${i}`,
              lastname: 'Killed',
              referralCode: `K${i}`,
              chosenMembershipId: null,
            }),
          ],
          'no_stream',
        );
        // The welcome goes out once the sign-up completed (the login exists).
        await store.append(`login-${memberId}`, [event('MemberSignUpCompleted', { memberId })], 'no_stream');
      }
      await store.close();
      const prefix = uniqueQueuePrefix('kill');
      const start = (slowMs: number): { proc: ChildProcess; exited: Promise<NodeJS.Signals | null> } => {
        const proc = spawn(process.execPath, ['--import', 'tsx', child], {
          env: {
            ...process.env,
            DATABASE_URL: env!.url,
            DATA_DIR: dataDir,
            SLOW_SEND_MS: String(slowMs),
            ...(redis ? { REDIS_URL: redis, QUEUE_PREFIX: prefix } : {}),
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        return { proc, exited: new Promise((resolve) => proc.once('exit', (_code, signal) => resolve(signal))) };
      };
      const count = async (status: string) =>
        Number((await env!.sql.query<{ n: number }>('select count(*)::int as n from jobs.sent_log where status = $1', [status])).rows[0]?.n ?? 0);

      let killedMidSend = 0;
      for (let kill = 0; kill < 3; kill += 1) {
        const worker = start(400);
        // Kill it while a message is written but not yet confirmed in the sent-log.
        await waitFor('a send in flight', async () => (await count('sending')) > 0 || worker.proc.exitCode !== null, 30_000);
        await new Promise((r) => setTimeout(r, 100));
        if ((await count('sending')) > 0) killedMidSend += 1;
        worker.proc.kill('SIGKILL');
        expect(await worker.exited).toBe('SIGKILL');
      }
      expect(killedMidSend).toBe(3);
      expect(await count('sent')).toBeLessThan(EMAILS);

      const last = start(0);
      try {
        await waitFor('every email confirmed', async () => (await count('sent')) === EMAILS, 40_000);
      } finally {
        last.proc.kill('SIGKILL');
        await last.exited;
      }
      const mails = await listSentMail(dataDir);
      expect(mails).toHaveLength(EMAILS);
      expect(new Set(mails.map((m) => m.key)).size).toBe(EMAILS);
      expect(new Set(mails.flatMap((m) => m.to))).toEqual(new Set(Array.from({ length: EMAILS }, (_, i) => `kill${i}@example.test`)));
      for (const m of mails) expect(m.messageId).toBe(stableMessageId(m.key, 'ROAR+ <no-reply@roarplus.local>'));
      expect((await readdir(mailDir(dataDir))).filter((f) => f.endsWith('.eml'))).toHaveLength(EMAILS);
      // The killed sends went out again: their claims were taken over after the lease.
      const resent = await env!.sql.query<{ n: number }>('select count(*)::int as n from jobs.sent_log where claims > 1');
      expect(resent.rows[0]?.n).toBeGreaterThanOrEqual(1);
      const failed = await env!.sql.query('select 1 from jobs.failed_jobs');
      expect(failed.rows).toHaveLength(0);
    },
    90_000,
  );
});
