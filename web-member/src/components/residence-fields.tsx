import { AU_STATES } from '@roar/contracts/common';

/**
 * The residence questions (issue 22): state or territory and date of birth, asked at sign-up (the
 * server requires them for a paid plan), on the dashboard prompt and in the profile, one form each.
 */
export function ResidenceFields({ state = null, dob = null }: { state?: string | null; dob?: string | null }) {
  return (
    <div className="form__row">
      <label className="field">
        <span>State or territory</span>
        <select className="input" name="state" defaultValue={state ?? ''}>
          <option value="">Select...</option>
          {AU_STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Date of birth</span>
        <input className="input" name="dob" type="date" autoComplete="bday" defaultValue={dob ?? ''} />
      </label>
    </div>
  );
}

/** The residence answers for the sign-up body: only those given. */
export function residenceAnswers(form: FormData): { state?: string; dob?: string } {
  const state = String(form.get('state') ?? '').trim();
  const dob = String(form.get('dob') ?? '').trim();
  return { ...(state ? { state } : {}), ...(dob ? { dob } : {}) };
}
