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

export function buildWebApps() {
  for (const app of ['web-member', 'web-admin']) {
    const dir = join(root, app);
    const built = join(dir, 'dist', 'index.html');
    const sources = Math.max(newest(dir), newest(join(root, 'services', 'contracts')));
    if (existsSync(built) && sources <= statSync(built).mtimeMs) continue;
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
