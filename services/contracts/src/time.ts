/**
 * The club keeps its calendar in Sydney: every date a member or staff user reads, every month
 * boundary (entries, cashback, rewards) and every draw time is in this zone. A claim or reveal at
 * 23:30 UTC on the 31st belongs to the next month there. Named here, once, for every layer.
 */
export const CLUB_TIME_ZONE = 'Australia/Sydney';

const monthFormat = new Intl.DateTimeFormat('en-CA', { timeZone: CLUB_TIME_ZONE, year: 'numeric', month: '2-digit' });
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: CLUB_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** `YYYY-MM` of the instant in the club's time zone. */
export function clubMonth(instant: Date | string): string {
  const d = typeof instant === 'string' ? new Date(instant) : instant;
  const parts = Object.fromEntries(monthFormat.formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}`;
}

/** `YYYY-MM-DD` of the instant in the club's time zone. */
export function clubDay(instant: Date | string): string {
  const d = typeof instant === 'string' ? new Date(instant) : instant;
  const parts = Object.fromEntries(dayFormat.formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}
