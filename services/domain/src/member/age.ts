/**
 * A member's age in whole years on a club calendar day (issue 22): `dob` and `clubDay` are
 * `YYYY-MM-DD` (the day in CLUB_TIME_ZONE, from `clubDay` in the contracts). A birthday on
 * 29 February counts on 1 March in a common year.
 */
export function ageOn(dob: string, clubDay: string): number {
  const [by, bm, bd] = dob.split('-').map(Number) as [number, number, number];
  const [y, m, d] = clubDay.split('-').map(Number) as [number, number, number];
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age -= 1;
  return age;
}
