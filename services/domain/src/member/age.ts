/**
 * A member's age in whole years on a club calendar day (`YYYY-MM-DD`, the day in CLUB_TIME_ZONE):
 * their birthday counts from its first club day. Someone born on 29 February turns a year older on
 * 1 March in a common year. Null when the date of birth is not a real `YYYY-MM-DD` date.
 */
export function ageOn(dob: string, clubDay: string): number | null {
  const born = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob);
  const on = /^(\d{4})-(\d{2})-(\d{2})$/.exec(clubDay);
  if (!born || !on) return null;
  const [by, bm, bd] = [Number(born[1]), Number(born[2]), Number(born[3])];
  const check = new Date(Date.UTC(by, bm - 1, bd));
  if (check.getUTCFullYear() !== by || check.getUTCMonth() !== bm - 1 || check.getUTCDate() !== bd) return null;
  const [y, m, d] = [Number(on[1]), Number(on[2]), Number(on[3])];
  const hadBirthday = m > bm || (m === bm && d >= bd);
  return y - by - (hadBirthday ? 0 : 1);
}
