import { z } from 'zod';
import { memberRequest } from './member-api';
import { session } from './session';
import type { User } from '../types/api';
import { UPGRADE_ERROR } from '@roar/contracts/errors';

export { UPGRADE_ERROR };

const planAnswer = z.object({
  status: z.string(),
  result: z.object({ redirect_url: z.string().min(1) }).nullable(),
  error: z.string().default(''),
});

/**
 * `POST /api/upgrade-plan` or `/api/single-entry` {membership_id} (the single-entry path when
 * the flag is set). Success gives the checkout URL; a 403 refusal gives its own sentence; anything else reads
 * 'Error upgrading membership'.
 */
export async function changePlan(
  membershipId: number,
  singleEntry = false,
): Promise<{ ok: true; redirectUrl: string } | { ok: false; error: string }> {
  const result = await memberRequest(singleEntry ? '/api/single-entry' : '/api/upgrade-plan', {
    method: 'POST',
    body: { membership_id: membershipId },
    schema: planAnswer,
    serverError: true,
  });
  // A refusal that names its reason (403: a spending limit, a break or self-exclusion, the entry age) is shown
  // word for word, so the member learns what is left or until when; anything else reads the spec's sentence.
  if (!result.ok) return { ok: false, error: result.status === 403 && result.error ? result.error : UPGRADE_ERROR };
  if (result.data.status !== 'ok' || !result.data.result) return { ok: false, error: UPGRADE_ERROR };
  return { ok: true, redirectUrl: result.data.result.redirect_url };
}

/** Goes to a URL the server gave: a full page load for another origin (the payment page). */
export function followRedirect(url: string, navigate: (to: string) => void): void {
  const target = new URL(url, window.location.origin);
  if (target.origin === window.location.origin && !target.pathname.startsWith('/pay/')) navigate(`${target.pathname}${target.search}`);
  else window.location.assign(target.toString());
}

/**
 * Spec section 4, upgrade: a plan chosen before signing in is kept in the browser store; once the
 * member is signed in it is applied (POST /api/upgrade-plan) and removed, so it applies once.
 * A plan equal to the current one is simply dropped. Returns the checkout URL to follow, if any.
 */
export async function applyStoredUpgradePlan(user: User): Promise<{ redirectUrl: string | null; error: string | null }> {
  const stored = Number(session.upgradePlanId());
  if (!session.upgradePlanId() || !Number.isInteger(stored)) {
    session.removeUpgradePlanId();
    return { redirectUrl: null, error: null };
  }
  session.removeUpgradePlanId();
  if (stored === user.membership_id) return { redirectUrl: null, error: null };
  const result = await changePlan(stored);
  return result.ok ? { redirectUrl: result.redirectUrl, error: null } : { redirectUrl: null, error: result.error };
}
