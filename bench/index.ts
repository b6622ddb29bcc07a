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
import { reportGoals } from './goals';

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

  // A section that fails is reported and the rest still run; the run then exits non-zero.
  const failed: string[] = [];
  const section = async (name: string, run: () => Promise<Record<string, number | string>>): Promise<void> => {
    try {
      Object.assign(figures, await run());
    } catch (error) {
      failed.push(name);
      figures[`${name}_failed`] = error instanceof Error ? error.message : String(error);
      log(`${name}: FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  };

  for (const target of targets) {
    await section(`append_${target}`, () => benchAppend(target, log));
    log('');
  }

  const rebuild = await loadRebuild();
  if (rebuild) {
    for (const target of targets) {
      await section(`rebuild_${target}`, () => rebuild(target, log));
      log('');
    }
  } else {
    log('rebuild: bench/rebuild.ts is missing; rebuild figures not measured');
    figures.rebuild = 'missing';
  }

  await section('draw', () => benchDraw(log));
  log('');
  await section('close', () => benchClose(log));
  log('');
  await section('assets', () => benchAssets(log));
  await section('shop', () => benchShop(log));
  log('');
  await section('commands', () => benchCommands(log));
  await section('reads', () => benchReads(log));
  await section('dashboard', () => benchDashboard(log));
  log('');

  const goals = reportGoals(figures, log);
  figures.goals_met = goals.met;
  figures.goals = goals.of;
  log('');
  figures.bench_seconds = Math.round((Date.now() - started) / 100) / 10;
  if (failed.length > 0) {
    log(`sections that failed: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
  log(JSON.stringify(figures));
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
