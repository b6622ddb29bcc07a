/** Dollars with a trailing .00 removed (spec section 9): 20 -> "$20", 29.99 -> "$29.99". */
export declare function formatDollars(amount: number): string;
/** The first letter of a name, for the avatar circle. */
export declare function initialOf(name: string): string;
/** Dates as 'MMM D, YYYY' (spec section 9), e.g. 'Dec 21, 2026'; an unreadable date is shown as given. */
export declare function formatDate(value: string): string;
/** 'Tickets 51-100' for a run, 'Ticket 7' for one. */
export declare function ticketRange(first: number, last: number): string;
