#!/usr/bin/env node
// Builds web-member and web-admin when their sources (or the contracts they import) are newer than their last build.
// Used by `npm start` and before `npm test` (the browser tests open the built apps).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) {
    // The build's own outputs: the server bundle (dist-server) is written after dist/index.html, so
    // counting it made every app look stale straight after its build, and every caller rebuilt it.
    if (entry === 'node_modules' || entry === 'dist' || entry === 'dist-server' || entry === 'dist-types') continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

/** What each app's build writes last, per file in dist/: all of them present and newer than the sources, or the app is built. */
const OUTPUTS = {
  'web-member': ['index.html'],
  // login.html: the sign-in page drawn at build time (scripts/prerender-admin.mjs), written after index.html.
  'web-admin': ['index.html', 'login.html'],
};

export function buildWebApps() {
  for (const [app, outputs] of Object.entries(OUTPUTS)) {
    const dir = join(root, app);
    const built = outputs.map((file) => join(dir, 'dist', file));
    const sources = Math.max(newest(dir), newest(join(root, 'services', 'contracts')), newest(join(root, 'scripts', 'prerender-admin.mjs')));
    if (built.every((file) => existsSync(file) && sources <= statSync(file).mtimeMs)) continue;
    process.stdout.write(`Building ${app}...\n`);
    // Always the production build: a caller under a test runner (NODE_ENV=test) built React's
    // development runtime into dist, which every browser test and the bench then opened.
    const r = spawnSync('npm', ['run', 'build', '--workspace', app], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildWebApps();
