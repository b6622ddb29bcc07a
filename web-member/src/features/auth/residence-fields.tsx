import { AU_STATES } from '@roar/contracts/common';

/**
 * Sign-up's residence questions (issue 22): state or territory and date of birth, required by the
 * server for a paid plan (optional for the free one). Kept apart from the other sign-up fields.
 */
export function ResidenceFields() {
  return (
    <div className="form__row">
      <label className="field">
        <span>State or territory</span>
        <select className="input" name="state" defaultValue="">
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
        <input className="input" name="dob" type="date" autoComplete="bday" />
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
