/**
 * A worker in its own process, for the kill-while-sending test: the reactors and the email jobs
 * over PostgreSQL (BullMQ when REDIS_URL is set), mail written by the file transport, which then
 * pauses SLOW_SEND_MS before the job confirms, so the parent can SIGKILL it between the two.
 * Usage: DATABASE_URL=... DATA_DIR=... [REDIS_URL=... QUEUE_PREFIX=...] node --import tsx test/kill-child.ts
 */
import { createEventRegistry } from '@roar/domain';
import { createLogger, createPgSql, createPostgresEventStore, protectingStore } from '@roar/platform';
import { testPersonalDataKeys } from '@roar/platform/testing';
import { createJobRuntime, createMailer, memberEmails, type Mailer } from '../src';

const url = process.env.DATABASE_URL;
const dataDir = process.env.DATA_DIR;
if (!url || !dataDir) throw new Error('DATABASE_URL and DATA_DIR are required');
const pauseMs = Number(process.env.SLOW_SEND_MS ?? '0');
const from = 'ROAR+ <no-reply@roarplus.local>';

const file = createMailer({ dataDir, from, timeoutMs: 2000 });
const mailer: Mailer = {
  ...file,
  async send(mail, key) {
    const sent = await file.send(mail, key);
    await new Promise((r) => setTimeout(r, pauseMs));
    return sent;
  },
};
const sql = createPgSql({ connectionString: url, max: 16, applicationName: 'roar-kill-worker' });
// Personal fields opened as the product reads them (the parent seals under the same test master key).
const store = protectingStore(await createPostgresEventStore(sql, { pollIntervalMs: 20 }), createEventRegistry(), await testPersonalDataKeys(sql));
const runtime = await createJobRuntime({
  sql,
  store,
  logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent', 'kill-worker'),
  ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL, queuePrefix: process.env.QUEUE_PREFIX ?? 'roar-kill', stalledJobMs: 1500 } : {}),
  dataDir,
  mailFrom: from,
  mailer,
  mailClaimLeaseMs: 1500,
  retry: { attempts: 8, backoffMs: 200 },
  reactors: [memberEmails],
});
await runtime.start();
process.stdout.write('started\n');
