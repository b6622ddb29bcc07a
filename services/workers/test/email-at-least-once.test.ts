import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { requireOrSkip } from '@roar/platform/testing';
import { createEmailHandler } from '../src/mail/email-job';
import { createMailer, listSentMail, stableMessageId, type Mailer } from '../src/mail/mailer';
import { createSentLog } from '../src/mail/sent-log';
import { openTestEnv, quietLogger } from './helpers';

const env = await openTestEnv();
const haveDb = requireOrSkip('PostgreSQL', env !== null);
const FROM = 'ROAR+ <no-reply@roarplus.local>';
const mail = { to: ['kim@example.com'], subject: 'Welcome to ROAR+', text: 'Hi Kim', html: '<p>Hi Kim</p>' };
const ctx = (jobId: string) => ({ jobId, attempt: 1, logger: quietLogger });

afterAll(async () => {
  await env?.close();
});

describe.runIf(haveDb)('email delivery is at least once', () => {
  beforeEach(async () => {
    await env!.sql.exec('truncate jobs.sent_log');
  });

  it('a claim never confirmed (the worker died mid-send) is sent again once its lease ran out', async () => {
    const log = createSentLog(env!.sql, quietLogger, 200);
    expect(await log.claim('job-1', mail.to, mail.subject)).toEqual({ kind: 'send' });
    // Still inside the lease: another run waits rather than sending beside a live one.
    const busy = await log.claim('job-1', mail.to, mail.subject);
    expect(busy.kind).toBe('busy');
    await new Promise((r) => setTimeout(r, 300));
    expect(await log.claim('job-1', mail.to, mail.subject)).toEqual({ kind: 'send' });
    await log.confirm('job-1');
    expect(await log.claim('job-1', mail.to, mail.subject)).toEqual({ kind: 'sent' });
    const row = await env!.sql.query<{ claims: number; status: string }>("select claims, status from jobs.sent_log where idempotency_key = 'job-1'");
    expect(row.rows[0]).toEqual({ claims: 2, status: 'sent' });
  });

  it('the rerun writes the same .eml file with the same Message-ID: exactly once in the file transport', async () => {
    const mailer = createMailer({ dataDir: env!.dataDir, from: FROM, timeoutMs: 1000 });
    // The first run dies after the transport took the message, before it was confirmed.
    const dying: Mailer = { ...mailer, send: async (m, key) => (await mailer.send(m, key), Promise.reject(new Error('SIGKILL'))) };
    const log = createSentLog(env!.sql, quietLogger, 100);
    expect((await log.claim('job-2', mail.to, mail.subject)).kind).toBe('send');
    await dying.send(mail, 'job-2').catch(() => undefined);
    const handler = createEmailHandler(env!.sql, mailer, quietLogger, 100);
    await handler.run(mail, ctx('job-2'));
    await handler.run(mail, ctx('job-2'));
    const sent = (await listSentMail(env!.dataDir)).filter((m) => m.key === 'job-2');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.messageId).toBe(stableMessageId('job-2', FROM));
    expect(stableMessageId('job-2', FROM)).toMatch(/^<[0-9a-f]{32}@roarplus\.local>$/);
  });

  it('a run that meets a live claim waits for it and then skips the confirmed email', async () => {
    let sends = 0;
    const slow: Mailer = {
      kind: 'file',
      close: () => undefined,
      send: async () => (sends++, await new Promise((r) => setTimeout(r, 150)), { messageId: '<x@y>' }),
    };
    const handler = createEmailHandler(env!.sql, slow, quietLogger, 5_000);
    await Promise.all([handler.run(mail, ctx('job-3')), new Promise((r) => setTimeout(r, 30)).then(() => handler.run(mail, ctx('job-3')))]);
    expect(sends).toBe(1);
  });
});
