import { spawn, spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { requireOrSkip } from '@roar/platform/testing';
import { createJobRuntime, uniqueQueuePrefix } from '../src';
import { closedPort, openTestEnv, quietLogger, waitFor } from './helpers';
import { startFakeSmtp } from './smtp-server';

const env = await openTestEnv();
const haveRedisServer = requireOrSkip('the redis-server binary', spawnSync('redis-server', ['--version']).status === 0);

afterAll(async () => {
  await env?.close();
});

describe('a job runtime started while Redis is down', () => {
  it.runIf(env !== null && haveRedisServer)('answers once Redis comes up, then queues and works jobs', async () => {
    const smtp = await startFakeSmtp();
    const port = await closedPort();
    const runtime = await createJobRuntime({
      sql: env!.sql,
      store: env!.store,
      logger: quietLogger,
      redisUrl: `redis://127.0.0.1:${port}`,
      smtpUrl: smtp.url,
      dataDir: env!.dataDir,
      mailFrom: 'no-reply@roarplus.local',
      callTimeoutMs: 1000,
      queuePrefix: uniqueQueuePrefix('recovery'),
    });
    await runtime.start({ reactors: false });
    await expect(runtime.ping()).rejects.toThrow(/Redis/);
    // A throwaway Redis on that port, without persistence, killed at the end.
    const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    try {
      await waitFor(
        'Redis to answer',
        () =>
          runtime.ping().then(
            () => true,
            () => false,
          ),
        20_000,
      );
      await runtime.enqueue('email', 'after-outage', { to: ['someone@example.com'], subject: 'Back', text: 'back', html: '<p>back</p>' });
      await waitFor('the email', async () => smtp.received.length === 1, 20_000);
    } finally {
      await runtime.stop();
      redis.kill();
      await smtp.close();
    }
  });
});
