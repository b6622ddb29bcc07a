import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { afterSignIn, signIn, signInNotice } from '../auth/sign-in';
import { confirmEnrolment, SecondStepRequired, startEnrolment, type Confirmed, type Enrolment, type SecondStep } from '../auth/twoFactor';
import { session } from '../auth/session';
import './sign-in.css';

/**
 * The staff sign-in page, on its own: plain React and one stylesheet, no react-admin and no MUI, so
 * it paints before the console's code has loaded (the console is fetched only after signing in).
 * Email and password, then the second factor or its enrolment and the recovery codes.
 */
export function SignInPage({ next }: { next: string | null }) {
  const [step, setStep] = useState<SecondStep | null>(null);
  const [enrolled, setEnrolled] = useState<Confirmed | null>(null);
  // Read after the first render: the page drawn at build time has no notice, and hydration must draw the same.
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    const left = signInNotice.take();
    if (left) setNotice(left);
  }, []);
  const open = () => window.location.replace(afterSignIn(next));
  return (
    <main className="sign-in">
      <section className="sign-in__card" aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">ROAR+ staff sign-in</h1>
        {notice && !step && !enrolled ? <p className="sign-in__notice">{notice}</p> : null}
        {enrolled ? (
          <RecoveryCodes done={enrolled} onContinue={open} />
        ) : step?.two_factor === 'enrol' ? (
          <EnrolStep step={step} onEnrolled={setEnrolled} onBack={() => setStep(null)} />
        ) : step ? (
          <VerifyStep step={step} onSignedIn={open} onBack={() => setStep(null)} />
        ) : (
          <PasswordStep onSecondStep={setStep} onSignedIn={open} />
        )}
      </section>
    </main>
  );
}

function Field(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  autoComplete?: string;
  numeric?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { value, onChange } = props;
  // The page is drawn before its script runs (entry-server.tsx): what was typed (or filled in by a
  // password manager) before hydration is in the field, not in the state, until it is taken over here.
  useEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== value) onChange(typed);
    // Once, after the first render: later the field and the state change together.
  }, []);
  return (
    <div className="sign-in__field">
      <label htmlFor={id}>{props.label}</label>
      <input
        ref={input}
        id={id}
        type={props.type ?? 'text'}
        required
        autoComplete={props.autoComplete}
        value={props.value}
        disabled={props.disabled}
        autoFocus={props.autoFocus}
        {...(props.numeric ? { inputMode: 'numeric' as const, pattern: '[0-9]{6}', maxLength: 6 } : {})}
        onChange={(e) => props.onChange(props.numeric ? e.target.value.replace(/\D/g, '') : e.target.value)}
      />
    </div>
  );
}

function Submit({ busy, disabled, children }: { busy: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="sign-in__primary" disabled={busy || disabled} aria-busy={busy}>
      {children}
    </button>
  );
}

function Failure({ message }: { message: string | null }) {
  return message ? (
    <p className="sign-in__error" role="alert">
      {message}
    </p>
  ) : null;
}

/** Runs a form's action once at a time and keeps its failure in words. */
function useAction() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (event: FormEvent, action: () => Promise<void>, fallback: string) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : fallback);
      setBusy(false);
    }
  };
  return { busy, failure, run };
}

function PasswordStep({ onSecondStep, onSignedIn }: { onSecondStep: (step: SecondStep) => void; onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, failure, run } = useAction();
  const submit = (event: FormEvent) =>
    run(
      event,
      async () => {
        try {
          await signIn({ email, password });
          onSignedIn();
        } catch (error) {
          if (error instanceof SecondStepRequired) onSecondStep(error.step);
          else throw error;
        }
      },
      'Sign-in failed. Try again.',
    );
  return (
    <form className="sign-in__form" onSubmit={(e) => void submit(e)}>
      <Field label="Email" type="email" autoComplete="username" value={email} onChange={setEmail} />
      <Field label="Password" type="password" autoComplete="current-password" value={password} onChange={setPassword} />
      <Failure message={failure} />
      <Submit busy={busy}>Sign in</Submit>
    </form>
  );
}

