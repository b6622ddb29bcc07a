/** The HTTP bench sections run on both databases; BENCH_TARGETS=postgres (or pglite) picks one. */
export function benchTargets(): ('pglite' | 'postgres')[] {
  const wanted = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',').map((t) => t.trim());
  return (['pglite', 'postgres'] as const).filter((t) => wanted.includes(t));
}
