/**
 * The bench's sections, run in order into one figures object. The first section that throws ends
 * the run: the rest are not started (their figures would be measured beside whatever the failed
 * one left running), and the caller exits non-zero straight away. A failed section may leave a
 * server or a child process behind, so the caller ends the process itself rather than waiting for
 * the event loop to empty (it never would: the run used to print its summary and hang).
 */
export type Figures = Record<string, number | string>;

export interface BenchSection {
  readonly name: string;
  readonly run: () => Promise<Figures>;
  /** A blank line after the section's output, grouping the tables. */
  readonly gapAfter?: boolean;
}

/** `npm run bench -- draw shop`: the sections named (or, for `append`, every `append_*`), in run order. */
export function selectSections(all: readonly BenchSection[], names: readonly string[]): BenchSection[] {
  if (names.length === 0) return [...all];
  const unknown = names.filter((n) => !all.some((s) => s.name === n || s.name.startsWith(`${n}_`)));
  if (unknown.length > 0) throw new Error(`no bench section named ${unknown.join(', ')}; the sections: ${all.map((s) => s.name).join(', ')}`);
  return all.filter((s) => names.some((n) => s.name === n || s.name.startsWith(`${n}_`)));
}

/** Runs the sections in order; answers the name of the one that failed (and stopped the run), or null. */
export async function runSections(sections: readonly BenchSection[], figures: Figures, log: (line: string) => void): Promise<string | null> {
  for (const section of sections) {
    try {
      Object.assign(figures, await section.run());
    } catch (error) {
      figures[`${section.name}_failed`] = error instanceof Error ? error.message : String(error);
      log(`${section.name}: FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return section.name;
    }
    if (section.gapAfter) log('');
  }
  return null;
}
