import type { AppContext } from '../context';

/**
 * The minimum age to enter (issue 22). Placeholder until the permits branch's compliance rules
 * land: its version (the `entryMinimumAge` rule in force, data with a source) replaces this file.
 */
export async function minimumEntryAge(_app: AppContext): Promise<number> {
  return 18;
}
