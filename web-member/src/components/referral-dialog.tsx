import { useEffect, useRef, useState } from 'react';
import { paths } from '../config/paths';

/**
 * A first cut of the referral modal: the member's share link with a copy button ('Copied!' for
 * 1.5 s). Invitations by email and the eligibility check arrive with the referral feature.
 */
export function ReferralDialog({ referralCode, onClose }: { referralCode: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [copied, setCopied] = useState(false);
  const link = `${window.location.origin}${paths.refer.getHref(referralCode)}`;
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 1500);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = () => {
    void navigator.clipboard?.writeText(link).then(() => setCopied(true), () => setCopied(false));
  };
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="referral-title" onClose={onClose}>
      <h2 id="referral-title">Refer Friends</h2>
      <p>Earn extra entries for every successful signup using your link. Conditions Apply</p>
      <div className="dialog__row">
        <input className="input" readOnly value={link} aria-label="Your referral link" />
        <button type="button" className="btn btn--gold" onClick={copy}>
          {copied ? 'Copied!' : 'Copy link'}
        </button>
      </div>
      <button type="button" className="btn btn--ghost dialog__close" onClick={() => dialog.current?.close()}>
        Close
      </button>
    </dialog>
  );
}
