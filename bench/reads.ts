import { closedLoop, type ClosedLoopResult } from './load';
import { catalogueProjected, startBareServer, startProduct } from './product';
import { benchTargets } from './targets';

/**
 * The read path: GET /items/membership and /items/prizes?limit=4 at 10 connections against the
 * product process, and the same paths against a bare express server answering the product's own
 * bytes, in the same run, each pair measured back to back (PGlite and PostgreSQL).
 */
const PATHS = ['/items/membership', '/items/prizes?limit=4'] as const;
const CONNECTIONS = 10;
const SECONDS = 6;
const GOAL_RATIO = 0.5;
const GOAL_P99_MS = 25;

function line(label: string, r: ClosedLoopResult): string {
  return `  ${label.padEnd(34)} ${r.perSecond.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms${r.non2xx ? `  (${r.non2xx} not 2xx)` : ''}`;
}

export async function benchReads(log: (line: string) => void): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  for (const target of benchTargets()) {
    const product = await startProduct(target);
    try {
      await catalogueProjected(product);
      const bodies: Record<string, string> = {};
      for (const path of PATHS) {
        const r = await fetch(`${product.url}${path}`);
        if (!r.ok) throw new Error(`read bench: ${path} answered ${r.status}`);
        bodies[path] = await r.text();
      }
      const bare = await startBareServer(bodies);
      try {
        log(`reads (${target}): ${CONNECTIONS} connections, ${SECONDS} s each, product vs bare express with the same bytes`);
        for (const path of PATHS) {
          // Warm both (JIT, caches, keep-alive sockets) before measuring.
          await closedLoop([{ method: 'GET', url: `${product.url}${path}` }], CONNECTIONS, 1);
          await closedLoop([{ method: 'GET', url: `${bare.url}${path}` }], CONNECTIONS, 1);
          const mine = await closedLoop([{ method: 'GET', url: `${product.url}${path}` }], CONNECTIONS, SECONDS);
          const base = await closedLoop([{ method: 'GET', url: `${bare.url}${path}` }], CONNECTIONS, SECONDS);
          const ratio = mine.perSecond / base.perSecond;
          const met = ratio >= GOAL_RATIO && mine.p99 < GOAL_P99_MS;
          log(line(`product ${path}`, mine));
          log(line(`bare express ${path}`, base));
          log(
            `  ${'ratio'.padEnd(34)} ${ratio.toFixed(2).padStart(7)}   (goal >= ${GOAL_RATIO} with p99 < ${GOAL_P99_MS} ms: ${met ? 'met' : 'NOT met'})`,
          );
          const key = `reads_${target === 'postgres' ? 'pg' : 'pglite'}_${path.startsWith('/items/membership') ? 'membership' : 'prizes'}`;
          Object.assign(figures, {
            [`${key}_per_s`]: Math.round(mine.perSecond),
            [`${key}_bare_per_s`]: Math.round(base.perSecond),
            [`${key}_ratio`]: Number(ratio.toFixed(3)),
            [`${key}_p50_ms`]: Number(mine.p50.toFixed(1)),
            [`${key}_p99_ms`]: Number(mine.p99.toFixed(1)),
          });
        }
      } finally {
        await bare.stop();
      }
    } finally {
      await product.stop();
    }
    log('');
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchReads((text) => process.stdout.write(`${text}\n`)).then(
    (f) => process.stdout.write(`${JSON.stringify(f)}\n`),
    (e: unknown) => {
      process.stderr.write(`${String(e instanceof Error ? e.stack : e)}\n`);
      process.exitCode = 1;
    },
  );
}
