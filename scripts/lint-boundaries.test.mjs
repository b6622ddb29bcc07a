// The boundaries eslint.config.js keeps (docs/architecture.md): one deliberate wrong import per
// rule must fail lint with that rule's error, and the imports each layer may make must pass.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The boundary errors lint reports for `code` as if it were the file at `filePath` (from the root). */
async function boundaryErrors(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  if (!result) throw new Error(`eslint linted nothing for ${filePath}`);
  const fatal = result.messages.filter((m) => m.fatal);
  if (fatal.length) throw new Error(`eslint could not parse ${filePath}: ${fatal[0].message}`);
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const importing = (specifier) => `import * as ours from '${specifier}';\nexport const used = ours;\n`;

const shared = 'the shared folders (components, lib, types, config) import no feature';
const consoleOnly = 'a console imports @roar/contracts only';
const noConsole = 'the api imports the services and projections, never a console';

const wrong = [
  ['contracts import nothing of ours', 'services/contracts/src/probe.ts', '@roar/platform', 'contracts import nothing of ours'],
  ['platform imports nothing of ours (by package name)', 'services/platform/src/probe.ts', '@roar/domain', 'platform imports nothing of ours'],
  [
    'platform imports nothing of ours (by a relative path)',
    'services/platform/src/probe.ts',
    '../../contracts/src/time',
    'platform imports nothing of ours',
  ],
  ['the domain imports no projection', 'services/domain/src/probe.ts', '@roar/projections', 'the domain imports platform and contracts only'],
  ['the domain imports no api', 'services/domain/src/member/probe.ts', '../../../api/src/context', 'the domain imports platform and contracts only'],
  ['projections import no worker', 'projections/src/members/probe.ts', '@roar/workers', 'projections import platform, domain and contracts only'],
  ['projections import no api', 'projections/src/probe.ts', '@roar/api', 'projections import platform, domain and contracts only'],
  ['workers import no projection', 'services/workers/src/probe.ts', '@roar/projections', 'workers import platform, domain and contracts only'],
  ['the api imports no console', 'services/api/src/probe.ts', '../../../web-member/src/config/paths', noConsole],
  ['the member console imports no domain', 'web-member/src/lib/probe.ts', '@roar/domain', consoleOnly],
  ['the staff console imports no platform', 'web-admin/src/probe.ts', '@roar/platform', consoleOnly],
  ['a console imports no other console', 'web-admin/src/probe.ts', '../../web-member/src/lib/format', consoleOnly],
  [
    'a member-console feature imports no other feature',
    'web-member/src/features/home/probe.tsx',
    '../referrals/api',
    'a feature imports no other feature',
  ],
  ['a feature imports nothing from app/', 'web-member/src/features/shop/probe.tsx', '../../app/provider', 'features do not import app/'],
  ['components/ import no feature', 'web-member/src/components/probe.tsx', '../features/team/team-box', shared],
  ['lib/ imports no feature', 'web-member/src/lib/probe.ts', '../features/draws/my-draws-page', shared],
  ['config/ imports nothing from app/', 'web-member/src/config/probe.ts', '../app/router', shared],
];

const right = [
  ['the domain imports platform and contracts', 'services/domain/src/probe.ts', ['@roar/platform', '@roar/contracts/time']],
  ['projections import platform, domain and contracts', 'projections/src/probe.ts', ['@roar/platform', '@roar/domain', '@roar/contracts/time']],
  ['workers import platform, domain and contracts', 'services/workers/src/probe.ts', ['@roar/platform', '@roar/domain', '@roar/contracts/time']],
  [
    'the api imports them all',
    'services/api/src/probe.ts',
    ['@roar/platform', '@roar/domain', '@roar/projections', '@roar/workers', '@roar/contracts/http'],
  ],
  ['a console imports contracts', 'web-member/src/lib/probe.ts', ['@roar/contracts/time']],
  [
    'a feature imports its own files and the shared folders',
    'web-member/src/features/home/probe.tsx',
    ['./sections', '../../components/footer', '../../lib/format', '../../config/paths'],
  ],
  ['app/ composes features', 'web-member/src/app/routes/probe.tsx', ['../../features/team/team-box', '../../features/home/sections']],
];

describe('the layer and feature boundaries eslint keeps', () => {
  it.each(wrong)('%s: a wrong import fails lint', async (_name, filePath, specifier, expected) => {
    const errors = await boundaryErrors(filePath, importing(specifier));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`Unexpected path "${specifier}" imported in restricted zone.`);
    expect(errors[0]).toContain(expected);
  });

  it.each(right)('%s: passes lint', async (_name, filePath, specifiers) => {
    for (const specifier of specifiers) expect(await boundaryErrors(filePath, importing(specifier))).toEqual([]);
  });

  it('the imports of every layer resolve: an unresolved one would pass no-restricted-paths unseen', async () => {
    // import-x skips what it cannot resolve; a broken resolver setting must fail here, not pass silently.
    expect(await boundaryErrors('services/contracts/src/probe.ts', importing('@roar/contracts/time'))).toEqual([]);
    expect(await boundaryErrors('services/contracts/src/probe.ts', importing('@roar/workers'))).toHaveLength(1);
  });
});

describe('the api reads read models through the projections only', () => {
  const sql = '(sql: { query(text: string): Promise<unknown> }';
  const raw = `export const count = ${sql}) => sql.query("select count(*) from read.shop_orders where status = 'paid'");\n`;
  const template = `export const rows = ${sql}, t: string) => sql.query(\`select to_jsonb(t) as row from read.\${t} t\`);\n`;

  it('a raw read.* query in an api source fails lint', async () => {
    const [error] = await boundaryErrors('services/api/src/shop/probe.ts', raw);
    expect(error).toContain("call a function of the owning projection's query module");
    expect(await boundaryErrors('services/api/src/exports/probe.ts', template)).toHaveLength(1);
  });

  it('the read schema stays with the projections: the api imports no READ_SCHEMA to build its own query', async () => {
    const code = "import { READ_SCHEMA } from '@roar/projections';\nexport const table = `${READ_SCHEMA}.event_log`;\n";
    const [result] = await eslint.lintText(code, { filePath: 'services/api/src/admin/probe.ts' });
    expect(result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)).toHaveLength(1);
  });

  it("passes in a projection's query module and in the api's tests", async () => {
    expect(await boundaryErrors('projections/src/shop/probe.ts', raw)).toEqual([]);
    expect(await boundaryErrors('services/api/src/shop/probe.test.ts', raw)).toEqual([]);
  });
});

describe("the club's time zone is named once", () => {
  const literal = "export const zone = { timeZone: 'Australia/Sydney' };\n";

  it('a literal zone in services or projections fails lint; contracts/time.ts names it', async () => {
    for (const filePath of ['services/workers/src/mail/probe.ts', 'projections/src/dashboard/probe.ts', 'services/api/src/cashback/probe.ts']) {
      expect(await boundaryErrors(filePath, literal)).toEqual(['write CLUB_TIME_ZONE from @roar/contracts/time, not the zone itself.']);
    }
    expect(await boundaryErrors('services/contracts/src/time.ts', literal)).toEqual([]);
  });
});
