import { CLUB_TIME_ZONE } from '@roar/contracts/time';

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: CLUB_TIME_ZONE, timeZoneName: 'longOffset' });
/** The club's abbreviations by UTC offset: daylight saving from October to April. */
const ABBREVIATIONS: Record<string, string> = { 'GMT+10:00': 'AEST', 'GMT+11:00': 'AEDT' };

/**
 * The abbreviation of the club's time in force at `date`: AEDT in summer, AEST otherwise. Read
 * from the zone's offset on that date (not from the browser's locale names, which vary).
 */
export function clubZoneAbbreviation(date: Date): string {
  const offset = offsetFormat.formatToParts(date).find((p) => p.type === 'timeZoneName')?.value ?? '';
  return ABBREVIATIONS[offset] ?? offset;
}

const drawTimeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: CLUB_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** A draw time in the club's time with the abbreviation in force that day: 'Dec 21, 2026 7:00 PM AEDT', 'Jun 30, 2026 7:00 PM AEST'. */
export function formatDrawTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = drawTimeFormat.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('day')}, ${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()} ${clubZoneAbbreviation(date)}`;
}
