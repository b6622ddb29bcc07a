import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, startApp, type RunningApp } from './harness';

/** The product process started as the browser tests start it, with the test clock (NODE_ENV=test, TEST_CLOCK=1). */
describe('the test clock in the running product', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ NODE_ENV: 'test', TEST_CLOCK: '1' });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  it('moves forward on request, after the sweepers ran, and the api reads the moved clock', async () => {
    const read = async () => new Date(((await (await fetch(`${app.url}/api/test/clock`)).json()) as { now: string }).now);
    const before = await read();
    const moved = await advanceClock(app, { advanceDays: 61 });
    expect(moved.getTime() - before.getTime()).toBeGreaterThanOrEqual(61 * 86_400_000);
    expect((await read()).getTime()).toBeGreaterThanOrEqual(moved.getTime());
    expect(app.output()).not.toContain('sweep failed');
    const refused = await fetch(`${app.url}/api/test/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"advanceDays":-1}',
    });
    expect(refused.status).toBe(400);
  });

  it('does not exist in a process started without the flag, and the flag is refused outside tests', async () => {
    const plain = await startApp();
    try {
      expect((await fetch(`${plain.url}/api/test/clock`)).status).toBe(404);
    } finally {
      await plain.stop();
    }
    await expect(startApp({ NODE_ENV: 'production', TEST_CLOCK: '1' })).rejects.toThrow(/TEST_CLOCK: only with NODE_ENV=test/);
  }, 120_000);
});
