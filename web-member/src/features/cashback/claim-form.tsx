import { useState, type FormEvent } from 'react';
import { clubDay } from '@roar/contracts/time';
import { submitClaim, type Claim } from './api';

/** Today in Sydney as YYYY-MM-DD: the latest date a round can have been played. */
const sydneyToday = (): string => clubDay(new Date());

/** Course, date played, amount paid and the receipt (photo or PDF, at most 10 MB). */
export function ClaimForm({ maximum, onSubmitted }: { maximum: number; onSubmitted: (claim: Claim) => void }) {
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'sending' } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.kind === 'sending') return;
    const form = event.currentTarget;
    const file = (form.elements.namedItem('receipt') as HTMLInputElement).files?.[0];
    if (file && file.size > 10 * 1024 * 1024) return setState({ kind: 'error', message: 'The receipt must be 10 MB or smaller.' });
    setState({ kind: 'sending' });
    const result = await submitClaim(new FormData(form));
    if (!result.ok) return setState({ kind: 'error', message: result.error });
    form.reset();
    setState({ kind: 'idle' });
    onSubmitted(result.data);
  };

  return (
    <form className="form cashback-form" onSubmit={(e) => void submit(e)} aria-label="Claim green-fee cashback">
      <h2>Claim this month's round</h2>
      <p className="cashback-form__note">We pay back what you paid for the round, up to ${maximum.toFixed(2)}, once a month.</p>
      <label className="field">
        <span>Course</span>
        <input className="input" name="course" required minLength={2} maxLength={160} autoComplete="off" />
      </label>
      <div className="form__row">
        <label className="field">
          <span>Date played</span>
          <input className="input" name="played_on" type="date" required max={sydneyToday()} />
        </label>
        <label className="field">
          <span>Amount paid (AUD)</span>
          <input className="input" name="amount" inputMode="decimal" required pattern="\d{1,6}(\.\d{1,2})?" placeholder="35.00" />
        </label>
      </div>
      <label className="field">
        <span>Green-fee receipt (photo or PDF, up to 10 MB)</span>
        <input className="input input--file" name="receipt" type="file" required accept="image/jpeg,image/png,image/webp,application/pdf" />
      </label>
      {state.kind === 'error' && (
        <p role="alert" className="error-note">
          {state.message}
        </p>
      )}
      <button type="submit" className="btn btn--gold" disabled={state.kind === 'sending'}>
        {state.kind === 'sending' ? 'Loading...' : 'Submit claim'}
      </button>
    </form>
  );
}
