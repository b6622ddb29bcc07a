import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ResidenceFields } from '../../components/residence-fields';
import { downloadMyData, updateProfile, type ProfileChanges } from './api';
import { Head } from '../../components/ui/head';
import { ErrorNote } from '../../components/ui/feedback';
import { useToast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { session } from '../../lib/session';

export function ProfilePage() {
  const { user, reload } = useAuth();
  const notify = useToast();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [emailed, setEmailed] = useState<string | null>(null);
  if (!user) return null;

  const residence = user as { state?: string | null; dob?: string | null };

  /** Fetches the zip with the bearer token and saves it through a temporary link. */
  const download = async () => {
    if (downloading) return;
    setDownloading(true);
    setDownloadError(null);
    setEmailed(null);
    const result = await downloadMyData();
    setDownloading(false);
    if (!result.ok) return setDownloadError(result.error);
    if ('emailed' in result.data) return setEmailed(result.data.emailed);
    const url = URL.createObjectURL(result.data.blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = result.data.filename;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    setBusy(true);
    setError(null);
    const mobile = text('mobile');
    // Residence facts (issue 22): sent only when given; a change is a MemberProfileUpdated.
    const state = text('state') as NonNullable<ProfileChanges['state']> | '';
    const dob = text('dob');
    const result = await updateProfile({
      firstname: text('firstname'),
      lastname: text('lastname'),
      ...(mobile ? { mobile } : {}),
      ...(state ? { state } : {}),
      ...(dob ? { dob } : {}),
    });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    session.saveUser(result.data);
    reload();
    notify('success', 'Your profile has been updated.');
  };

  return (
    <div className="settings-page">
      <Head title="Profile" />
      <h2 className="settings-page__title">Profile</h2>
      <form className="form settings-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="form__row">
          <label className="field">
            <span>First name</span>
            <input className="input" name="firstname" defaultValue={user.firstname ?? ''} autoComplete="given-name" required />
          </label>
          <label className="field">
            <span>Last name</span>
            <input className="input" name="lastname" defaultValue={user.lastname ?? ''} autoComplete="family-name" required />
          </label>
        </div>
        <label className="field">
          <span>Email</span>
          <input
            className="input"
            name="email"
            type="email"
            value={user.email}
            readOnly
            aria-readonly="true"
            aria-describedby="email-how-to-change"
          />
          <small id="email-how-to-change" className="field__hint" data-testid="email-how-to-change">
            Only the club can change your email (it is how you sign in). To change it, ask us through{' '}
            <Link to={paths.supportCenter.getHref()}>Support</Link>.
          </small>
        </label>
        <label className="field">
          <span>Mobile</span>
          <input className="input" name="mobile" type="tel" autoComplete="tel" />
        </label>
        <ResidenceFields state={residence.state} dob={residence.dob} />
        {error && <ErrorNote message={error} />}
        <button type="submit" className="btn btn--gold" disabled={busy}>
          {busy ? 'Saving...' : 'Save changes'}
        </button>
      </form>
      <section className="settings-form" aria-labelledby="my-data-title">
        <h3 id="my-data-title" className="settings-page__title">
          Your data
        </h3>
        <p>One zip file with everything the club holds about you: your profile and its history, payments, entries, orders and more.</p>
        <p>When your file is large we prepare it and email you a link to it instead; the email says until when the link works.</p>
        <p className="field__hint" data-testid="correction-how-to-ask">
          Something in it wrong that you cannot change above (a payment, your entries, a handicap record)? Ask us to correct it through{' '}
          <Link to={paths.supportCenter.getHref()}>Support</Link>.
        </p>
        {downloadError && <ErrorNote message={downloadError} />}
        {emailed && <p role="status">{emailed}</p>}
        <button type="button" className="btn btn--gold" onClick={() => void download()} disabled={downloading}>
          {downloading ? 'Preparing...' : 'Download my data'}
        </button>
      </section>
    </div>
  );
}
