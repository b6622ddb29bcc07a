import { firstErrorMessage } from '../httpErrors';
import { loginResponseSchema, session } from './session';
import { secondStepSchema, SecondStepRequired } from './twoFactor';

/**
 * Staff sign-in without react-admin: the password step, then (when the role asks for it) the
 * second factor. The light sign-in page and authProvider.login both call these, so the console's
 * first load carries none of react-admin or MUI (issue 25: the sign-in page under 200 KiB).
 * Resolves once the session is saved; throws SecondStepRequired when a second step must follow,
 * or an Error in the API's words.
 */
export async function signIn(
  body: { email: string; password: string } | { challenge: string; code: string } | { challenge: string; recovery_code: string },
): Promise<void> {
  const secondStep = 'challenge' in body;
  const response = await fetch(secondStep ? '/api/admin/auth/two-factor/verify' : '/api/admin/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(firstErrorMessage(answer) ?? 'Sign-in failed. Try again.');
  const next = secondStepSchema.safeParse(answer);
  if (next.success) throw new SecondStepRequired(next.data);
  const parsed = loginResponseSchema.safeParse(answer);
  if (!parsed.success) throw new Error('Sign-in failed. Try again.');
  session.save(parsed.data.token, parsed.data.user);
}

const NOTICE_KEY = 'roar-staff-sign-in-notice';

/** A sentence for the sign-in page to show after the full reload that takes staff there (a session that ended). */
export const signInNotice = {
  leave(message: string): void {
    sessionStorage.setItem(NOTICE_KEY, message);
  },
  take(): string | null {
    const message = sessionStorage.getItem(NOTICE_KEY);
    sessionStorage.removeItem(NOTICE_KEY);
    return message;
  },
};

/** Where to go after signing in: a console path the sign-in page was sent from, never another origin. */
export function afterSignIn(next: string | null): string {
  return next && /^\/admin\/(?!\/)/.test(next) && !next.startsWith('/admin/login') ? next : '/admin/';
}
