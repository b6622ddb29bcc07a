import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The layers and what each may import (docs/architecture.md). import-x resolves every import to its
// file, so a relative path that climbs into another package breaks the rule as an @roar/* name does.
const root = import.meta.dirname;
const contracts = 'services/contracts';
const platform = 'services/platform';
const domain = 'services/domain';
const workers = 'services/workers';
const api = 'services/api';
const projections = 'projections';
const consoles = ['web-member', 'web-admin'];
const ours = [contracts, platform, domain, workers, api, projections, ...consoles];
const others = (...allowed) => ours.filter((folder) => !allowed.includes(folder));

const layerZones = [
  { target: contracts, from: others(contracts), message: 'contracts import nothing of ours (zod only).' },
  { target: platform, from: others(platform), message: 'platform imports nothing of ours.' },
  { target: domain, from: others(domain, platform, contracts), message: 'the domain imports platform and contracts only.' },
  {
    target: projections,
    from: others(projections, platform, domain, contracts),
    message: 'projections import platform, domain and contracts only.',
  },
  { target: workers, from: others(workers, platform, domain, contracts), message: 'workers import platform, domain and contracts only.' },
  { target: api, from: consoles, message: 'the api imports the services and projections, never a console.' },
  ...consoles.map((console) => ({
    target: console,
    from: others(console, contracts),
    message: 'a console imports @roar/contracts only (its own wire shapes), never server code.',
  })),
];

// The member console: app -> features -> shared (bulletproof-react's unidirectional zones). A feature
// imports no other feature (compose them in app/ or move the shared piece to components/ or lib/);
// the shared folders import no feature and not app/.
const memberSrc = 'web-member/src';
const features = readdirSync(join(root, memberSrc, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const memberZones = [
  ...features.map((feature) => ({
    target: `${memberSrc}/features/${feature}`,
    from: `${memberSrc}/features`,
    except: [`./${feature}`],
    message: 'a feature imports no other feature: compose them in app/, or move the shared piece to components/ or lib/.',
  })),
  { target: `${memberSrc}/features`, from: `${memberSrc}/app`, message: 'features do not import app/.' },
  {
    target: ['components', 'lib', 'types', 'config'].map((shared) => `${memberSrc}/${shared}`),
    from: [`${memberSrc}/features`, `${memberSrc}/app`],
    message: 'the shared folders (components, lib, types, config) import no feature and not app/.',
  },
];

// The club's zone is named once, in @roar/contracts/time (platform, which may not import it, has none).
const clubZoneMessage = 'write CLUB_TIME_ZONE from @roar/contracts/time, not the zone itself.';
const clubZoneLiteral = [
  { selector: "Literal[value='Australia/Sydney']", message: clubZoneMessage },
  { selector: 'TemplateElement[value.raw=/Australia\\/Sydney/]', message: clubZoneMessage },
];

// The api reads read models through the projections' query modules only (their owner keeps the SQL).
const rawReadModelQuery = "/\\b(from|join|into|update)\\s+read\\.|table_schema\\s*=\\s*'read'/i";
const rawReadModelMessage = "raw SQL on a read.* table: call a function of the owning projection's query module instead.";

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-types/**', '**/dist-server/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-console': ['warn', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...layerZones, ...memberZones] }],
    },
  },
  {
    files: ['services/**/*.ts', `${projections}/**/*.ts`],
    ignores: [`${contracts}/src/time.ts`],
    rules: { 'no-restricted-syntax': ['error', ...clubZoneLiteral] },
  },
  {
    // A later block's no-restricted-syntax replaces the one above for these files: they repeat its list.
    files: [`${api}/src/**/*.ts`],
    ignores: [`${api}/src/**/*.test.ts`, `${api}/src/**/test-*.ts`, `${api}/src/seed.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...clubZoneLiteral,
        { selector: `Literal[value=${rawReadModelQuery}]`, message: rawReadModelMessage },
        { selector: `TemplateElement[value.raw=${rawReadModelQuery}]`, message: rawReadModelMessage },
      ],
      'no-restricted-imports': ['error', { paths: [{ name: '@roar/projections', importNames: ['READ_SCHEMA'], message: rawReadModelMessage }] }],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.ts', 'projections/src/cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
