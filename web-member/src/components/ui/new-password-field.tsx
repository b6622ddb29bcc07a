import { useEffect, useId, useState } from 'react';
import { loadPasswordChecker, usePasswordFeedback, type PasswordFeedback, type PasswordOwner } from '../../lib/password-strength';

interface Props {
  readonly label: string;
  readonly name?: string;
  /** Whose password it is: the rules refuse one built from these. */
  readonly owner?: PasswordOwner;
  /** Told about each verdict, so the form can refuse to submit a password it knows will be refused. */
  readonly onFeedback?: (feedback: PasswordFeedback | null) => void;
}

const HINT = 'At least 8 characters. A few unrelated words make a strong password; spaces and any characters are fine.';
const LEVELS = ['Too easy to guess', 'Too easy to guess', 'Too easy to guess', 'Strong', 'Very strong'] as const;

/**
 * A new-password input that says, as the member types, whether the password will be accepted and
 * why not (issue 19): a four-step meter and one plain sentence, announced politely to screen readers.
 */
export function NewPasswordField({ label, name = 'password', owner = {}, onFeedback }: Props) {
  const id = useId();
  const [password, setPassword] = useState('');
  const feedback = usePasswordFeedback(password, owner);
  useEffect(() => onFeedback?.(feedback), [feedback, onFeedback]);
  const state = feedback === null ? 'idle' : feedback.ok ? 'ok' : 'weak';
  const filled = feedback === null ? 0 : feedback.ok ? feedback.score : Math.min(feedback.score, 2);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        name={name}
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        // Fetch the checker as the member reaches the field, so the first verdict is not kept waiting.
        onFocus={() => void loadPasswordChecker().catch(() => undefined)}
        aria-describedby={`${id}-feedback`}
        aria-invalid={state === 'weak' ? true : undefined}
      />
      <div className={`password-meter password-meter--${state}`} aria-hidden="true">
        {[1, 2, 3, 4].map((step) => (
          <span key={step} className={step <= filled ? 'password-meter__step password-meter__step--on' : 'password-meter__step'} />
        ))}
      </div>
      <p id={`${id}-feedback`} className={`password-feedback password-feedback--${state}`} aria-live="polite">
        {feedback === null ? HINT : feedback.ok ? `${LEVELS[feedback.score] ?? 'Strong'}: this password will do.` : feedback.reason}
      </p>
    </div>
  );
}
