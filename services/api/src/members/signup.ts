import { randomBytes, randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { emailReservationDecider, emailReservationStreamId, memberDecider, memberStreamId, normaliseEmail, causationKeys, INT4_MAX } from '@roar/domain';
import { handleCommand, WrongExpectedRevisionError } from '@roar/platform';
import type { AppContext } from '../context';
import { createCredentials, EmailTakenError, issueSession } from '../auth/member';
import { memberCommandContext, originOf } from './context';
import { startCheckout } from './checkout';
import type { MembersPorts } from './ports';
import { grantEntries } from './ledger';
import { loadTier } from './tiers';
import { recordReferral } from '../referrals/bonus';
import { checkReferralCode, INVALID_CODE } from '../referrals/referrer';

/** The spec's email pattern (section 5). */
export const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

export const signUpSchema = z
  .object({
    first_name: z.string().trim().min(1, 'Please enter your first name').max(80),
    last_name: z.string().trim().min(1, 'Please enter your last name').max(80),
    email: z.string().trim().max(254).regex(EMAIL_PATTERN, 'Please enter a valid email'),
    password: z.string().min(8, 'Passwords need at least 8 characters.').max(200),
    membership_id: z.coerce.number().int().positive('Please choose a membership').max(INT4_MAX, 'Please choose a membership'),
    recaptcha_token: z.string().max(4000).optional(),
    referral_code: z.string().max(100).optional(),
  })
  .strict();

function fail(res: Response, status: number, error: string): void {
  res.status(status).json({ error });
}

/** An unguessable share code: 16 url-safe characters (96 bits). */
export function newReferralCode(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * POST /api/sign-up. Order matters for "no half-applied change": the email reservation stream
 * (expected no_stream) decides uniqueness under concurrent sign-ups before anything else is
 * written; credentials and the member stream follow; a paid plan then opens a checkout and
 * answers its URL as redirect_url, a free plan is active at once.
 */
export function signUpHandler(app: AppContext, ports: MembersPorts) {
  return async (req: Request, res: Response): Promise<void> => {
    const parsed = signUpSchema.safeParse(req.body ?? {});
    if (!parsed.success) return fail(res, 400, parsed.error.issues[0]?.message ?? 'Something went wrong. Try again');
    const body = parsed.data;
    const captcha = await ports.recaptcha.verify(body.recaptcha_token, req.ip);
    if (!captcha.ok) return fail(res, 400, 'Please confirm you are not a robot.');
    const tier = await loadTier(app.sql, body.membership_id);
    if (!tier || !tier.published) return fail(res, 400, 'Please choose a membership');
    // A referral code is checked before anything is written: a bad one fails the whole sign-up.
    const code = body.referral_code?.trim() ?? '';
    const referral = code ? await checkReferralCode(app.sql, code, null, app.now()) : null;
    if (referral && !referral.ok) return fail(res, 400, INVALID_CODE);

    const email = normaliseEmail(body.email);
    const memberId = randomUUID();
    const now = app.now();
    const ctx = memberCommandContext(memberId, req, now);
    try {
      await handleCommand(app.store, app.registry, emailReservationStreamId(email), emailReservationDecider, { type: 'ReserveEmail', email, memberId }, ctx, { mustBeNew: true });
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return fail(res, 409, 'An account with this email already exists.');
      throw error;
    }
    try {
      await createCredentials(app.sql, { memberId, email, password: body.password });
    } catch (error) {
      if (error instanceof EmailTakenError) return fail(res, 409, 'An account with this email already exists.');
      throw error;
    }
    const free = tier.row.type === 'free' || tier.row.price_cents === 0;
    const registered = await handleCommand(app.store, app.registry, memberStreamId(memberId), memberDecider, {
      type: 'RegisterMember',
      memberId,
      email,
      firstname: body.first_name,
      lastname: body.last_name,
      referralCode: newReferralCode(),
      chosenTier: free ? tier.snapshot : null,
      at: now.toISOString(),
    }, ctx, { mustBeNew: true });
    let position = registered.appended?.position ?? null;
    if (referral?.ok) position = (await recordReferral(app, ctx, memberId, referral.referrer.id, code))?.position ?? position;
    if (free) {
      const granted = await grantEntries(app, ctx, {
        memberId, source: 'initial', count: tier.snapshot.initial_tickets, causationKey: causationKeys.freeJoin(memberId), membershipId: tier.snapshot.membershipId, tierCode: tier.snapshot.code,
      });
      position = granted?.position ?? position;
    }
    let redirectUrl = '/dashboard';
    if (!free) {
      const checkout = await startCheckout(app, ports, {
        memberId, email, tier: tier.snapshot, tierPublished: tier.published, purpose: tier.row.type === 'single-entry' ? 'single-entry' : 'join', origin: originOf(app), priceId: tier.row.stripe_id,
      }, ctx);
      redirectUrl = checkout.url;
    }
    if (position) await app.projections.waitFor(position, app.config.PROJECTION_WAIT_MS);
    const session = await issueSession(app, memberId);
    res.status(201).json({ ...session, redirect_url: redirectUrl });
  };
}
