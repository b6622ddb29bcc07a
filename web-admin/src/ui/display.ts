/**
 * One way to show dates and ticket numbers in both consoles (issue 14, defect 9): dates as the
 * member console shows them ('Dec 24, 2026', spec section 9), always in Sydney time, and ticket
 * numbers counted from 1 as members read them ('Tickets 1-50'). The draw stores tickets as
 * offsets from 0 (the winning ticket k in [0, total)); only the display adds one.
 */
import { CLUB_TIME_ZONE } from '@roar/contracts/time';

export { CLUB_TIME_ZONE };

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: CLUB_TIME_ZONE });
const timeFormat = new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: CLUB_TIME_ZONE });
const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: CLUB_TIME_ZONE, timeZoneName: 'longOffset' });
/** The club's abbreviations by UTC offset: daylight saving from October to April. */
const ABBREVIATIONS: Record<string, string> = { 'GMT+10:00': 'AEST', 'GMT+11:00': 'AEDT' };

/** AEDT or AEST: the club's time in force at `date`, read from the zone's offset then (not from locale names, which vary by browser). */
export function clubZoneAbbreviation(date: Date): string {
  const offset = offsetFormat.formatToParts(date).find((p) => p.type === 'timeZoneName')?.value ?? '';
  return ABBREVIATIONS[offset] ?? offset;
}

const parse = (value: unknown): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date;
};

/** 'Dec 24, 2026' in Sydney; null for a missing or unreadable value. */
export function formatClubDate(value: unknown): string | null {
  const date = parse(value);
  return date ? dateFormat.format(date) : null;
}

/** 'Dec 24, 2026 12:30 am AEDT': the zone is always named. */
export function formatClubDateTime(value: unknown): string | null {
  const date = parse(value);
  return date ? `${dateFormat.format(date)} ${timeFormat.format(date)} ${clubZoneAbbreviation(date)}` : null;
}

/** A draw's 0-based ticket offsets as members count them: 'Tickets 1-50', 'Ticket 7'. */
export function drawTicketRange(firstOffset: number, lastOffset: number): string {
  return firstOffset === lastOffset ? `Ticket ${firstOffset + 1}` : `Tickets ${firstOffset + 1}-${lastOffset + 1}`;
}

/** A member ledger's ticket numbers (already counted from 1), in the member console's words. */
export function ledgerTicketRange(first: number | null | undefined, last: number | null | undefined): string {
  if (first == null || last == null) return '-';
  return first === last ? `Ticket ${first}` : `Tickets ${first}-${last}`;
}

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: CLUB_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as the Sydney wall-clock value of a datetime-local input: 'YYYY-MM-DDTHH:mm'. */
export function toClubInputValue(value: unknown): string {
  // Already a wall-clock value (react-admin may format the formatted value again): keep it.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return value;
  const date = parse(value);
  if (!date) return '';
  const p = Object.fromEntries(wallClock.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/**
 * A datetime-local value read as Sydney wall-clock time, whatever the browser's zone: the instant
 * whose Sydney rendering is that value. Two passes settle the offset across a daylight-saving
 * change; a wall time skipped by the spring-forward gap lands an hour later.
 */
export function fromClubInputValue(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const shown = toClubInputValue(new Date(guess));
    const s = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(shown)!;
    const shownUtc = Date.UTC(Number(s[1]), Number(s[2]) - 1, Number(s[3]), Number(s[4]), Number(s[5]));
    guess += asUtc - shownUtc;
  }
  return new Date(guess).toISOString();
}
