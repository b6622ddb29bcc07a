import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { DOB_IN_FUTURE, DOB_REQUIRED, EMAIL_PATTERN, STATE_REQUIRED, signUpSchema } from '@roar/contracts/members';
import { controlText } from '@roar/contracts/member-controls';
import { clubDay } from '@roar/contracts/time';
import { signUpAgeRefusal } from '../compliance/age-guard';
import { setLimit } from '../member-controls/routes';
import type { AppContext } from '../context';
import { issueSession, tooManyAttempts } from '../auth/member';
import { checkPassword } from '../auth/password-policy';
import { createCounter, memoryThrottleStore, type CounterLimit } from '../auth/throttle';
import { memberCommandContext, originOf } from '../kernel/context';
import type { MembersPorts } from '../kernel/ports';
import { loadTier } from './tiers';
import { signUpMember, type SignUpReferrals } from './signup-flow';

/** The contract's email pattern and sign-up body; referrals and teams import the pattern from here. */
export { EMAIL_PATTERN, signUpSchema };

export const EMAIL_TAKEN = 'An account with this email already exists.';
export const TOO_MANY_SIGN_UPS = 'Too many sign-up attempts from this connection. Try again later.';

/**
 * Failures only, per client address (issue 19): the answers "already exists", which is what a
 * prober collecting which emails have accounts gets. Successful sign-ups are not limited here
 * (reCAPTCHA stands in front of them): a club's wifi may sign up a whole clinic in an hour.
 */
export interface SignUpLimits {
  readonly takenPerAddress: CounterLimit;
}

export const DEFAULT_SIGN_UP_LIMITS: SignUpLimits = {
  takenPerAddress: { points: 10, windowSec: 60 * 60 },
};

function fail(res: Response, status: number, error: string): void {
  res.status(status).json({ error });
}

/**
 * Sign-up's residence facts (issue 22): state and date of birth are required for a paid plan and
 * optional for the free one; a date of birth must be a real day, not after today (the club's day).
 */
export function residenceRefusal(body: { state?: string; dob?: string }, paid: boolean, today: string): string | null {
  if (paid && !body.state) return STATE_REQUIRED;
  if (paid && !body.dob) return DOB_REQUIRED;
  if (body.dob) {
    const day = new Date(`${body.dob}T00:00:00Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== body.dob || body.dob < '1900-01-01') return DOB_REQUIRED;
    if (body.dob > today) return DOB_IN_FUTURE;
  }
  return null;
}

/** An unguessable share code: 16 url-safe characters (96 bits). */
export function newReferralCode(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * Issue 23: a limit chosen at sign-up refuses a first plan charge beyond it before anything is written
 * (a new member has spent nothing this month). The limit itself is recorded once the account exists.
 */
function signUpLimitRefusal(limitCents: number | undefined, priceCents: number): string | null {
  if (limitCents === undefined || priceCents <= limitCents) return null;
  return `${controlText.over(limitCents)} Choose the free plan, or a higher limit.`;
}

/**
 * POST /api/sign-up. Checks everything it can before writing (fields, reCAPTCHA, tier, referral
 * code), then runs the sign-up steps of signup-flow.ts, whose last write is the credentials: a
 * failure or a crash part-way leaves no account, and the same request again finishes it. A paid
 * plan answers its checkout URL as redirect_url, a free plan is active at once.
 */
export function signUpHandler(app: AppContext, ports: MembersPorts, referrals: SignUpReferrals, limits: SignUpLimits = DEFAULT_SIGN_UP_LIMITS) {
  const store = app.throttleStore ?? memoryThrottleStore();
  const takenPerAddress = createCounter(store, 'sign-up-taken', limits.takenPerAddress);
  return async (req: Request, res: Response): Promise<void> => {
    const parsed = signUpSchema.safeParse(req.body ?? {});
    if (!parsed.success) return fail(res, 400, parsed.error.issues[0]?.message ?? 'Something went wrong. Try again');
    const body = parsed.data;
    const address = req.ip ?? '';
    const wait = await takenPerAddress.wait(address);
    if (wait > 0) return tooManyAttempts(res, wait, { error: TOO_MANY_SIGN_UPS });
    const password = checkPassword(body.password, { email: body.email, names: [body.first_name, body.last_name] });
    if (!password.ok) return fail(res, 400, password.reason);
    const captcha = await ports.recaptcha.verify(body.recaptcha_token, req.ip);
    if (!captcha.ok) return fail(res, 400, 'Please confirm you are not a robot.');
    const tier = await loadTier(app.sql, body.membership_id);
    if (!tier || !tier.published) return fail(res, 400, 'Please choose a membership');
    const paid = !(tier.row.type === 'free' || tier.row.price_cents === 0);
    const residence = residenceRefusal(body, paid, clubDay(app.now()));
    if (residence) return fail(res, 400, residence);
    const minor = await signUpAgeRefusal(app, body.dob, paid);
    if (minor) return fail(res, 403, minor);
    // A referral code is checked before anything is written: a bad one fails the whole sign-up.
    const code = body.referral_code?.trim() ?? '';
    const referral = code ? await referrals.check(app, code) : null;
    if (referral && !referral.ok) return fail(res, 400, referral.error);
    const limitRefusal = signUpLimitRefusal(body.monthly_limit_cents, tier.snapshot.price_cents);
    if (limitRefusal) return fail(res, 400, limitRefusal);

    // One correlation id for every step, whichever member id the email leads to.
    const base = memberCommandContext('', req, app.now());
    const outcome = await signUpMember(
      app,
      ports,
      {
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        password: body.password,
        tier,
        referral: referral?.ok ? { referrerId: referral.referrerId, code } : null,
        origin: originOf(app),
        referralCode: newReferralCode(),
        state: body.state ?? null,
        dob: body.dob ?? null,
        marketingOptIn: body.marketing_opt_in === true,
      },
      (memberId) => ({ ...base, actor: { type: 'member', id: memberId } }),
      referrals,
    );
    if (!outcome.ok) {
      // Kept on purpose (docs/decisions/sign-up-email-taken.md); this throttle is what compensates.
      await takenPerAddress.hit(address);
      return fail(res, 409, EMAIL_TAKEN);
    }
    const { memberId, position, redirectUrl } = outcome;
    if (body.monthly_limit_cents !== undefined)
      await setLimit(app, memberId, body.monthly_limit_cents, app.now(), { ...base, actor: { type: 'member', id: memberId } });
    if (position) await app.projections.waitFor(position, app.config.PROJECTION_WAIT_MS);
    const session = await issueSession(app, memberId);
    res.status(201).json({ ...session, redirect_url: redirectUrl });
  };
}
