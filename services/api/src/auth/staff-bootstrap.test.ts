import { Writable } from 'node:stream';
import pino from 'pino';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createPgliteSql, type Sql } from '@roar/platform';
import { authenticateStaff, bootstrapStaff, countStaffUsers, DEFAULT_STAFF_EMAIL, hashPassword, verifyPassword } from './staff';

const logger = createLogger('silent');

describe('staff bootstrap and passwords', () => {
  let sql: Sql;
  const dirs: string[] = [];
  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'roar-staff-'));
    dirs.push(d);
    return d;
  };
  beforeAll(async () => {
    sql = await createPgliteSql(null);
  });
  afterAll(async () => {
    await sql.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('hashes with scrypt and a per-user salt', async () => {
    const a = await hashPassword('same password');
    const b = await hashPassword('same password');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same password', a)).toBe(true);
    expect(await verifyPassword('other password', a)).toBe(false);
    expect(await verifyPassword('same password', 'md5$abc')).toBe(false);
  });

  it('creates one admin with a random password in a private file, then never again', async () => {
    const dataDir = join(tempDir(), 'nested');
    const first = await bootstrapStaff(sql, { dataDir, logger });
    expect(first).toMatchObject({ created: true, email: DEFAULT_STAFF_EMAIL });
    const file = first.credentialsFile!;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = /password: (\S+)/.exec(readFileSync(file, 'utf8'))?.[1];
    expect(password?.length).toBeGreaterThanOrEqual(20);
    expect(await authenticateStaff(sql, DEFAULT_STAFF_EMAIL, password!)).toMatchObject({ role: 'admin' });

    const second = await bootstrapStaff(sql, { dataDir, logger, email: 'someone@example.test', password: 'another-password' });
    expect(second).toEqual({ created: false });
    expect(await countStaffUsers(sql)).toBe(1);
  });

  it('keeps the generated password out of the log and says where the file is', async () => {
    const fresh = await createPgliteSql(null);
    let logged = '';
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        logged += chunk.toString();
        done();
      },
    });
    try {
      const r = await bootstrapStaff(fresh, { dataDir: tempDir(), logger: pino({ level: 'info' }, sink) });
      const password = /password: (\S+)/.exec(readFileSync(r.credentialsFile!, 'utf8'))?.[1];
      expect(password).toBeTruthy();
      expect(logged).toContain(r.credentialsFile!);
      expect(logged).not.toContain(password!);
    } finally {
      await fresh.close();
    }
  });

  it('uses STAFF_EMAIL and STAFF_PASSWORD on an empty database', async () => {
    const fresh = await createPgliteSql(null);
    try {
      const r = await bootstrapStaff(fresh, { dataDir: tempDir(), logger, email: 'Boss@Example.test', password: 'a-long-password' });
      expect(r).toEqual({ created: true, email: 'boss@example.test' });
      expect(await authenticateStaff(fresh, 'boss@example.test', 'a-long-password')).toMatchObject({ role: 'admin', email: 'boss@example.test' });
      expect(await authenticateStaff(fresh, 'boss@example.test', 'wrong')).toBeNull();
    } finally {
      await fresh.close();
    }
  });

  it('refuses a weak STAFF_PASSWORD at start-up, saying why, and creates nobody', async () => {
    const fresh = await createPgliteSql(null);
    try {
      await expect(bootstrapStaff(fresh, { dataDir: tempDir(), logger, email: 'boss@example.test', password: 'password1' })).rejects.toThrow(
        'STAFF_PASSWORD is refused by the password policy: This is a commonly used password. Add a few more words that are not common.',
      );
      expect(await countStaffUsers(fresh)).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});
