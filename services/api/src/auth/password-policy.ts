import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEn from '@zxcvbn-ts/language-en';
import {
  compactWords as compact,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  MIN_PASSWORD_SCORE,
  PASSWORD_ADD_WORDS as ADD_WORDS,
  PASSWORD_EASY_TO_GUESS as EASY_TO_GUESS,
  PASSWORD_PERSONAL as PERSONAL,
  PASSWORD_TOO_LONG as TOO_LONG,
  PASSWORD_TOO_SHORT as TOO_SHORT,
  personalWords,
  type PasswordOwner,
} from '@roar/contracts/auth';

/**
 * The one password policy (issue 19), after NIST SP 800-63B section 5.1.1: at least 8 characters,
 * up to 200 allowed, any characters (spaces and emoji too), no composition rules, no expiry; refused
 * when it is a common or leaked password or built from the person's own name or email. Used by
 * member sign-up, password reset, the member's password change, and staff accounts. The member
 * console runs the same checks as the member types, for feedback only: this is the authority.
 *
 * "Common or leaked" is zxcvbn-ts with its common-password, English word and name lists (offline):
 * a password must reach score 3 (about 10^8 guesses or more), so a listed password, a keyboard
 * walk or a word with a digit on the end is refused with zxcvbn's reason.
 */
/** The rules and their words are the contract's (the member console checks with the same). */
export {
  ADD_WORDS,
  EASY_TO_GUESS,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  MIN_PASSWORD_SCORE,
  PERSONAL,
  personalWords,
  TOO_LONG,
  TOO_SHORT,
  type PasswordOwner,
};

export type PasswordVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: string };

let factory: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    translations: zxcvbnEn.translations,
    graphs: zxcvbnCommon.adjacencyGraphs,
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
  });
  return factory;
}

export function checkPassword(password: string, owner: PasswordOwner = {}): PasswordVerdict {
  // Length in characters as a person counts them (an emoji is one), per SP 800-63B.
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return { ok: false, reason: TOO_SHORT };
  if (length > MAX_PASSWORD_LENGTH) return { ok: false, reason: TOO_LONG };
  const flat = compact(password);
  const personal = personalWords(owner);
  if (personal.some((word) => flat.includes(word))) return { ok: false, reason: PERSONAL };
  const result = zxcvbn().check(password, personal);
  if (result.score >= MIN_PASSWORD_SCORE) return { ok: true };
  return { ok: false, reason: `${result.feedback.warning ?? EASY_TO_GUESS} ${ADD_WORDS}` };
}

export class WeakPasswordError extends Error {
  override readonly name = 'WeakPasswordError';
}

/** Throws WeakPasswordError with the reason, for the write paths that take a password. */
export function assertStrongPassword(password: string, owner: PasswordOwner = {}): void {
  const verdict = checkPassword(password, owner);
  if (!verdict.ok) throw new WeakPasswordError(verdict.reason);
}
