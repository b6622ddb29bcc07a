/**
 * Field checks of the request and transfer forms, run as each field is left. They mirror the API's
 * schema (services/api/src/clubhouse/forms.ts, the authority; same messages) so a member sees a
 * mistake before sending; the server checks again.
 */
export const FIELD_MESSAGES = {
  first_name: 'Enter your first name.',
  last_name: 'Enter your last name.',
  mobile: 'Enter an Australian mobile number, like 0412 345 678.',
  dob: 'Enter your date of birth as D/MM/YYYY.',
  dobAge: 'Your date of birth must give an age between 5 and 110.',
  address: 'Enter your address.',
  since: 'Enter when you started playing as MM/YYYY, not in the future.',
  previous_golf_club: 'Enter the name of your previous golf club.',
  golf_link_number: 'A Golf Link number has exactly 10 digits.',
} as const;

export type FieldName = 'first_name' | 'last_name' | 'mobile' | 'dob' | 'address' | 'since' | 'previous_golf_club' | 'previous_golf_link_number';

export function isAustralianMobile(value: string): boolean {
  return /^(?:\+?61|0)4\d{8}$/.test(value.replace(/[\s()-]/g, ''));
}

export function dobProblem(value: string, today: Date): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (!m) return FIELD_MESSAGES.dob;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return FIELD_MESSAGES.dob;
  const [ty, tm, td] = [today.getFullYear(), today.getMonth() + 1, today.getDate()];
  const age = ty - year - (tm < month || (tm === month && td < day) ? 1 : 0);
  return age < 5 || age > 110 ? FIELD_MESSAGES.dobAge : null;
}

export function sinceProblem(value: string, today: Date): string | null {
  if (!value.trim()) return null;
  const m = /^(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) return FIELD_MESSAGES.since;
  const ym = Number(m[2]) * 12 + Number(m[1]);
  return ym > today.getFullYear() * 12 + today.getMonth() + 1 ? FIELD_MESSAGES.since : null;
}

/** The problem with one field, or null. A transfer needs the previous club and its Golf Link number. */
export function fieldProblem(name: FieldName, value: string, transfer: boolean, today: Date): string | null {
  const v = value.trim();
  switch (name) {
    case 'first_name':
    case 'last_name':
    case 'address':
      return v ? null : FIELD_MESSAGES[name];
    case 'mobile':
      return isAustralianMobile(v) ? null : FIELD_MESSAGES.mobile;
    case 'dob':
      return dobProblem(v, today);
    case 'since':
      return sinceProblem(v, today);
    case 'previous_golf_club':
      return transfer && !v ? FIELD_MESSAGES.previous_golf_club : null;
    case 'previous_golf_link_number':
      if (!v) return transfer ? FIELD_MESSAGES.golf_link_number : null;
      return /^\d{10}$/.test(v) ? null : FIELD_MESSAGES.golf_link_number;
    default: {
      const _exhaustive: never = name;
      return _exhaustive;
    }
  }
}
