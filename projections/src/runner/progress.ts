import type { ReplayProgress } from './replay';

/** `[#####-----] 52% 104000/200000`, or `104000 events` when the total is unknown. */
export function renderProgressBar(progress: Pick<ReplayProgress, 'events' | 'total'>, width = 30): string {
  const { events, total } = progress;
  if (total === null || total <= 0) return `${events} events`;
  const ratio = Math.min(1, events / total);
  const filled = Math.round(ratio * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${Math.floor(ratio * 100)}% ${events}/${total}`;
}
