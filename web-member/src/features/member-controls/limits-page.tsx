import { useEffect, useState, type FormEvent } from 'react';
import { dollars, type MemberControls, type PauseBilling, type PauseLength } from '@roar/contracts/member-controls';
import { Head } from '../../components/ui/head';
import { ErrorNote } from '../../components/ui/feedback';
import { fetchControls, setMonthlyLimit, startPause } from './api';

const LENGTHS: ReadonlyArray<{ value: PauseLength; label: string }> = [
  { value: '24-hours', label: 'A break of 24 hours' },
  { value: '7-days', label: 'A break of 7 days' },
  { value: '30-days', label: 'A break of 30 days' },
  { value: '6-months', label: 'Self-exclusion for 6 months' },
  { value: '1-year', label: 'Self-exclusion for 1 year' },
  { value: '5-years', label: 'Self-exclusion for 5 years' },
];

/** Issue 23: Settings > Limits & Breaks. */
export function LimitsPage() {
  const [controls, setControls] = useState<MemberControls | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void fetchControls().then((r) => (r.ok ? setControls(r.data) : setError(r.error)));
  }, []);

  const saveLimit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const raw = String(new FormData(event.currentTarget).get('limit') ?? '').trim();
    const cents = raw === '' ? null : Math.round(Number(raw) * 100);
    if (cents !== null && (!Number.isFinite(cents) || cents < 0)) return setError('Enter a monthly limit in dollars, $0 or more.');
    setBusy(true);
    setError(null);
    const r = await setMonthlyLimit(cents);
    setBusy(false);
    if (!r.ok) return setError(r.error);
    setControls(r.data);
  };

  const savePause = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const length = String(form.get('length') ?? '') as PauseLength;
    const billing = String(form.get('billing') ?? 'pause') as PauseBilling;
    if (!length) return setError('Choose how long.');
    setBusy(true);
    setError(null);
    const r = await startPause(length, billing);
    setBusy(false);
    if (!r.ok) return setError(r.error);
    setControls(r.data);
  };

  return (
    <div className="settings-page">
      <Head title="Limits & Breaks" />
      <h2 className="settings-page__title">Limits & Breaks</h2>
      {controls && (
        <ul className="controls-messages" aria-label="Your limits now">
          {controls.monthly_limit_cents !== null && <li>Your monthly limit is {dollars(controls.monthly_limit_cents)}.</li>}
          {controls.messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <form className="form settings-form" onSubmit={(e) => void saveLimit(e)} noValidate>
        <label className="field">
          <span>Monthly limit on draw purchases ($)</span>
          <input className="input" name="limit" type="number" min="0" step="0.01" inputMode="decimal" placeholder="No limit" />
        </label>
        <p className="club-muted">
          A lower limit applies at once; a higher one after a waiting time, and we tell you exactly when. The pro shop is not counted.
        </p>
        <button type="submit" className="btn btn--gold" disabled={busy}>
          Save limit
        </button>
      </form>
      {!controls?.pause && (
        <form className="form settings-form" onSubmit={(e) => void savePause(e)} noValidate>
          <label className="field">
            <span>Take a break or exclude yourself</span>
            <select className="input" name="length" defaultValue="">
              <option value="" disabled>
                Choose how long
              </option>
              {LENGTHS.map((l) => (
                <option key={l.value} value={l.value}>
                  {l.label}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>Your plan during it</span>
            <select className="input" name="billing" defaultValue="pause">
              <option value="pause">Pause billing (it stays paused until you resume it)</option>
              <option value="cancel">Cancel my plan at the end of the period</option>
            </select>
          </label>
          <p className="club-muted">It cannot be ended early. Entries you have paid for keep their place in draws.</p>
          <button type="submit" className="btn btn--gold" disabled={busy}>
            Start
          </button>
        </form>
      )}
      {error && <ErrorNote message={error} />}
    </div>
  );
}
