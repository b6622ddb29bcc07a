import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/setup';
import { adminFetch, signInStaff, type StaffLogin, type StaffRoleName } from '../admin/test-staff';
import { csvField, csvLine } from './csv';

describe('CSV fields', () => {
  it('quotes what needs quoting and never lets a spreadsheet run a formula', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', null, 12, -3])).toBe('plain,"a,b","say ""hi""",,12,-3\r\n');
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-12.5')).toBe('-12.5');
  });
});

describe('CSV exports over HTTP', () => {
  let api: TestApi;
  let staff: Record<StaffRoleName, StaffLogin>;
  beforeAll(async () => {
    api = (await startTestApi({ database: 'pglite' }))!;
    staff = await signInStaff(api);
    const r = await fetch(`${api.url}/api/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: '=Eve',
        last_name: 'Export',
        email: 'eve.export@example.test',
        password: 'correct-horse-1',
        membership_id: 1,
        recaptcha_token: 'local-test-token',
        state: 'NSW',
        dob: '1990-01-01',
      }),
    });
    expect(r.status).toBe(201);
  });
  afterAll(async () => {
    await api?.close();
  });

  it('streams the members as CSV to any staff role and logs who took it', async () => {
    const r = await adminFetch(api, '/exports/members.csv', { token: staff.auditor.token });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(r.headers.get('content-disposition')).toMatch(/attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await r.text()).trim().split('\r\n');
    expect(lines[0]).toContain('email');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('eve.export@example.test');
    expect(lines[1]).toContain("'=Eve");

    const log = await adminFetch(api, '/exports', { token: staff.staff.token });
    expect(log.headers.get('content-range')).toBe('exports 0-0/1');
    expect(((await log.json()) as Array<Record<string, unknown>>)[0]).toMatchObject({ kind: 'members', staff_role: 'auditor', row_count: 1 });
  });

  it('says plainly what it cannot export', async () => {
    expect((await adminFetch(api, '/exports/secrets.csv', { token: staff.admin.token })).status).toBe(404);
    expect((await adminFetch(api, '/exports/entrants.csv', { token: staff.admin.token })).status).toBe(400);
    expect((await adminFetch(api, '/exports/entrants.csv?prize_id=nope', { token: staff.admin.token })).status).toBe(404);
    const payments = await adminFetch(api, '/exports/payments.csv', { token: staff.admin.token });
    expect(payments.status).toBe(200);
    expect((await payments.text()).split('\r\n')[0]).toContain('amount_cents');
    expect((await fetch(`${api.url}/api/admin/exports/members.csv`)).status).toBe(401);
  });
});
