#!/usr/bin/env node
// Builds the services to JavaScript for production: one ESM bundle per entry point holding our own
// workspaces (@roar/platform, domain, workers, projections, api), with every npm dependency left
// external so `node` loads it from node_modules as installed with `npm ci --omit=dev`.
// Each output keeps its source's depth below the repository root (services/api/src/main.ts ->
// services/api/dist/main.js), so paths built from import.meta.url (the web apps' dist folders)
// resolve the same in both. `npm start` still runs the TypeScript through tsx.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export const SERVICE_ENTRIES = [
  ['services/api/src/main.ts', 'services/api/dist/main.js'],
  ['services/api/src/draws/audit-cli.ts', 'services/api/dist/draws/audit-cli.js'],
  ['projections/src/cli.ts', 'projections/dist/cli.js'],
];

/** Bundle our workspaces, leave every other package to node_modules. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@roar/') ? undefined : { path: args.path, external: true }));
  },
};

/** `outRoot`: where the outputs go (default the repository itself); tests build into a temp folder. */
export async function buildServices(outRoot = root) {
  const started = Date.now();
  await Promise.all(
    SERVICE_ENTRIES.map(([entry, outfile]) =>
      build({
        entryPoints: [join(root, entry)],
        outfile: join(outRoot, outfile),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        sourcemap: true,
        logLevel: 'warning',
        plugins: [externalPackages],
      }),
    ),
  );
  if (outRoot === root)
    process.stdout.write(`services built to JavaScript in ${Date.now() - started} ms: ${SERVICE_ENTRIES.map(([, out]) => out).join(', ')}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildServices();
