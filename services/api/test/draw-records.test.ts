import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawStreamId, memberDecider, memberStreamId, prizeDecider, type PrizeCommand } from '@roar/domain';
import { handleCommand, newCorrelationId } from '@roar/platform';
import type { ComplianceCalendar, DrawRecords } from '@roar/contracts/draw-records';
import { seedPaidMember } from '../src/members/admin/test-members';
import { adminFetch, signInStaff, switchOffFourEyes, type StaffLogin, type StaffRoleName } from '../src/admin/test-staff';
import { issueSession, migrateMemberAuth } from '../src/auth/member';
import { startTestApi, type TestApi } from './setup';
import { clubDay } from '@roar/contracts/time';

/**
 * Issue 22, the regulator's records over HTTP on PGlite: a draw open in NSW, VIC and QLD (an SA
 * member left out) walks notice, unclaimed, redraw, claim, verification, award and publication;
 * the regulator export holds every file with the right values and is logged with who took it;
 * the records cannot be deleted before the retention date; the compliance calendar lists what is
 * due; a change of the draw settings or of a permit issues the open draw's terms again.
 */
let api: TestApi;
let staff: Record<StaffRoleName, StaffLogin>;
let clock = new Date();
const DAY = 86_400_000;
/** The club's day (Australia's time zone, as the product counts days), not UTC's: they differ for 10-11 hours of every day. */
const day = (ms: number) => clubDay(new Date(ms));

