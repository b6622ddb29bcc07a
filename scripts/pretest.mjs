#!/usr/bin/env node
// Before `npm test`: build the web apps when stale, and make sure Debian's Chromium is there for the
// browser tests (installed with apt-get when this user can; otherwise a clear message).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildWebApps } from './build-web.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    process.stdout.write('Installing Debian Chromium for the browser tests...\n');
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install =
      update.status === 0
        ? spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
        : update;
    if (install.status !== 0) process.stderr.write('Could not install chromium; the browser tests will fail.\n');
  } else {
    process.stderr.write(`Chromium is missing at ${chromium}: install it (apt-get install chromium) or set CHROMIUM_PATH.\n`);
  }
}
buildWebApps();
