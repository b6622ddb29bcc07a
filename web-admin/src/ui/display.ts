/**
 * One way to show dates and ticket numbers in both consoles (issue 14, defect 9): dates as the
 * member console shows them ('Dec 24, 2026', spec section 9), always in Sydney time, and ticket
 * numbers counted from 1 as members read them ('Tickets 1-50'). The draw stores tickets as
 * offsets from 0 (the winning ticket k in [0, total)); only the display adds one.
 */
export const CLUB_TIME_ZONE = 'Australia/Sydney';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: CLUB_TIME_ZONE });
const timeFormat = new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: CLUB_TIME_ZONE, timeZoneName: 'short' });

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
  return date ? `${dateFormat.format(date)} ${timeFormat.format(date)}` : null;
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
