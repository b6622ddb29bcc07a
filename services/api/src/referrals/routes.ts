import { Router } from 'express';
import { inviteEmailBodySchema, referralDetailsBodySchema, type Referral, type ReferralDetailsAnswer } from '@roar/contracts/referrals';
import { normaliseEmail, referralInvitesStreamId } from '@roar/domain';
import { findMemberByEmail, getMember, listReferralsBy } from '@roar/projections';
import type { AppContext } from '../context';
import { bearerToken, memberOf, recordFact, requireMember, verifyMemberToken } from '../auth/member';
import { createLookupThrottle } from '../auth/lookup-throttle';
import { memberCommandContext } from '../kernel/context';
import { returnInvite, takeInvite } from './invite-limits';
import { checkReferralCode, INVALID_CODE, mayRefer, NOT_ELIGIBLE, shortName } from './referrer';

export const INVALID_EMAIL = 'Please enter a valid email';
export const TOO_MANY_INVITES = 'Too many invites. Please try again later.';

const detailsSchema = referralDetailsBodySchema;
const inviteSchema = inviteEmailBodySchema;

/** Referrals of contracts-4-5.md: code lookup, invite email, the member's list. */
export function createReferralsRouter(app: AppContext): Router {
  const router = Router();
  const member = requireMember(app);
  const lookups = createLookupThrottle(app, 'referral-code');

  router.post('/api/get-referral-details', async (req, res) => {
    if (await lookups.refuse(req, res)) return;
    const parsed = detailsSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      res.status(400).json({ error: INVALID_CODE });
      return;
    }
    // Public; a bearer, when sent and valid, lets the server spot self-referral.
    const token = bearerToken(req.get('authorization'));
    const caller = token ? await verifyMemberToken(app, token) : null;
    const check = await checkReferralCode(app.sql, parsed.data.refer_code, caller?.memberId ?? null, app.now());
    if (!check.ok) {
      await lookups.missed(req);
      res.json({ isValid: false, message: check.message, error: check.message } satisfies ReferralDetailsAnswer);
      return;
    }
    const firstname = check.referrer.firstname;
    res.json({
      isValid: true,
      message: `${firstname} invited you to ROAR+. Join with a paid membership and you both get bonus entries.`,
      error: null,
      referrer: { firstname },
    } satisfies ReferralDetailsAnswer);
  });

  router.post('/api/send-referee-email', member, async (req, res) => {
    const parsed = inviteSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      res.status(400).json({ error: INVALID_EMAIL });
      return;
    }
    const { memberId } = memberOf(res);
    const now = app.now();
    const [me, eligible] = await Promise.all([getMember(app.sql, memberId), mayRefer(app.sql, memberId, now)]);
    if (!me || !eligible) {
      res.status(403).json({ error: NOT_ELIGIBLE });
      return;
    }
    const email = normaliseEmail(parsed.data.email);
    if (email === normaliseEmail(me.email) || (await findMemberByEmail(app.sql, email))) {
      res.status(409).json({ error: 'This person is already a member.' });
      return;
    }
    const limit = { kind: 'referral' as const, memberId, email, at: now };
    if (!(await takeInvite(app.sql, limit))) {
      res.status(429).json({ error: TOO_MANY_INVITES });
      return;
    }
    // The invite is a fact; the member-emails reactor sends it. An invite not recorded gives its allowance back.
    const sent = { referrerId: memberId, email, sentAt: now.toISOString() };
    await recordFact(app, referralInvitesStreamId(memberId), 'ReferralInviteSent', sent, memberCommandContext(memberId, req, now)).catch(
      async (error: unknown) => {
        await returnInvite(app.sql, limit);
        throw error;
      },
    );
    res.json({ error: null });
  });

  router.get('/api/referrals', member, async (_req, res) => {
    const { memberId } = memberOf(res);
    const rows = await listReferralsBy(app.sql, memberId);
    res.json({
      data: rows.map((r): Referral => ({
        id: r.referee_id,
        referee_name: shortName(r.referee_firstname, r.referee_lastname),
        status: r.status,
        referrer_entries: r.referrer_entries,
        recorded_at: r.recorded_at,
        granted_at: r.granted_at,
      })),
    });
  });

  return router;
}
