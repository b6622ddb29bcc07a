import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { DRAWS_ERROR, ENTRIES_ERROR, PROFILE_UPDATE_ERROR, SOMETHING_WENT_WRONG, UPGRADE_ERROR } from '@roar/contracts/errors';
import { membershipChoiceSchema, profileUpdateSchema } from '@roar/contracts/members';
import { isoDate, memberDecider, memberStreamId, trackedEventStreamId } from '@roar/domain';
import { DomainError, EventStoreUnavailableError, WrongExpectedRevisionError } from '@roar/platform';
import { getEntryTotal, getMember, lastCard, listEntryGrants } from '@roar/projections';
import { TRACKED_EVENT_NAMES } from '@roar/workers';
import type { AppContext } from '../context';
import { memberOf, recordFact, requireMember } from '../auth/member';
import { executeCommand, sendCommandResult, type ExecutedCommand } from '../http/commands';
import { storableJson } from '../http/storable';
import { memberCommandContext, originOf, systemCommandContext } from '../kernel/context';
import { startCheckout } from './checkout';
import { purchaseAgeRefusal } from '../compliance/age-guard';
import { cancelMembership, cancelPreview } from './cancel';
import { entryStatement } from './entry-statement';
import { currentUser } from './current-user';
import type { MembersPorts } from '../kernel/ports';
import { signUpHandler } from './signup';
import type { SignUpReferrals } from './signup-flow';
import { loadTier } from './tiers';
import { DrawPurchaseRefused } from '../member-controls/guard';

export const membershipChoice = membershipChoiceSchema;
/** The projectors currentUser() reads (read.members, read.payments, read.single_entries, read.team_members, the clubhouse's handicap). */
const CURRENT_USER_READ_MODELS = ['members', 'payments', 'single_entries', 'teams', 'clubhouse'] as const;

/** The contract's profile change, with the date of birth held to a real calendar day. */
export const profileSchema = profileUpdateSchema.extend({ dob: isoDate().nullable().optional() });
export const trackSchema = z
  .object({
    target: z.literal('facebook'),
    url: z.url().max(2000),
    event_id: z.string().min(1).max(200),
    event_name: z.enum(TRACKED_EVENT_NAMES),
    data: z
      .object({ fbp: z.string().max(500).optional(), test_event_code: z.string().max(100).optional() })
      .catchall(z.unknown())
      .default({}),
  })
  .strict();

/** Errors the member should read as the spec words them; anything unexpected still goes to the error middleware. */
function businessError(error: unknown): boolean {
  return error instanceof DomainError || error instanceof EventStoreUnavailableError;
}

/**
 * The member API of spec section 7 (`/api/*`, bearer JWT). The payment webhook, the return from
 * checkout and the local provider's /pay page are the payments router's (payments/routes.ts).
 */
