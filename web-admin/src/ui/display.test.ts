import { describe, expect, it } from 'vitest';
import { drawTicketRange, formatClubDate, formatClubDateTime, fromClubInputValue, ledgerTicketRange, toClubInputValue } from './display';

describe('one numbering and one date in both consoles (defect 9)', () => {
  it('shows a plan end the way the member sees it, in Sydney time', () => {
    // 13:30 UTC on Dec 23 is already Dec 24 in Sydney: the browser's own zone said 12/23/2026.
    const end = '2026-12-23T13:30:00.000Z';
    expect(formatClubDate(end)).toBe('Dec 24, 2026');
    expect(formatClubDateTime(end)).toMatch(/^Dec 24, 2026 12:30 am AEDT$/i);
    expect(formatClubDate(null)).toBeNull();
  });
  it("counts a draw's tickets from 1, as the member reads them", () => {
    expect(drawTicketRange(0, 49)).toBe('Tickets 1-50');
    expect(drawTicketRange(6, 6)).toBe('Ticket 7');
    // The member console's words for its ledger rows (web-member lib/format ticketRange).
    expect(ledgerTicketRange(51, 100)).toBe('Tickets 51-100');
    expect(ledgerTicketRange(null, null)).toBe('-');
  });
});

describe('the club time abbreviation in force on the date (issue 20, defect 9)', () => {
  it('reads AEDT in summer and AEST in winter, switching exactly at the daylight-saving changes', () => {
    expect(formatClubDateTime('2026-12-21T08:00:00Z')).toBe('Dec 21, 2026 7:00 pm AEDT');
    expect(formatClubDateTime('2026-06-30T09:00:00Z')).toBe('Jun 30, 2026 7:00 pm AEST');
    // Daylight time ends at 03:00 AEDT on 5 April 2026 (16:00 UTC the day before): back to 02:00 AEST.
    expect(formatClubDateTime('2026-04-04T15:59:00Z')).toBe('Apr 5, 2026 2:59 am AEDT');
    expect(formatClubDateTime('2026-04-04T16:00:00Z')).toBe('Apr 5, 2026 2:00 am AEST');
    // It starts at 02:00 AEST on 4 October 2026 (16:00 UTC the day before): forward to 03:00 AEDT.
    expect(formatClubDateTime('2026-10-03T15:59:00Z')).toBe('Oct 4, 2026 1:59 am AEST');
    expect(formatClubDateTime('2026-10-03T16:00:00Z')).toBe('Oct 4, 2026 3:00 am AEDT');
  });
});

describe('date-time inputs in Sydney time, whatever the browser says', () => {
  it('shows an instant as Sydney wall-clock time and reads it back', () => {
    expect(toClubInputValue('2026-12-15T00:00:00.000Z')).toBe('2026-12-15T11:00'); // AEDT, +11
    expect(fromClubInputValue('2026-12-15T11:00')).toBe('2026-12-15T00:00:00.000Z');
    expect(toClubInputValue('2026-06-15T00:00:00.000Z')).toBe('2026-06-15T10:00'); // AEST, +10
    expect(fromClubInputValue('2026-06-15T10:00')).toBe('2026-06-15T00:00:00.000Z');
    expect(fromClubInputValue('nonsense')).toBeNull();
    expect(toClubInputValue(null)).toBe('');
    // Formatting a formatted value changes nothing (the input formats its value twice).
    expect(toClubInputValue(toClubInputValue('2026-12-15T00:00:00.000Z'))).toBe('2026-12-15T11:00');
  });
});
