import { ageOn, HANDICAP_FORM_MESSAGES, normaliseMobile, parseDob, parseSince } from '@roar/contracts/clubhouse';

/**
 * Field checks of the request and transfer forms, run as each field is left, with the contract's
 * parsers and messages (the api's requestFormSchema is built from the same ones and stays the
 * authority) so a member sees a mistake before sending; the server checks again.
 */
export const FIELD_MESSAGES = HANDICAP_FORM_MESSAGES;

export type FieldName = 'first_name' | 'last_name' | 'mobile' | 'dob' | 'address' | 'since' | 'previous_golf_club' | 'previous_golf_link_number';

export function isAustralianMobile(value: string): boolean {
  return normaliseMobile(value) !== null;
}

/** The member's calendar day, YYYY-MM-DD (the form is filled in where they are). */
const localDay = (today: Date): string =>
  `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;

export function dobProblem(value: string, today: Date): string | null {
  const dob = parseDob(value);
  if (!dob) return FIELD_MESSAGES.dob;
  const age = ageOn(dob, localDay(today));
  return age < 5 || age > 110 ? FIELD_MESSAGES.dobAge : null;
}

export function sinceProblem(value: string, today: Date): string | null {
  if (!value.trim()) return null;
  const since = parseSince(value);
  if (!since) return FIELD_MESSAGES.since;
  return since > localDay(today).slice(0, 7) ? FIELD_MESSAGES.since : null;
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
