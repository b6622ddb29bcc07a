/**
 * Issue 10's goals, judged from the figures the sections printed in this run: one line each, the
 * figure beside its goal. A figure a section did not produce reads "not measured", never "met".
 */
type Figures = Record<string, number | string>;

interface Goal {
  readonly label: string;
  readonly shown: (f: Figures) => string;
  readonly met: (f: Figures) => boolean;
}

const n = (f: Figures, key: string): number => (typeof f[key] === 'number' ? f[key] : Number.NaN);
const has = (f: Figures, ...keys: string[]) => keys.every((k) => typeof f[k] === 'number');

const commandGoal = (target: 'pglite' | 'pg', p99: number): Goal => ({
  label: `commands on ${target === 'pg' ? 'PostgreSQL' : 'the embedded default (PGlite)'}: 100/s sustained, p99 < ${p99} ms, read-your-writes kept`,
  shown: (f) =>
    `${n(f, `commands_${target}_per_s`)}/s, p99 ${n(f, `commands_${target}_p99_ms`)} ms, ${n(f, `commands_${target}_fresh`)}/${n(f, `commands_${target}_sent`)} answers showed their own write`,
  met: (f) =>
    has(f, `commands_${target}_per_s`, `commands_${target}_p99_ms`) &&
    n(f, `commands_${target}_per_s`) >= 99 &&
    n(f, `commands_${target}_p99_ms`) < p99 &&
    n(f, `commands_${target}_fresh`) === n(f, `commands_${target}_sent`),
});

const readGoal = (target: 'pglite' | 'pg', path: 'membership' | 'prizes'): Goal => {
  const key = `reads_${target}_${path}`;
  return {
    label: `reads of /items/${path === 'membership' ? 'membership' : 'prizes?limit=4'} on ${target === 'pg' ? 'PostgreSQL' : 'PGlite'}: >= 0.5 of bare express, p99 < 25 ms`,
    shown: (f) => `ratio ${n(f, `${key}_ratio`)}, p99 ${n(f, `${key}_p99_ms`)} ms`,
    met: (f) => has(f, `${key}_ratio`, `${key}_p99_ms`) && n(f, `${key}_ratio`) >= 0.5 && n(f, `${key}_p99_ms`) < 25,
  };
};

export const GOALS: readonly Goal[] = [
  commandGoal('pglite', 250),
  commandGoal('pg', 100),
  readGoal('pglite', 'membership'),
  readGoal('pglite', 'prizes'),
  readGoal('pg', 'membership'),
  readGoal('pg', 'prizes'),
  {
    label: 'member console first visit: under 150 KiB of gzip JavaScript',
    shown: (f) => `${n(f, 'member_home_js_gzip_kib')} KiB`,
    met: (f) => n(f, 'member_home_js_gzip_kib') < 150,
  },
  {
    label: 'close + draw over 100,000 paying members and 10,000,000 tickets: under 1 s',
    shown: (f) => `${n(f, 'product_close_ms') + n(f, 'product_draw_ms')} ms`,
    met: (f) => n(f, 'product_close_ms') + n(f, 'product_draw_ms') < 1000,
  },
  {
    label: 'the audit of that draw (replaying the log): under 2 s',
    shown: (f) => `${n(f, 'product_audit_ms')} ms`,
    met: (f) => n(f, 'product_audit_ms') < 2000,
  },
];

/** Prints the goals and returns how many were met, for the JSON line. */
export function reportGoals(figures: Figures, log: (line: string) => void): { met: number; of: number } {
  log('goals (issue 10), from this run:');
  let met = 0;
  for (const goal of GOALS) {
    const measured = !goal.shown(figures).includes('NaN');
    const ok = measured && goal.met(figures);
    if (ok) met += 1;
    log(`  ${(ok ? 'met' : measured ? 'NOT met' : 'not measured').padEnd(12)}  ${goal.label}: ${measured ? goal.shown(figures) : '-'}`);
  }
  return { met, of: GOALS.length };
}