async function staffSend<T = Record<string, unknown>>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  who: StaffRoleName = 'admin',
) {
  const r = await adminFetch(api, path, { method, token: staff[who].token, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await r.text();
  return { status: r.status, body: (text ? JSON.parse(text) : null) as T };
}
async function memberPost(path: string, body: unknown, token: string) {
  const r = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}
const ctxOf = (id: string) => ({ actor: { type: 'staff' as const, id }, correlationId: newCorrelationId(), occurredAt: clock });
const prizeCommand = (prizeId: string, command: PrizeCommand) =>
  handleCommand(api.ctx.store, api.ctx.registry, drawStreamId(prizeId), prizeDecider, command, ctxOf(staff.admin.id));
const terms = async (slug: string) => (await (await fetch(`${api.url}/api/prizes/${slug}/terms`)).json()) as { version: number; html: string };

async function resident(email: string, firstname: string, state: string) {
  const m = await seedPaidMember(api.ctx.store, api.ctx.registry, { email, firstname, lastname: 'Records' }, new Date(clock.getTime() - 2 * DAY));
  await handleCommand(
    api.ctx.store,
    api.ctx.registry,
    memberStreamId(m.memberId),
    memberDecider,
    { type: 'UpdateMemberProfile', memberId: m.memberId, changes: { state: state as 'NSW', dob: '1980-05-01' } },
    { actor: { type: 'member', id: m.memberId }, correlationId: newCorrelationId(), occurredAt: new Date(clock.getTime() - DAY) },
  );
  return { id: m.memberId };
}

function unzip(zip: Buffer): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'regulator-export-'));
  try {
    writeFileSync(join(dir, 'export.zip'), zip);
    execFileSync('python3', [
      '-c',
      'import sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; z.extractall(sys.argv[2])',
      join(dir, 'export.zip'),
      join(dir, 'x'),
    ]);
    return Object.fromEntries(readdirSync(join(dir, 'x')).map((name) => [name, readFileSync(join(dir, 'x', name), 'utf8')]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
/** RFC 4180 rows (quoted fields may hold commas, quotes and line breaks). */
function rows(csv: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted && c === '"' && csv[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      field += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && csv[i + 1] === '\n') {
      row.push(field);
      out.push(row);
      row = [];
      field = '';
      i += 1;
    } else {
      field += c;
    }
  }
  return out;
}

beforeAll(async () => {
  const started = await startTestApi({ database: 'pglite', now: () => clock });
  if (!started) throw new Error('PGlite API did not start');
  api = started;
  staff = await signInStaff(api);
  await switchOffFourEyes(api, staff);
  await migrateMemberAuth(api.ctx.sql);
}, 60_000);
afterAll(async () => {
  await api?.close();
});

describe("the regulator's records of a draw", () => {
  let prizeId = '';
  let permitId = '';
  const members: Record<string, { id: string }> = {};

  it('a draw open in NSW, VIC and QLD publishes on a NSW permit; its terms follow the settings and the permit', async () => {
    const permit = await staffSend('POST', '/permits', {
      jurisdiction: 'NSW',
      number: 'TP/11111',
      holder: 'ROAR+ Pty Ltd',
      valid_from: day(clock.getTime() - 60 * DAY),
      valid_to: day(clock.getTime() + 365 * DAY),
      conditions: '',
      document: null,
      reason: 'NSW authority',
    });
    expect(permit.status).toBe(201);
    permitId = permit.body.id as string;
    const created = await staffSend('POST', '/prizes', {
      title: 'Records ute',
      slug: 'records-ute',
      prize_type_id: 'normal',
      prize_end_date: new Date(clock.getTime() + 5 * DAY).toISOString(),
      prize_value: 25000,
      open_states: ['NSW', 'VIC', 'QLD'],
      status: 'published',
      reason: 'Summer draw',
    });
    expect(created.status).toBe(201);
    prizeId = created.body.id as string;
    const v1 = await terms('records-ute');
    expect(v1.version).toBe(1);
    expect(v1.html).toContain('TP/11111');

    // The club's settings change: the open draw's terms are issued again with the new promoter.
    const settings = (await staffSend<Record<string, unknown>>('GET', '/draw-settings')).body;
    const { updated_at: _u, version: _v, ...current } = settings;
    const changed = await staffSend('PUT', '/draw-settings', { ...current, promoterName: 'Records Golf Club Pty Ltd', reason: 'New promoter' });
    expect(changed.status).toBe(200);
    const v2 = await terms('records-ute');
    expect(v2.version).toBe(2);
    expect(v2.html).toContain('Records Golf Club Pty Ltd');
    // The same settings again change nothing: no new version.
    expect((await staffSend('PUT', '/draw-settings', { ...current, promoterName: 'Records Golf Club Pty Ltd', reason: 'Same' })).status).toBe(200);
    expect((await terms('records-ute')).version).toBe(2);

    // The NSW permit is renumbered: version 3 names the new number.
    expect((await staffSend('PUT', `/permits/${permitId}`, { number: 'TP/22222', reason: 'Reissued authority' })).status).toBe(200);
    const v3 = await terms('records-ute');
    expect(v3.version).toBe(3);
    expect(v3.html).toContain('TP/22222');
    expect(v3.html).not.toContain('TP/11111');
  }, 60_000);

  it('the compliance calendar lists permits expiring, permits needed and their lead time', async () => {
    // An ACT permit ending in 20 days, and a draft open in SA with no SA licence.
    expect(
      (
        await staffSend('POST', '/permits', {
          jurisdiction: 'ACT',
          number: 'ACT-77',
          holder: 'ROAR+ Pty Ltd',
          valid_from: day(clock.getTime() - 300 * DAY),
          valid_to: day(clock.getTime() + 20 * DAY),
          conditions: '',
          document: null,
          reason: 'ACT permit',
        })
      ).status,
    ).toBe(201);
    const draft = await staffSend('POST', '/prizes', {
      title: 'SA boat',
      slug: 'sa-boat',
      prize_type_id: 'normal',
      prize_end_date: new Date(clock.getTime() + 30 * DAY).toISOString(),
      prize_value: 9000,
      open_states: ['SA', 'VIC'],
      status: 'draft',
      reason: 'Autumn draw',
    });
    expect(draft.status).toBe(201);
    const calendar = await staffSend<ComplianceCalendar>('GET', '/compliance-calendar', undefined, 'auditor');
    expect(calendar.status).toBe(200);
    const kinds = calendar.body.items.map((i) => `${i.kind}:${i.state ?? ''}`);
    expect(kinds).toContain('permit_expiring:ACT');
    expect(kinds).toContain('permit_needed:SA');
    expect(kinds).toContain('lead_time:SA');
    const expiring = calendar.body.items.find((i) => i.kind === 'permit_expiring')!;
    expect(expiring).toMatchObject({ date: day(clock.getTime() + 20 * DAY), days_left: 20, title: 'ACT permit ACT-77 expires' });
    expect(expiring.link).toMatch(/^\/permits\/.+\/show$/);
    const needed = calendar.body.items.find((i) => i.kind === 'permit_needed')!;
    expect(needed.detail).toMatch(/A draw open in SA with prizes over \$5,000 needs a SA permit/);
    expect(needed.link).toBe(`/prizes/${draft.body.id as string}/show`);
    // The NSW draw holds its permit: nothing is needed for it.
    expect(calendar.body.items.some((i) => i.link === `/prizes/${prizeId}/show`)).toBe(false);
    // Dates in order.
    const dates = calendar.body.items.map((i) => i.date);
    expect([...dates].sort()).toEqual(dates);
    expect((await fetch(`${api.url}/api/admin/compliance-calendar`)).status).toBe(401);
  }, 60_000);

  it('walks the draw: SA left out, unclaimed, redrawn, claimed, verified, awarded, published; the calendar follows', async () => {
    members.nsw = await resident('nsw.records@example.test', 'Nina', 'NSW');
    members.vic = await resident('vic.records@example.test', 'Vic', 'VIC');
    members.sa = await resident('sa.records@example.test', 'Sally', 'SA');
    await api.infra.projections.waitFor(await api.ctx.store.headPosition(), 10_000);
    expect((await staffSend('POST', `/prizes/${prizeId}/schedule`, {})).status).toBe(200);
    const closed = await staffSend('POST', `/prizes/${prizeId}/close`, {});
    expect(closed.body).toMatchObject({ draw_status: 'closed', entrant_count: 2 });
    const drawn = await staffSend<{ winners: { member_ids: string[] }[] }>('POST', `/prizes/${prizeId}/draw`, {});
    expect(drawn.status).toBe(200);
    expect((await staffSend('POST', `/prizes/${prizeId}/notify`, {})).status).toBe(200);

    let calendar = (await staffSend<ComplianceCalendar>('GET', '/compliance-calendar')).body;
    const claim = calendar.items.find((i) => i.kind === 'claim_period_ending' && i.link === `/prizes/${prizeId}/show`);
    expect(claim).toMatchObject({ date: day(clock.getTime() + 60 * DAY), days_left: 60 });

    // The claim period runs out (the clock moves 61 days): unclaimed, redrawn from 2 months after the draw.
    clock = new Date(clock.getTime() + 61 * DAY);
    await prizeCommand(prizeId, { type: 'MarkUnclaimed', now: clock.toISOString(), redrawMonths: 2 });
    calendar = (await staffSend<ComplianceCalendar>('GET', '/compliance-calendar')).body;
    const redraw = calendar.items.find((i) => i.kind === 'redraw_due' && i.link === `/prizes/${prizeId}/show`)!;
    expect(redraw.title).toBe('Records ute: redraw due');
    expect(calendar.items.some((i) => i.kind === 'claim_period_ending' && i.link === `/prizes/${prizeId}/show`)).toBe(false);

    clock = new Date(clock.getTime() + 30 * DAY);
    const redrawn = await staffSend<{ winners: { member_ids: string[] }[] }>('POST', `/prizes/${prizeId}/redraw`, { reason: 'Unclaimed' });
    expect(redrawn.status).toBe(200);
    const second = redrawn.body.winners[1]!.member_ids[0]!;
    expect(second).not.toBe(drawn.body.winners[0]!.member_ids[0]);
    expect([members.nsw.id, members.vic.id]).toContain(second);
    expect((await staffSend('POST', `/prizes/${prizeId}/notify`, {})).status).toBe(200);
    // A session of today (the clock moved three months).
    const token = (await issueSession(api.ctx, second)).access_token;
    expect((await memberPost('/api/claim-prize', { prize_id: prizeId, state: second === members.nsw.id ? 'NSW' : 'VIC' }, token)).status).toBe(200);
    await prizeCommand(prizeId, { type: 'VerifyClaim', staffId: staff.admin.id, identitySeen: true, ageSeen: true });
    await prizeCommand(prizeId, { type: 'AwardPrize', staffId: staff.admin.id, transferReference: 'EFT-4242' });
    calendar = (await staffSend<ComplianceCalendar>('GET', '/compliance-calendar')).body;
    expect(calendar.items.find((i) => i.kind === 'publication_due' && i.link === `/prizes/${prizeId}/show`)?.title).toBe(
      'Records ute: publish the winner',
    );
    expect((await staffSend('POST', `/prizes/${prizeId}/publish`, {})).status).toBe(200);
    calendar = (await staffSend<ComplianceCalendar>('GET', '/compliance-calendar')).body;
    expect(calendar.items.some((i) => i.link === `/prizes/${prizeId}/show`)).toBe(false);
  }, 120_000);

  it('exports the records as a zip of every file, for auditors and admins, and logs who took it', async () => {
    expect((await adminFetch(api, `/prizes/${prizeId}/regulator-export`, { token: staff.staff.token })).status).toBe(403);
    expect((await fetch(`${api.url}/api/admin/prizes/${prizeId}/regulator-export`)).status).toBe(401);
    expect((await adminFetch(api, `/prizes/no-such-prize/regulator-export`, { token: staff.auditor.token })).status).toBe(404);
    const r = await adminFetch(api, `/prizes/${prizeId}/regulator-export`, { token: staff.auditor.token });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/zip');
    expect(r.headers.get('content-disposition')).toMatch(/attachment; filename="regulator-export-records-ute-\d{4}-\d{2}-\d{2}\.zip"/);
    const files = unzip(Buffer.from(await r.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['draw.csv', 'entrants.csv', 'permits.csv', 'summary.txt', 'terms.csv', 'terms.html', 'winners.csv']);

    // Permits relied on per state, from the close.
    expect(rows(files['permits.csv']!)).toEqual([
      ['state', 'open', 'permit_number', 'valid_from', 'valid_to'],
      ['NSW', 'yes', 'TP/22222', expect.any(String), expect.any(String)],
      ['VIC', 'yes', '', '', ''],
      ['QLD', 'yes', '', '', ''],
    ]);
    // The terms: three versions, the third in force at the close and held as terms.html.
    const termRows = rows(files['terms.csv']!);
    expect(termRows.map((t) => [t[0], t[3]])).toEqual([
      ['version', 'in_force_at_close'],
      ['1', 'no'],
      ['2', 'no'],
      ['3', 'yes'],
    ]);
    expect(files['terms.html']).toContain('TP/22222');
    // The committed list: two entrants (the SA member left out), each with their state.
    const entrants = rows(files['entrants.csv']!);
    expect(entrants[0]).toEqual(['position', 'entrant_id', 'tickets', 'first_ticket', 'last_ticket', 'state']);
    expect(
      entrants
        .slice(1)
        .map((e) => e[5])
        .sort(),
    ).toEqual(['NSW', 'VIC']);
    // The draw and its proof.
    const draw = rows(files['draw.csv']!);
    expect(draw[1]![0]).toBe('commit-reveal');
    expect(draw[1]![2]).toMatch(/^[0-9a-f]{64}$/);
    expect(draw[1]![8]).toBe('2');
    expect(draw[1]![11]).toMatch(/^[0-9a-f]{64}$/);
    // Winners and the redraw with their dates.
    const header = rows(files['winners.csv']!)[0]!;
    const winners = rows(files['winners.csv']!)
      .slice(1)
      .map((w) => Object.fromEntries(header.map((h, i) => [h, w[i]])));
    expect(winners).toHaveLength(2);
    expect(winners[0]).toMatchObject({ redrawn_reason: 'Unclaimed', awarded_at: '', claimed_at: '' });
    expect(winners[0]!.unclaimed_at).not.toBe('');
    expect(winners[0]!.notified_at).not.toBe('');
    expect(winners[1]!.claimed_at).not.toBe('');
    expect(winners[1]!.verified_at).not.toBe('');
    expect(winners[1]!.awarded_at).not.toBe('');
    expect(winners[1]!.award_evidence).toBe('EFT-4242');
    expect(winners[1]!.published_as).toMatch(/^\w\.\w\., (NSW|VIC)$|^\w+ \w\., (NSW|VIC)$/);
    expect(files['summary.txt']).toContain('Regulator export: Records ute');
    expect(files['summary.txt']).toContain('Open states: NSW, VIC, QLD');
    expect(files['summary.txt']).toContain('NSW: TP/22222');
    expect(files['summary.txt']).toContain('Version in force at the close: 3');

    // The export is logged with who took it, in the prize's history.
    const records = await staffSend<DrawRecords>('GET', `/prizes/${prizeId}/records`, undefined, 'auditor');
    expect(records.status).toBe(200);
    expect(records.body.exports).toHaveLength(1);
    expect(records.body.exports[0]).toMatchObject({ taken_by: staff.auditor.id, files: expect.arrayContaining(['entrants.csv', 'winners.csv']) });
    // The exports come from the records stream itself; the history beside them is a read model, which may be a
    // moment behind the export just taken (CI caught it behind under load): wait for it, never assume.
    const history = async () => (await staffSend<DrawRecords>('GET', `/prizes/${prizeId}/records`, undefined, 'auditor')).body.events;
    await expect.poll(async () => (await history()).filter((e) => e.event_type === 'RegulatorExportTaken').length, { timeout: 10_000 }).toBe(1);
    expect((await history()).some((e) => e.event_type === 'EntriesClosed')).toBe(true);
  }, 60_000);

  it('issues no new terms for a draw already closed when the settings change', async () => {
    expect((await terms('records-ute')).version).toBe(3);
    const settings = (await staffSend<Record<string, unknown>>('GET', '/draw-settings')).body;
    const { updated_at: _u, version: _v, ...current } = settings;
    expect((await staffSend('PUT', '/draw-settings', { ...current, promoterName: 'Another Promoter Pty Ltd', reason: 'Renamed' })).status).toBe(200);
    expect((await terms('records-ute')).version).toBe(3);
  }, 60_000);

  it('refuses to delete the records before the retention date, naming it', async () => {
    const records = await staffSend<DrawRecords>('GET', `/prizes/${prizeId}/records`);
    expect(records.body.retention_years).toBe(3);
    expect(records.body.retained_until.slice(0, 4)).toBe(String(clock.getUTCFullYear() + 3));
    const refused = await staffSend<{ error: string }>('DELETE', `/prizes/${prizeId}`);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toMatch(
      new RegExp(`This draw's records must be kept for 3 years: nothing in them can be deleted before \\d+ \\w+ ${clock.getUTCFullYear() + 3}\\.`),
    );
    expect((await staffSend('DELETE', `/prizes/${prizeId}`, undefined, 'auditor')).status).toBe(403);
    expect((await staffSend('DELETE', '/prizes/no-such-prize')).status).toBe(404);
    // Archiving keeps every record: the export still answers.
    expect((await staffSend('PUT', `/prizes/${prizeId}`, { status: 'archived', reason: 'Season over' })).status).toBe(200);
    expect((await adminFetch(api, `/prizes/${prizeId}/regulator-export`, { token: staff.admin.token })).status).toBe(200);
  }, 60_000);
});
