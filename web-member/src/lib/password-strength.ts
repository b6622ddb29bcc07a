import { useEffect, useState } from 'react';
import type { PasswordFeedback, PasswordOwner } from './password-check';

export type { PasswordFeedback, PasswordOwner };

type Checker = typeof import('./password-check').checkPassword;
let loading: Promise<Checker> | null = null;

/** Loads the checker (and zxcvbn's dictionaries) once, the first time a password form asks. */
export function loadPasswordChecker(): Promise<Checker> {
  loading ??= import('./password-check')
    .then((m) => m.checkPassword)
    .catch((error: unknown) => {
      loading = null; // a failed chunk load is tried again next time
      throw error;
    });
  return loading;
}

/**
 * Live feedback on a new password: null while empty or while the checker loads (the form still
 * works: the server checks on submit). Recomputed a moment after typing stops.
 */
export function usePasswordFeedback(password: string, owner: PasswordOwner): PasswordFeedback | null {
  const [feedback, setFeedback] = useState<PasswordFeedback | null>(null);
  const email = owner.email ?? '';
  const names = (owner.names ?? []).join('\u0000');
  useEffect(() => {
    if (password === '') {
      setFeedback(null);
      return;
    }
    let live = true;
    const timer = window.setTimeout(() => {
      loadPasswordChecker().then(
        (check) => {
          if (live) setFeedback(check(password, { email, names: names.split('\u0000') }));
        },
        (error: unknown) => console.error('password checker did not load', error),
      );
    }, 120);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [password, email, names]);
  return feedback;
}
