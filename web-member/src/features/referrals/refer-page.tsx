import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { getReferralDetails, type ReferralDetails } from './api';
import { Head } from '../../components/ui/head';
import { ErrorNote, Spinner } from '../../components/ui/feedback';
import { paths } from '../../config/paths';
import { trackClick } from '../../lib/analytics';
import { referralCode } from '../../lib/referral-code';
import './referrals.css';

/**
 * `/refer/{code}` (spec sections 2 and 5): checks the code, then offers Join Now. The code is
 * kept in the browser so the sign-up it leads to carries it (then removes it).
 */
export function ReferPage() {
  const code = useParams()['*'] ?? '';
  const navigate = useNavigate();
  const [details, setDetails] = useState<ReferralDetails | null>(null);

  useEffect(() => {
    let live = true;
    setDetails(null);
    void getReferralDetails(code).then((answer) => {
      if (!live) return;
      if (answer.isValid) referralCode.save(code);
      setDetails(answer);
    });
    return () => {
      live = false;
    };
  }, [code]);

  const join = () => {
    referralCode.save(code);
    trackClick('Join Now', 'banner-box');
    void navigate(paths.membership.getHref());
  };

  return (
    <section className="landing-card refer-card" aria-labelledby="refer-title">
      <Head title="Refer" />
      <h1 id="refer-title" className="landing-card__title">
        You're invited to ROAR+
      </h1>
      {details === null && <Spinner />}
      {details?.isValid === true && (
        <>
          <p className="refer-card__message">{details.message}</p>
          <button type="button" className="btn btn--gold btn--block" onClick={join}>
            Join Now
          </button>
        </>
      )}
      {details?.isValid === false && (
        <>
          <ErrorNote message={details.message} />
          <p className="landing-card__links">
            <Link to={paths.membership.getHref()}>See memberships</Link>
          </p>
        </>
      )}
    </section>
  );
}
