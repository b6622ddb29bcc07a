/** The club's calendar lives in the contracts, beside its time zone; the domain reads it from there. */
export { CLUB_TIME_ZONE, clubDay, clubMonth } from '@roar/contracts/time';
