import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Accordion } from '../../components/ui/accordion';
import { Spinner } from '../../components/ui/feedback';
import { useToast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import { referralBenefits } from '../../lib/referral-benefits';
import { sendRefereeEmail } from './api';
import { COPIED_MS, initialInviteState, inviteReducer, SENT_RESET_MS } from './invite-state';
import { referralModalView } from './modal-view';
import { YourReferrals } from './your-referrals';
import { trackClick } from '../../lib/analytics';
import { refreshCurrentUser } from '../../lib/current-user';
import { useMemberships } from '../../lib/memberships';
import { session } from '../../lib/session';
import type { Membership } from '../../types/api';
import './referrals.css';

/**
 * The referral modal of spec sections 4, 5 and 8: it loads the member afresh, then shows the
 * can-refer view (share link, invite by email, the member's own referrals, benefits) or the
 * not-eligible view.
 * The header and the home page's referral cards open it through the slot of lib/referral-dialog.tsx,
 * which the app fills with this component (app/provider.tsx): no other feature imports it.
 */
export function ReferralDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const catalogue = useMemberships();
  const [fresh, setFresh] = useState<'loading' | 'done'>('loading');
  useEffect(() => {
    dialog.current?.showModal();
    let live = true;
    // A failed read falls back to the stored user: eligibility is re-checked by the server anyway.
    void refreshCurrentUser().then(() => live && setFresh('done'));
    return () => {
      live = false;
    };
  }, []);

  const memberships = catalogue.status === 'loaded' ? catalogue.memberships : [];
  const view = referralModalView({
    loading: fresh === 'loading' || catalogue.status === 'loading',
    user: session.user(),
    memberships,
    now: new Date(),
  });
  const close = () => dialog.current?.close();

  return (
    <dialog ref={dialog} className="dialog referral-modal" aria-labelledby="referral-title" onClose={onClose}>
      {view.kind === 'loading' && (
        <>
          <h2 id="referral-title" className="referral-modal__sr">
            Refer Friends
          </h2>
          <Spinner />
        </>
      )}
      {view.kind === 'can-refer' && <CanRefer code={view.code} memberships={memberships} />}
      {view.kind === 'not-eligible' && <NotEligible onClose={close} />}
      <button type="button" className="referral-modal__x" aria-label="Close" onClick={close}>
        ×
      </button>
    </dialog>
  );
}

function CanRefer({ code, memberships }: { code: string; memberships: readonly Membership[] }) {
  const notify = useToast();
  const link = `${window.location.origin}${paths.refer.getHref(code)}`;
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const [email, setEmail] = useState('');
  const [invite, dispatch] = useReducer(inviteReducer, initialInviteState);
  const benefits = referralBenefits(memberships);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  useEffect(() => {
    if (invite.status !== 'sent') return;
    const timer = window.setTimeout(() => dispatch({ type: 'sent-expired' }), SENT_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [invite.status]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // Without clipboard permission, select the link so the member can copy it themselves.
      input.current?.select();
      setCopied(document.execCommand?.('copy') ?? false);
    }
  };

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (invite.status === 'loading') return;
    const next = inviteReducer(invite, { type: 'submit', email });
    dispatch({ type: 'submit', email });
    if (next.status !== 'loading') return;
    const result = await sendRefereeEmail(email);
    if (result.ok) {
      dispatch({ type: 'succeeded' });
      notify('refer', `Invite sent to ${email.trim()}`);
    } else dispatch({ type: 'failed', error: result.error });
  };

  return (
    <>
      <h2 id="referral-title">Refer Friends</h2>
      <p>Earn extra entries for every successful signup using your link. Conditions Apply</p>
      <div className="dialog__row">
        <input ref={input} className="input" readOnly value={link} aria-label="Your referral link" onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="btn btn--gold" onClick={() => void copy()}>
          {copied ? 'Copied!' : 'Copy link'}
        </button>
      </div>
      <form className="referral-modal__invite" onSubmit={(e) => void send(e)} noValidate>
        <label className="field">
          <span>Invite a friend by email</span>
          <div className="dialog__row">
            <input
              className="input"
              type="email"
              name="email"
              required
              value={email}
              aria-invalid={invite.status === 'error'}
              aria-describedby={invite.status === 'error' ? 'referral-invite-error' : undefined}
              onChange={(e) => {
                setEmail(e.target.value);
                dispatch({ type: 'edit' });
              }}
            />
            <button type="submit" className="btn btn--primary" aria-disabled={invite.status === 'loading'}>
              {invite.status === 'loading' ? 'Sending...' : invite.status === 'sent' ? 'Sent' : 'Send'}
            </button>
          </div>
        </label>
        {invite.status === 'error' && (
          <p id="referral-invite-error" className="error-note referral-modal__error" role="alert">
            {invite.error}
          </p>
        )}
      </form>
      <YourReferrals />
      <Accordion title="Referral benefits" defaultOpen>
        {benefits.length === 0 ? (
          <p>No Results</p>
        ) : (
          <ul className="referral-modal__benefits">
            {benefits.map((b) => (
              <li key={b.membershipId}>
                <strong>{b.tier}</strong>
                <span>
                  You get {b.referrerEntries} bonus entries, your friend gets {b.refereeEntries}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Accordion>
    </>
  );
}

function NotEligible({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <div className="referral-modal__not-eligible">
      <h2 id="referral-title">Sorry, you need to be on an active membership to "Refer a friend"</h2>
      <p>Please upgrade your membership.</p>
      <div className="dialog__row">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          No! i don't want
        </button>
        <button
          type="button"
          className="btn btn--gold"
          onClick={() => {
            trackClick('Upgrade', 'referral-modal');
            onClose();
            void navigate(paths.membership.getHref());
          }}
        >
          Yes! Upgrade
        </button>
      </div>
    </div>
  );
}
