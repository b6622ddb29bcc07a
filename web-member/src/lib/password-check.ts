import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEn from '@zxcvbn-ts/language-en';
import {
  compactWords as compact,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  MIN_PASSWORD_SCORE as MIN_SCORE,
  PASSWORD_ADD_WORDS,
  PASSWORD_EASY_TO_GUESS,
  PASSWORD_PERSONAL,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  personalWords,
  type PasswordOwner,
} from '@roar/contracts/auth';

/**
 * The password policy as the member types (issue 19): the same rules, lists and words as the
 * server's services/api/src/auth/password-policy.ts (both from @roar/contracts/auth), for feedback only; the server decides. This
 * module carries zxcvbn's dictionaries (about 1 MB), so forms load it lazily (password-strength.ts)
 * and the console's first visit stays small. The e2e password test checks both say the same.
 */
export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, type PasswordOwner };

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

export function checkPassword(password: string, owner: PasswordOwner = {}): PasswordFeedback {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return { ok: false, score: 0, reason: PASSWORD_TOO_SHORT };
  if (length > MAX_PASSWORD_LENGTH) return { ok: false, score: 0, reason: PASSWORD_TOO_LONG };
  const personal = personalWords(owner);
  const flat = compact(password);
  if (personal.some((word) => flat.includes(word))) return { ok: false, score: 0, reason: PASSWORD_PERSONAL };
  const result = factory.check(password, personal);
  if (result.score >= MIN_SCORE) return { ok: true, score: result.score, reason: '' };
  return { ok: false, score: result.score, reason: `${result.feedback.warning ?? PASSWORD_EASY_TO_GUESS} ${PASSWORD_ADD_WORDS}` };
}