/** The six digits of the authenticator app, or (for a lost phone) a one-time recovery code. */
function VerifyStep({ step, onSignedIn, onBack }: { step: SecondStep; onSignedIn: () => void; onBack: () => void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const { busy, failure, run } = useAction();
  const submit = (event: FormEvent) =>
    run(
      event,
      async () => {
        await signIn(useRecovery ? { challenge: step.challenge, recovery_code: value.trim() } : { challenge: step.challenge, code: value.trim() });
        onSignedIn();
      },
      'Sign-in failed. Try again.',
    );
  return (
    <form className="sign-in__form" onSubmit={(e) => void submit(e)}>
      <h2>Two-factor sign-in</h2>
      <p className="sign-in__hint">
        {useRecovery
          ? 'Type one of the recovery codes you saved when you set up two-factor sign-in. Each works once.'
          : `Open your authenticator app and type the six-digit code for ${step.user.email}.`}
      </p>
      {useRecovery ? (
        <Field key="recovery" label="Recovery code" autoComplete="off" value={value} onChange={setValue} autoFocus />
      ) : (
        <Field key="code" label="Authentication code" autoComplete="one-time-code" numeric value={value} onChange={setValue} autoFocus />
      )}
      <Failure message={failure} />
      <Submit busy={busy}>Verify</Submit>
      <div className="sign-in__links">
        <button
          type="button"
          className="sign-in__link"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setValue('');
          }}
        >
          {useRecovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </button>
        <button type="button" className="sign-in__link" onClick={onBack}>
          Start again
        </button>
      </div>
    </form>
  );
}

/**
 * First sign-in of a role that requires a second factor: the QR code to scan (and the key to type
 * where a camera is missing), then the first code, which confirms it. Nothing else opens before.
 */
function EnrolStep({ step, onEnrolled, onBack }: { step: SecondStep; onEnrolled: (done: Confirmed) => void; onBack: () => void }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const { busy, failure, run } = useAction();
  useEffect(() => {
    let live = true;
    startEnrolment(step.challenge).then(
      (e) => live && setEnrolment(e),
      (error: unknown) => live && setFailed(error instanceof Error ? error.message : 'Two-factor set-up could not start.'),
    );
    return () => {
      live = false;
    };
  }, [step.challenge]);
  if (failed) {
    return (
      <div className="sign-in__form">
        <Failure message={failed} />
        <button type="button" className="sign-in__secondary" onClick={onBack}>
          Sign in again
        </button>
      </div>
    );
  }
  const submit = (event: FormEvent) =>
    run(event, async () => onEnrolled(await confirmEnrolment(step.challenge, code.trim())), 'That code is not right.');
  return (
    <form className="sign-in__form" onSubmit={(e) => void submit(e)}>
      <h2>Set up two-factor sign-in</h2>
      <p className="sign-in__hint">
        Staff with your role sign in with a code from an authenticator app as well as the password. Scan this QR code with the app (Google
        Authenticator, Microsoft Authenticator, 1Password), then type the six-digit code it shows.
      </p>
      {enrolment ? (
        <>
          <img className="sign-in__qr" src={enrolment.qr} alt="QR code to scan with your authenticator app" width={200} height={200} />
          <p className="sign-in__hint">
            Cannot scan it? Type this key into the app:{' '}
            <code className="sign-in__key" aria-label="Set-up key">
              {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
            </code>
          </p>
        </>
      ) : (
        <p className="sign-in__hint" role="status">
          Preparing the QR code…
        </p>
      )}
      <Field label="Authentication code" autoComplete="one-time-code" numeric value={code} onChange={setCode} disabled={!enrolment} />
      <Failure message={failure} />
      <Submit busy={busy} disabled={!enrolment}>
        Confirm
      </Submit>
    </form>
  );
}

/** The ten recovery codes, shown once, before the console opens. */
function RecoveryCodes({ done, onContinue }: { done: Confirmed; onContinue: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="sign-in__form">
      <h2>Save your recovery codes</h2>
      <p className="sign-in__success" role="status">
        Two-factor sign-in is set up.
      </p>
      <p className="sign-in__hint">
        If you lose your phone, each of these codes signs you in once. Keep them somewhere safe, away from your phone: they are not shown again.
      </p>
      <ul className="sign-in__codes" aria-label="Recovery codes">
        {done.recovery_codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <button
        type="button"
        className="sign-in__secondary"
        onClick={() => {
          void navigator.clipboard?.writeText(done.recovery_codes.join('\n')).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {copied ? 'Copied' : 'Copy the codes'}
      </button>
      <button
        type="button"
        className="sign-in__primary"
        onClick={() => {
          // The enrolment at sign-in answers the session with the codes; without one, sign in again.
          if (done.token) session.save(done.token, done.user);
          onContinue();
        }}
      >
        Continue to the console
      </button>
    </div>
  );
}
