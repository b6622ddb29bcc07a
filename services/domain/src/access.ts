/**
 * Spec section 4's access rules, in one place so that the API, the workers and the consoles
 * agree on who may use rewards and the shop.
 */
export interface AccessInput {
  /** ISO-8601 or null: null (or absent) means the membership has no end. */
  readonly membershipEndDate: string | null | undefined;
  readonly tier: { readonly rewards_access: boolean; readonly shop_access: boolean } | null | undefined;
}

export interface SingleEntryValidity {
  readonly validUntil: string;
}

/** "membership end date absent or not past" */
function dateAllows(membershipEndDate: string | null | undefined, now: Date): boolean {
  if (membershipEndDate === null || membershipEndDate === undefined || membershipEndDate === '') return true;
  const end = Date.parse(membershipEndDate);
  // An unreadable date grants nothing rather than everything.
  return Number.isFinite(end) && end >= now.getTime();
}

export function rewardsAccess(input: AccessInput, now: Date): boolean {
  return dateAllows(input.membershipEndDate, now) && input.tier?.rewards_access === true;
}

/** A single entry is active while its validUntil is in the future. */
export function isSingleEntryActive(entry: SingleEntryValidity, now: Date): boolean {
  const until = Date.parse(entry.validUntil);
  return Number.isFinite(until) && until > now.getTime();
}

export function shopAccess(input: AccessInput, activeSingleEntries: readonly SingleEntryValidity[], now: Date): boolean {
  if (dateAllows(input.membershipEndDate, now) && input.tier?.shop_access === true) return true;
  return activeSingleEntries.some((e) => isSingleEntryActive(e, now));
}

/** "a membership is free when it has no code or code is free" */
export function isFreeMembership(code: string | null | undefined): boolean {
  return code === null || code === undefined || code === '' || code === 'free';
}

/** "Upgrade is offered unless code is platinum or platinum-member" */
export function offersUpgrade(code: string | null | undefined): boolean {
  return code !== 'platinum' && code !== 'platinum-member';
}

/** "A single-entry type or free membership omits the word MEMBERSHIP after the tier name." */
export function showsMembershipWord(code: string | null | undefined, type: string | null | undefined): boolean {
  return !isFreeMembership(code) && type !== 'single-entry' && type !== 'singleEntry';
}
