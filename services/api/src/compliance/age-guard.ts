import { clubDay } from '@roar/contracts/time';
import { ageOn, memberDecider, memberStreamId } from '@roar/domain';
import { fold } from '@roar/platform';
import type { AppContext } from '../context';
import { minimumEntryAge } from './rules';
import { readDrawSettings } from './settings';

/** The refusal for a member under the minimum age (issue 22), word for word; answered 403. */
export const MINOR_REFUSAL = 'You must be 18 or over to enter.';

/** Whether a date of birth is under the minimum age on the club's calendar day (now). */
export async function isUnderAge(app: AppContext, dob: string | null | undefined): Promise<boolean> {
  if (!dob) return false;
  const age = ageOn(dob, clubDay(app.now()));
  // A date that is not a real day never reaches here (the contract refuses it); treat one as under age, never as a pass.
  return age === null || age < (await minimumEntryAge(app));
}

/**
 * Sign-up's age rule: a paid plan needs the minimum age; a free account (no entries) is allowed to a
 * minor only while the club's draw settings allow it. Returns the refusal, or null.
 */
export async function signUpAgeRefusal(app: AppContext, dob: string | null | undefined, paid: boolean): Promise<string | null> {
  if (!(await isUnderAge(app, dob))) return null;
  if (paid) return MINOR_REFUSAL;
  return (await readDrawSettings(app)).allowMinorFreeAccounts ? null : MINOR_REFUSAL;
}

/**
 * A purchase's age rule (join, upgrade, single entry, team fee): refused before any payment page
 * opens when the member's date of birth on file is under the minimum age. Read from the member's
 * stream, so an answer just saved counts at once.
 */
export async function purchaseAgeRefusal(app: AppContext, memberId: string): Promise<string | null> {
  const events = await app.store.readStream(memberStreamId(memberId));
  const member = fold(
    memberDecider,
    events.map((e) => ({ type: e.type, data: e.data }) as Parameters<typeof memberDecider.evolve>[1]),
  );
  if (member.status === 'absent') return null;
  return (await isUnderAge(app, member.profile.dob)) ? MINOR_REFUSAL : null;
}
