import { z } from 'zod';

export const rebuildStateSchema = z
  .object({ state: z.enum(['running', 'done', 'failed']), events: z.number(), total: z.number().nullable(), error: z.string().optional() })
  .nullable();
export type RebuildState = z.infer<typeof rebuildStateSchema>;

/** "running 1200/5000 events", "done: 5000 events", "failed: <message>", or "-" before any rebuild. */
export function rebuildLabel(value: unknown): string {
  const parsed = rebuildStateSchema.safeParse(value ?? null);
  if (!parsed.success || parsed.data === null) return '-';
  const r = parsed.data;
  if (r.state === 'running') return `running ${r.events}${r.total === null ? '' : `/${r.total}`} events`;
  if (r.state === 'done') return `done: ${r.events} events`;
  return `failed: ${r.error ?? 'unknown error'}`;
}
