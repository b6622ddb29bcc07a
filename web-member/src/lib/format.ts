import { CLUB_TIME_ZONE } from '@roar/contracts/time';

/** Dollars with a trailing .00 removed (spec section 9): 20 -> "$20", 29.99 -> "$29.99". */
export function formatDollars(amount: number): string {
  const fixed = amount.toFixed(2);
  const trimmed = fixed.endsWith('.00') ? fixed.slice(0, -3) : fixed;
  const [whole = '0', cents] = trimmed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${cents === undefined ? grouped : `${grouped}.${cents}`}`;
}

/** The first letter of a name, for the avatar circle. */
export function initialOf(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?';
}

/** Dates as 'MMM D, YYYY' (spec section 9), e.g. 'Dec 21, 2026'; an unreadable date is shown as given. */
export function formatDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: CLUB_TIME_ZONE });
}

/** A calendar day (YYYY-MM-DD, already a club day: no time zone to apply) as 'MMM D, YYYY', e.g. a gift card's last valid day. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** 'Tickets 51-100' for a run, 'Ticket 7' for one. */
export function ticketRange(first: number, last: number): string {
  return first === last ? `Ticket ${first}` : `Tickets ${first}-${last}`;
}
