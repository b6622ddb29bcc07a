import { createHash } from 'node:crypto';
import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteSql, createPostgresEventStore, type EventStore, type Sql } from '@roar/platform';
import { adPlatformEventName, createJobRuntime, TRACKED_EVENTS, type JobRuntime } from '../src';
import { createTrackingHandler, trackingJobSchema } from '../src/tracking/tracking-job';
import { quietLogger, waitFor } from './helpers';
import pino from 'pino';

interface Received {
  url: string;
  body: unknown;
}

describe('tracking jobs (Meta Conversions API)', () => {
  const received: Received[] = [];
  /** Statuses of the next answers, in order; 200 once they run out. */
  let statuses: number[] = [];
  let server: http.Server;
  let graphUrl: string;
  let sql: Sql;
  let store: EventStore;
  let runtime: JobRuntime;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        received.push({ url: req.url ?? '', body: JSON.parse(raw) as unknown });
        const status = statuses.shift() ?? 200;
        res
          .writeHead(status, { 'content-type': 'application/json' })
          .end(status === 200 ? '{"events_received":1}' : '{"error":{"message":"Invalid OAuth access token"}}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    graphUrl = `http://127.0.0.1:${address.port}/v19.0`;
    sql = await createPgliteSql(null);
    store = await createPostgresEventStore(sql);
    runtime = await createJobRuntime({
      sql,
      store,
      logger: quietLogger,
      dataDir: '/nonexistent',
      mailFrom: 'no-reply@roarplus.local',
      facebook: { pixelId: '1234567890', accessToken: 'token-abc', testEventCode: 'TEST123', graphUrl },
      retry: { attempts: 3, backoffMs: 20 },
    });
    await runtime.start({ reactors: false });
  });
  afterEach(() => {
    received.length = 0;
    statuses = [];
  });
  afterAll(async () => {
    await runtime.stop();
    await sql.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('maps every tracked event of the spec to an ad-platform name', () => {
    expect(Object.keys(TRACKED_EVENTS).sort()).toEqual(
      [
        'subscribed',
        'registration_completed',
        'checkout_initiated',
        'checkout_canceled',
        'membership_cancelled',
        'trial_started',
        'view_content',
        'click_content',
        'login',
      ].sort(),
    );
    expect(adPlatformEventName('registration_completed')).toBe('CompleteRegistration');
  });

  it('posts the event with hashed personal data, the pixel id, the token and the test code', async () => {
    await runtime.enqueue('tracking', 'evt-1:registration', {
      event: 'registration_completed',
      eventId: 'evt-1',
      eventTime: 1_790_000_000,
      sourceUrl: 'https://roarplus.local/sign-up',
      user: { email: ' Someone@Example.com ', fbp: 'fb.1.123.456', userAgent: 'Mozilla/5.0' },
      customData: { membership_id: 2 },
    });
    expect(received).toHaveLength(1);
    expect(received[0]!.url).toBe('/v19.0/1234567890/events');
    expect(received[0]!.body).toEqual({
      data: [
        {
          event_name: 'CompleteRegistration',
          event_time: 1_790_000_000,
          event_id: 'evt-1',
          action_source: 'website',
          event_source_url: 'https://roarplus.local/sign-up',
          user_data: {
            em: [createHash('sha256').update('someone@example.com').digest('hex')],
            fbp: 'fb.1.123.456',
            client_user_agent: 'Mozilla/5.0',
          },
          custom_data: { membership_id: 2 },
        },
      ],
      access_token: 'token-abc',
      test_event_code: 'TEST123',
    });
  });

  it('fails at once on a rejected token (no retry helps) and keeps the job for staff', async () => {
    statuses = [400];
    await runtime.enqueue('tracking', 'evt-2:login', { event: 'login', eventId: 'evt-2', eventTime: 1_790_000_001 });
    expect(received).toHaveLength(1);
    const failed = await waitFor('the failed job', async () => (await runtime.listFailed()).find((f) => f.jobId === 'evt-2:login'));
    expect(failed).toMatchObject({ id: 'tracking/evt-2:login', queue: 'tracking', attempts: 1 });
    expect(failed.error).toContain('Invalid OAuth access token');
  });

  it('retries an outage (5xx) with backoff until it goes through', async () => {
    statuses = [503, 502];
    await runtime.enqueue('tracking', 'evt-3:view', { event: 'view_content', eventId: 'evt-3', eventTime: 1_790_000_002 });
    expect(received.length).toBe(3);
    expect(statuses).toEqual([]);
    expect((await runtime.listFailed()).find((f) => f.jobId === 'evt-3:view')).toBeUndefined();
  });
});

describe('tracking without a configured pixel', () => {
  it('logs what it would send, without the token, and succeeds', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const handler = createTrackingHandler(undefined, 1000);
    await handler.run(trackingJobSchema.parse({ event: 'subscribed', eventId: 'evt-9', eventTime: 1_790_000_009 }), {
      jobId: 'evt-9',
      attempt: 1,
      logger,
    });
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; wouldSend?: { data: { event_name: string }[]; access_token?: string } });
    const entry = logged.find((l) => l.msg.startsWith('tracking not configured'));
    expect(entry?.wouldSend?.data[0]?.event_name).toBe('Subscribe');
    expect(entry?.wouldSend).not.toHaveProperty('access_token');
  });
});
