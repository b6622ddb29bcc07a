import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestHold } from './test-hold';

const settled = async (p: Promise<void>) => Promise.race([p.then(() => 'passed'), new Promise((r) => setImmediate(() => r('held')))]);
let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

describe('test holds (kill tests)', () => {
  it('are inert outside a test process, and without ROAR_TEST_HOLD', async () => {
    expect(await settled(createTestHold({ NODE_ENV: 'production', ROAR_TEST_HOLD: 'sign-up:reserved=5' })('sign-up:reserved', 'a'))).toBe('passed');
    expect(await settled(createTestHold({ NODE_ENV: 'test' })('sign-up:reserved', 'a'))).toBe('passed');
  });

  it('hold the first keys up to the count, and every later arrival of a held key; announce each in the file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'roar-hold-'));
    const file = join(dir, 'holds.txt');
    const hold = createTestHold({ NODE_ENV: 'test', ROAR_TEST_HOLD: 'payment-webhook:before-apply=2', ROAR_TEST_HOLD_FILE: file });
    expect(await settled(hold('payment-webhook:before-apply', 'evt_1'))).toBe('held');
    expect(await settled(hold('payment-webhook:before-ack', 'evt_1'))).toBe('passed');
    expect(await settled(hold('payment-webhook:before-apply', 'evt_2'))).toBe('held');
    expect(await settled(hold('payment-webhook:before-apply', 'evt_3'))).toBe('passed');
    expect(await settled(hold('payment-webhook:before-apply', 'evt_1'))).toBe('held');
    expect(readFileSync(file, 'utf8')).toBe(
      'payment-webhook:before-apply\tevt_1\npayment-webhook:before-apply\tevt_2\npayment-webhook:before-apply\tevt_1\n',
    );
  });

  it('refuse a malformed ROAR_TEST_HOLD', () => {
    expect(() => createTestHold({ NODE_ENV: 'test', ROAR_TEST_HOLD: 'sign-up:reserved' })).toThrow('ROAR_TEST_HOLD is point=count');
  });
});
