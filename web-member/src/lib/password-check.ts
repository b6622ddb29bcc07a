import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEn from '@zxcvbn-ts/language-en';

/**
 * The password policy as the member types (issue 19): the same rules, lists and words as the
 * server's services/api/src/auth/password-policy.ts, for feedback only; the server decides. This
 * module carries zxcvbn's dictionaries (about 1 MB), so forms load it lazily (password-strength.ts)
 * and the console's first visit stays small. The e2e password test checks both say the same.
 */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;
const MIN_SCORE = 3;

export interface PasswordOwner {
  readonly email?: string | null;
  readonly names?: readonly (string | null | undefined)[];
}

export interface PasswordFeedback {
  readonly ok: boolean;
  /** 0 to 4: how hard the password is to guess (zxcvbn's score; 0 for a refused length or personal one). */
  readonly score: number;
  /** Why it is refused, in plain words; empty when it is fine. */
  readonly reason: string;
}

const factory = new ZxcvbnFactory({
  translations: zxcvbnEn.translations,
  graphs: zxcvbnCommon.adjacencyGraphs,
  dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
});

const compact = (text: string): string => text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

function personalWords(owner: PasswordOwner): string[] {
  const words = new Set<string>();
  const local = owner.email?.split('@')[0] ?? '';
  for (const part of [local, ...local.split(/[^\p{L}\p{N}]+|\d+/u), ...(owner.names ?? [])]) {
    const word = compact(part ?? '');
    if (word.length >= 3) words.add(word);
  }
  return [...words];
}

export function checkPassword(password: string, owner: PasswordOwner = {}): PasswordFeedback {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return { ok: false, score: 0, reason: `Use at least ${MIN_PASSWORD_LENGTH} characters.` };
  if (length > MAX_PASSWORD_LENGTH) return { ok: false, score: 0, reason: `Use at most ${MAX_PASSWORD_LENGTH} characters.` };
  const personal = personalWords(owner);
  const flat = compact(password);
  if (personal.some((word) => flat.includes(word))) return { ok: false, score: 0, reason: 'Do not build your password from your name or email address.' };
  const result = factory.check(password, personal);
  if (result.score >= MIN_SCORE) return { ok: true, score: result.score, reason: '' };
  return { ok: false, score: result.score, reason: `${result.feedback.warning ?? 'This password is easy to guess.'} Add a few more words that are not common.` };
}
