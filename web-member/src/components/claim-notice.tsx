import { Link } from 'react-router-dom';
import { userDrawsAnswerSchema, type UserDraw } from '@roar/contracts/prizes';
import { claimCountdown } from '../lib/claim-countdown';
import { memberRequest } from '../lib/member-api';
import { useLoad } from '../lib/use-load';
import { paths } from '../config/paths';

async function winsToClaim() {
  const result = await memberRequest('/api/user-draws', { schema: userDrawsAnswerSchema });
  if (!result.ok) return { ok: true as const, data: [] as UserDraw[] };
  const now = Date.now();
  const open = result.data.data.filter((d) => d.won && !d.claimed && !d.claim_outcome && d.claim_by && !claimCountdown(d.claim_by, now).ended);
  return { ok: true as const, data: open };
}

/** Issue 22: a winner's notice on the dashboard, with the claim countdown and the way to the claim page. Nothing otherwise. */
export function ClaimNotice() {
  const [state] = useLoad(winsToClaim, 'claim-notice');
  if (state.status !== 'loaded' || state.data.length === 0) return null;
  return (
    <>
      {state.data.map((draw) => {
        const left = claimCountdown(draw.claim_by ?? '', Date.now());
        return (
          <section key={draw.prize.id} className="claim-notice" aria-label="Prize to claim" data-testid="claim-notice">
            <p>
              You won <strong>{draw.prize.title}</strong>! {left.ended ? '' : `${left.text} to claim.`}
            </p>
            <Link className="btn btn--gold" to={paths.claimPrize.getHref(draw.prize.slug)}>
              Claim your prize
            </Link>
          </section>
        );
      })}
    </>
  );
}
