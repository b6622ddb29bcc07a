import { useState, type FocusEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { fetchClubhouse, sendRequest, type HandicapRecord } from './api';
import { fieldProblem, type FieldName } from './validation';
import { formatDob, formatSince } from './format';
import { useLoad } from '../../lib/use-load';
import { useAuth } from '../../lib/auth';
import { ErrorNote, Spinner } from '../../components/ui/feedback';
import { Head } from '../../components/ui/head';
import { useToast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import './clubhouse.css';

type Kind = 'request' | 'transfer';
const COPY: Record<Kind, { title: string; intro: string }> = {
  request: {
    title: 'Request a Handicap',
    intro: 'Apply for a new official golf handicap. Our staff check your details and record your Golf Link number.',
  },
  transfer: {
    title: 'Transfer your Handicap',
    intro: 'Move the handicap you hold at another club. We need that club and your Golf Link number there.',
  },
};

interface FieldSpec {
  readonly name: FieldName;
  readonly label: string;
  readonly placeholder?: string;
  readonly autoComplete?: string;
  readonly inputMode?: 'numeric' | 'tel' | 'text';
}

const PERSON: readonly FieldSpec[] = [
  { name: 'first_name', label: 'First name', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name', autoComplete: 'family-name' },
  { name: 'mobile', label: 'Mobile', placeholder: '0412 345 678', autoComplete: 'tel', inputMode: 'tel' },
  { name: 'dob', label: 'Date of birth (D/MM/YYYY)', placeholder: '4/05/1990', autoComplete: 'bday' },
  { name: 'address', label: 'Address', autoComplete: 'street-address' },
  { name: 'since', label: 'Playing golf since (MM/YYYY, optional)', placeholder: '03/2015', inputMode: 'numeric' },
];
const PREVIOUS: readonly FieldSpec[] = [
  { name: 'previous_golf_club', label: 'Previous golf club' },
  { name: 'previous_golf_link_number', label: 'Golf Link number at that club (10 digits)', placeholder: '1234567890', inputMode: 'numeric' },
];

function initialValues(record: HandicapRecord | null, names: { firstname?: string | null; lastname?: string | null }): Record<FieldName, string> {
  return {
    first_name: record?.first_name ?? names.firstname ?? '',
    last_name: record?.last_name ?? names.lastname ?? '',
    mobile: record?.mobile ?? '',
    dob: record ? formatDob(record.dob) : '',
    address: record?.address ?? '',
    since: record?.since ? formatSince(record.since) : '',
    previous_golf_club: record?.previous_golf_club ?? '',
    previous_golf_link_number: record?.previous_golf_link_number ?? '',
  };
}

/** `/dashboard/clubhouse/request` and `/transfer`: the Handicap record's fields, each checked as it is left. */
export function HandicapRequestPage({ kind }: { kind: Kind }) {
  const [state] = useLoad(fetchClubhouse, `clubhouse-${kind}`);
  return (
    <div className="clubhouse container">
      <Head title={COPY[kind].title} />
      <Link to={paths.clubhouse.getHref()} className="back-link">
        ← Back to Clubhouse
      </Link>
      <h1 className="clubhouse__title">{COPY[kind].title}</h1>
      <p className="club-muted">{COPY[kind].intro}</p>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <ErrorNote message={state.error} />}
      {state.status === 'loaded' && (
        <RequestForm
          kind={kind}
          record={state.data.handicap?.status === 'approved' ? null : state.data.handicap}
          blocked={blockedReason(state.data)}
        />
      )}
    </div>
  );
}

function blockedReason(data: { next_step: string }): string | null {
  if (data.next_step === 'upgrade') return 'An official handicap comes with a paying membership. Upgrade your membership to apply.';
  if (data.next_step === 'wait-for-review') return 'You already have a handicap request waiting for review.';
  if (data.next_step === 'submit-scores') return 'You already have an official handicap.';
  return null;
}

function RequestForm({ kind, record, blocked }: { kind: Kind; record: HandicapRecord | null; blocked: string | null }) {
  const { user } = useAuth();
  const notify = useToast();
  const navigate = useNavigate();
  const transfer = kind === 'transfer';
  const [values, setValues] = useState(() => initialValues(record, { firstname: user?.firstname ?? null, lastname: user?.lastname ?? null }));
  const [problems, setProblems] = useState<Partial<Record<FieldName, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = transfer ? [...PERSON, ...PREVIOUS] : PERSON;

  const check = (name: FieldName, value: string) =>
    setProblems((p) => ({ ...p, [name]: fieldProblem(name, value, transfer, new Date()) ?? undefined }));
  const onBlur = (e: FocusEvent<HTMLInputElement>) => check(e.target.name as FieldName, e.target.value);

  const send = async (event: FormEvent<HTMLFormElement>, draft: boolean) => {
    event.preventDefault();
    if (busy) return;
    const found = Object.fromEntries(fields.map((f) => [f.name, fieldProblem(f.name, values[f.name], transfer, new Date()) ?? undefined]));
    setProblems(found);
    if (!draft && Object.values(found).some(Boolean)) return setError('Check the fields marked in red.');
    setBusy(true);
    setError(null);
    const blank = (v: string) => (v.trim() ? v.trim() : null);
    const r = await sendRequest(kind, {
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      mobile: values.mobile.trim(),
      dob: values.dob.trim(),
      address: values.address.trim(),
      since: blank(values.since),
      previous_golf_club: transfer ? blank(values.previous_golf_club) : null,
      previous_golf_link_number: transfer ? blank(values.previous_golf_link_number) : null,
      ...(draft ? { draft: true } : {}),
    });
    setBusy(false);
    if (!r.ok) return setError(r.error);
    notify(
      'success',
      draft ? 'Your draft is saved.' : transfer ? 'Your transfer request is sent for review.' : 'Your handicap request is sent for review.',
    );
    if (!draft) navigate(paths.clubhouse.getHref());
  };

  if (blocked)
    return (
      <p className="club-next">
        {blocked} <Link to={paths.clubhouse.getHref()}>Back to Clubhouse</Link>
      </p>
    );
  return (
    <form className="form club-form" onSubmit={(e) => void send(e, false)} noValidate>
      {record?.status === 'rejected' && record.reject_reason && <p className="club-reason">Not approved: {record.reject_reason}</p>}
      {fields.map((f) => (
        <div key={f.name} className="field">
          <label htmlFor={`field-${f.name}`}>{f.label}</label>
          <input
            id={`field-${f.name}`}
            className={`input${problems[f.name] ? ' input--invalid' : ''}`}
            name={f.name}
            value={values[f.name]}
            placeholder={f.placeholder}
            autoComplete={f.autoComplete ?? 'off'}
            inputMode={f.inputMode}
            aria-invalid={problems[f.name] ? true : undefined}
            aria-describedby={problems[f.name] ? `${f.name}-problem` : undefined}
            onChange={(e) => {
              setValues((v) => ({ ...v, [f.name]: e.target.value }));
              if (problems[f.name]) check(f.name, e.target.value);
            }}
            onBlur={onBlur}
          />
          {problems[f.name] && (
            <small id={`${f.name}-problem`} className="field-problem">
              {problems[f.name]}
            </small>
          )}
        </div>
      ))}
      {error && <ErrorNote message={error} />}
      <div className="club-actions">
        <button type="submit" className="btn btn--gold" disabled={busy}>
          {busy ? 'Sending...' : transfer ? 'Send transfer for review' : 'Send request for review'}
        </button>
        <button type="button" className="btn btn--ghost" disabled={busy} onClick={(e) => void send(e as unknown as FormEvent<HTMLFormElement>, true)}>
          Save draft
        </button>
      </div>
    </form>
  );
}