export function createMembersRouter(app: AppContext, ports: MembersPorts, referrals: SignUpReferrals): Router {
  const router = Router();
  router.use(storableJson({ limit: '64kb' }));

  router.post('/api/sign-up', signUpHandler(app, ports, referrals));

  const member = requireMember(app);

  router.get('/api/current-user', member, async (_req, res) => {
    const me = await currentUser(app.sql, memberOf(res).memberId, app.now());
    if (!me) {
      res.status(404).json({ errors: [{ message: 'Not found.' }] });
      return;
    }
    res.json(me);
  });

  router.patch('/api/update-user', member, async (req, res) => {
    const parsed = profileSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      res.status(400).json({ error: PROFILE_UPDATE_ERROR, details: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) });
      return;
    }
    const { memberId } = memberOf(res);
    const b = parsed.data;
    const changes = Object.fromEntries(
      Object.entries({
        firstname: b.firstname ?? b.first_name,
        lastname: b.lastname ?? b.last_name,
        mobile: b.mobile,
        dob: b.dob,
        address: b.address,
        state: b.state,
      }).filter(([, v]) => v !== undefined),
    );
    let result: ExecutedCommand<unknown>;
    try {
      result = await executeCommand(
        app,
        memberStreamId(memberId),
        memberDecider,
        { type: 'UpdateMemberProfile', memberId, changes },
        memberCommandContext(memberId, req, app.now()),
        {
          readModels: CURRENT_USER_READ_MODELS,
        },
      );
    } catch (error) {
      if (!businessError(error)) throw error;
      res.status(error instanceof EventStoreUnavailableError ? 503 : 400).json({ error: PROFILE_UPDATE_ERROR });
      return;
    }
    const me = await currentUser(app.sql, memberId, app.now());
    // The profile is read back from the read model: when the wait for it ran out, that may still be
    // the profile before this change, so the answer says so (202 and X-Pending-Position, as every
    // command route: docs/decisions/read-your-writes.md) instead of a 200 that passes it off as saved.
    sendCommandResult(res, result, 200, { user: me?.user ?? null });
  });

  const planChange = (purpose: 'upgrade' | 'single-entry') => async (req: Request, res: Response) => {
    const failed = (status: number) => res.status(status).json({ status: 'error', result: null, error: UPGRADE_ERROR });
    const parsed = membershipChoice.safeParse(req.body ?? {});
    if (!parsed.success) return failed(400);
    const { memberId } = memberOf(res);
    const [me, tier] = await Promise.all([getMember(app.sql, memberId), loadTier(app.sql, parsed.data.membership_id)]);
    if (!me || !tier) return failed(400);
    if (purpose === 'single-entry' && tier.row.type !== 'single-entry') return failed(400);
    if (purpose === 'upgrade' && tier.row.type === 'single-entry') return failed(400);
    // Issue 22: a member under the minimum age is refused before any payment page opens.
    const minor = await purchaseAgeRefusal(app, memberId);
    if (minor) return res.status(403).json({ status: 'error', result: null, error: minor });
    try {
      const started = await startCheckout(
        app,
        ports,
        {
          memberId,
          email: me.email,
          tier: tier.snapshot,
          tierPublished: tier.published,
          purpose,
          origin: originOf(app),
          priceId: tier.row.stripe_id,
        },
        memberCommandContext(memberId, req, app.now()),
      );
      res.json({ status: 'ok', result: { redirect_url: started.url, checkout_id: started.checkoutId }, error: '' });
    } catch (error) {
      if (error instanceof DrawPurchaseRefused) return res.status(403).json({ status: 'error', result: null, error: error.message });
      if (!businessError(error)) throw error;
      app.logger.info({ err: error, memberId, purpose }, 'plan change refused');
      return failed(error instanceof EventStoreUnavailableError ? 503 : 403);
    }
  };
  router.post('/api/upgrade-plan', member, planChange('upgrade'));
  router.post('/api/single-entry', member, planChange('single-entry'));

  router.post('/api/cancel-membership', member, async (req, res) => {
    const { memberId } = memberOf(res);
    try {
      const result = await cancelMembership(app, ports, memberId, memberCommandContext(memberId, req, app.now()));
      res.json({ status: 'ok', result, error: '' });
    } catch (error) {
      if (!businessError(error)) throw error;
      res
        .status(error instanceof EventStoreUnavailableError ? 503 : 403)
        .json({ status: 'error', result: null, error: error instanceof Error ? error.message : SOMETHING_WENT_WRONG });
    }
  });

  router.get('/api/cancel-preview', member, async (_req, res) => {
    const { memberId } = memberOf(res);
    try {
      const preview = await cancelPreview(app, memberId);
      res.json({ data: { ends_at: preview.notice.endsAt, text: preview.text } });
    } catch (error) {
      if (!businessError(error)) throw error;
      res
        .status(error instanceof EventStoreUnavailableError ? 503 : 403)
        .json({ error: error instanceof Error ? error.message : SOMETHING_WENT_WRONG });
    }
  });

  router.get('/api/entry-statement', member, async (_req, res) => {
    const { memberId } = memberOf(res);
    try {
      res.json({ data: await entryStatement(app, memberId) });
    } catch (err) {
      app.logger.error({ err, memberId }, 'entry statement failed');
      res.status(503).json({ error: ENTRIES_ERROR });
    }
  });

  router.get('/api/user-tickets', member, async (_req, res) => {
    const { memberId } = memberOf(res);
    try {
      const [total, grants] = await Promise.all([getEntryTotal(app.sql, memberId), listEntryGrants(app.sql, memberId)]);
      res.json({ data: { total: total.total, granted: total.granted, revoked: total.revoked, grants } });
    } catch (err) {
      app.logger.error({ err, memberId }, 'user tickets failed');
      res.status(503).json({ error: ENTRIES_ERROR });
    }
  });

  router.get('/api/user-pay-method', member, async (_req, res) => {
    const { memberId } = memberOf(res);
    try {
      const card =
        (await lastCard(app.sql, memberId)) ??
        (await getMember(app.sql, memberId).then((m) => (m?.subscription_id ? ports.payments.paymentMethod(m.subscription_id) : null)));
      res.json({ last4: card?.last4 ?? '', brand: card?.brand ?? '', error: '' });
    } catch (err) {
      app.logger.error({ err, memberId }, 'pay method failed');
      res.status(503).json({ last4: '', brand: '', error: DRAWS_ERROR });
    }
  });

  router.post('/api/track-event', async (req, res) => {
    const parsed = trackSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      res.status(400).json({ errors: parsed.error.issues.map((i) => ({ message: `${i.path.join('.') || 'body'}: ${i.message}` })) });
      return;
    }
    const t = parsed.data;
    const fbp = typeof t.data.fbp === 'string' ? t.data.fbp : undefined;
    const testEventCode = typeof t.data.test_event_code === 'string' ? t.data.test_event_code : undefined;
    const { fbp: _fbp, test_event_code: _code, ...customData } = t.data;
    // The browser event is a fact (one stream per pixel event id: a retry is the same fact); the
    // member-tracking reactor sends it. Tracking never fails the page: the answer is 202 either way.
    const tracked = {
      eventId: t.event_id,
      eventName: t.event_name,
      url: t.url,
      customData,
      fbp: fbp ?? null,
      testEventCode: testEventCode ?? null,
      clientIp: req.ip?.slice(0, 100) || null,
      userAgent: req.get('user-agent')?.slice(0, 1000) || null,
    };
    const ctx = systemCommandContext('track-event', String(res.getHeader('X-Request-Id') ?? t.event_id), app.now());
    await recordFact(app, trackedEventStreamId(t.event_id), 'BrowserEventTracked', tracked, ctx, 'no_stream').catch((err: unknown) => {
      if (err instanceof WrongExpectedRevisionError) return;
      app.logger.error({ err: err instanceof Error ? err.message : String(err) }, 'could not record a tracked event');
    });
    res.status(202).json({});
  });

  return router;
}
