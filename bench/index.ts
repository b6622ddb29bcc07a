import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchAppend, type BenchTarget } from './append';
import { benchAssets } from './assets';
import { benchClose, benchClose1m } from './close';
import { benchCommands } from './commands';
import { benchReads } from './reads';
import { benchDashboard } from './dashboard';
import { benchDraw } from './draw';
import { benchShop } from './shop';
import { benchTransparency } from './transparency';
import { reportGoals } from './goals';
import { runSections, selectSections, type BenchSection, type Figures } from './sections';

/**
 * `npm run bench`: append throughput, projection rebuild speed and the draw over 10 million
 * tickets, each against a baseline measured in the same run on the same database. Human tables first; the LAST line of stdout is
 * one JSON object with every figure and ratio, for scripts to read. `npm run bench -- draw shop` runs
 * the sections named. The first section that fails ends the run with exit code 1.
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

async function main(): Promise<number> {
  const started = Date.now();
  const figures: Figures = {};
  const targets: BenchTarget[] = ['postgres', 'pglite'];

  const rebuild = await loadRebuild();
  if (!rebuild) {
    log('rebuild: bench/rebuild.ts is missing; rebuild figures not measured');
    figures.rebuild = 'missing';
  }
  const all: BenchSection[] = [
    ...targets.map((target) => ({ name: `append_${target}`, run: () => benchAppend(target, log), gapAfter: true })),
    ...(rebuild ? targets.map((target) => ({ name: `rebuild_${target}`, run: () => rebuild(target, log), gapAfter: true })) : []),
    { name: 'draw', run: () => benchDraw(log), gapAfter: true },
    { name: 'close', run: () => benchClose(log), gapAfter: true },
    { name: 'close1m', run: () => benchClose1m(log), gapAfter: true },
    { name: 'assets', run: () => benchAssets(log) },
    { name: 'shop', run: () => benchShop(log), gapAfter: true },
    { name: 'commands', run: () => benchCommands(log) },
    { name: 'reads', run: () => benchReads(log) },
    { name: 'dashboard', run: () => benchDashboard(log), gapAfter: true },
    { name: 'transparency', run: () => benchTransparency(log), gapAfter: true },
  ];
  const failed = await runSections(selectSections(all, process.argv.slice(2)), figures, log);

  const goals = reportGoals(figures, log);
  figures.goals_met = goals.met;
  figures.goals = goals.of;
  figures.goals_not_measured = goals.notMeasured;
  log('');
  figures.bench_seconds = Math.round((Date.now() - started) / 100) / 10;
  if (failed) log(`section ${failed} failed: the run stopped there`);
  log(JSON.stringify(figures));
  return failed ? 1 : 0;
}

/** Ends the process once stdout has been written out: a failed section may have left handles open. */
function exit(code: number): void {
  process.stdout.write('', () => process.exit(code));
}

main().then(exit, (error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  exit(1);
});
