import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchAppend, type BenchTarget } from './append';
import { benchAssets } from './assets';
import { benchClose } from './close';
import { benchCommands } from './commands';
import { benchReads } from './reads';
import { benchDashboard } from './dashboard';
import { benchDraw } from './draw';
import { benchShop } from './shop';

/**
 * `npm run bench`: append throughput, projection rebuild speed and the draw over 10 million
 * tickets, each against a baseline measured in the same run on the same database. Human tables first; the LAST line of stdout is
 * one JSON object with every figure and ratio, for scripts to read.
 */
type RebuildBench = (target: BenchTarget, log: (line: string) => void) => Promise<Record<string, number>>;

const log = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

async function loadRebuild(): Promise<RebuildBench | null> {
  // Owned by the projections work and maybe not written yet: resolved at run time, not compile time.
  const url = new URL('./rebuild.ts', import.meta.url);
  if (!existsSync(fileURLToPath(url))) return null;
  const mod: unknown = await import(url.href);
  const fn = typeof mod === 'object' && mod !== null && 'benchRebuild' in mod ? mod.benchRebuild : undefined;
  if (typeof fn !== 'function') throw new Error('bench/rebuild.ts does not export benchRebuild(target, log)');
  return fn as RebuildBench;
}

async function main(): Promise<void> {
  const started = Date.now();
  const figures: Record<string, number | string> = {};
  const targets: BenchTarget[] = ['postgres', 'pglite'];

  for (const target of targets) {
    Object.assign(figures, await benchAppend(target, log));
    log('');
  }

  const rebuild = await loadRebuild();
  if (rebuild) {
    for (const target of targets) {
      Object.assign(figures, await rebuild(target, log));
      log('');
    }
  } else {
    log('rebuild: bench/rebuild.ts is missing; rebuild figures not measured');
    figures.rebuild = 'missing';
  }

  Object.assign(figures, await benchDraw(log));
  log('');

  Object.assign(figures, await benchClose(log));
  log('');

  Object.assign(figures, await benchAssets(log));
  Object.assign(figures, await benchShop(log));
  log('');
  Object.assign(figures, await benchCommands(log));
  Object.assign(figures, await benchReads(log));
  Object.assign(figures, await benchDashboard(log));
  log('');

  figures.bench_seconds = Math.round((Date.now() - started) / 100) / 10;
  log(JSON.stringify(figures));
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
