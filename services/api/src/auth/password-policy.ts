import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEn from '@zxcvbn-ts/language-en';

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
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;
export const MIN_PASSWORD_SCORE = 3;

export const TOO_SHORT = `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
export const TOO_LONG = `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
export const PERSONAL = 'Do not build your password from your name or email address.';
export const EASY_TO_GUESS = 'This password is easy to guess.';
export const ADD_WORDS = 'Add a few more words that are not common.';

/** Who the password is for: parts of it must not come from these. */
export interface PasswordOwner {
  readonly email?: string | null;
  readonly names?: readonly (string | null | undefined)[];
}

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

const compact = (text: string): string => text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** The pieces of an email and names worth refusing: the local part, its words, each name (3+ letters). */
export function personalWords(owner: PasswordOwner): string[] {
  const words = new Set<string>();
  const local = owner.email?.split('@')[0] ?? '';
  for (const part of [local, ...local.split(/[^\p{L}\p{N}]+|\d+/u), ...(owner.names ?? [])]) {
    const word = compact(part ?? '');
    if (word.length >= 3) words.add(word);
  }
  return [...words];
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
