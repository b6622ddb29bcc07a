/** Issue 22: time left to claim a prize, for the claim page and the dashboard's notice (unit-tested in features/draws/odds.test.ts). */
export type ClaimCountdown = { readonly ended: true } | { readonly ended: false; readonly text: string };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Time left to claim: "12 days 4 hours left", "5 hours 20 minutes left", "less than a minute left"; ended at claimBy. */
export function claimCountdown(claimBy: string, now: number): ClaimCountdown {
  const left = Date.parse(claimBy) - now;
  if (!Number.isFinite(left) || left <= 0) return { ended: true };
  const minutes = Math.floor(left / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return { ended: false, text: `${plural(days, 'day')}${hours > 0 ? ` ${plural(hours, 'hour')}` : ''} left` };
  if (hours > 0) return { ended: false, text: `${plural(hours, 'hour')}${mins > 0 ? ` ${plural(mins, 'minute')}` : ''} left` };
  if (mins > 0) return { ended: false, text: `${plural(mins, 'minute')} left` };
  return { ended: false, text: 'less than a minute left' };
}
