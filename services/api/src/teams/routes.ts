import { randomUUID } from 'node:crypto';
import { Router, type Response } from 'express';
import { z } from 'zod';
import { INVITE_NOT_FOUND } from '@roar/contracts/errors';
import { inviteEmailBodySchema } from '@roar/contracts/referrals';
import { teamJoinBodySchema, type TeamInvite } from '@roar/contracts/teams';
import {
  checkoutDecider,
  checkoutStreamId,
  isFreeMembership,
  normaliseEmail,
  REFUNDED_MATE,
  TEAM_RULES,
  teamDecider,
  teamSeatDecider,
  teamSeatStreamId,
  teamStreamId,
  type TeamCommand,
} from '@roar/domain';
import { DomainError, handleCommand, type CommandContext, type Position } from '@roar/platform';
import { findTeamOfMember, getMember, getTeam, getTeamInvite, type MemberRow } from '@roar/projections';
import type { AppContext } from '../context';
import { guardDrawPurchase } from '../member-controls/guard';
import { memberOf, requireMember } from '../auth/member';
import { createLookupThrottle } from '../auth/lookup-throttle';
import { memberCommandContext, originOf } from '../kernel/context';
import type { MembersPorts } from '../kernel/ports';
import { SELF_ORIGIN } from '../payments/self-origin';
import { returnInvite, takeInvite } from '../referrals/invite-limits';
import { INVALID_EMAIL, TOO_MANY_INVITES } from '../referrals/routes';
import { seatState, teamState } from './streams';
import { inviteStatus, toTeamView } from './view';
import { checkoutReturnUrl } from '../payments/reconcile';
import { purchaseAgeRefusal } from '../compliance/age-guard';

export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60_000;
const STATUS: Record<DomainError['code'], number> = { invalid: 400, forbidden: 403, not_found: 404, conflict: 409 };

const inviteSchema = inviteEmailBodySchema;
const joinSchema = teamJoinBodySchema;

function refuse(res: Response, status: number, error: string): void {
  res.status(status).json({ error });
}

/** Runs `work`; a DomainError becomes the contract's `{error}` with its status. */
async function answering(res: Response, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    refuse(res, STATUS[error.code], error.message);
  }
}

/** "A paying subscriber": an active, paid, monthly membership (spec section 1). */
export function isPayingSubscriber(m: MemberRow | null): boolean {
  return !!m && m.membership_status === 'active' && m.membership_type === 'monthly-subscription' && !isFreeMembership(m.membership_code);
}

/** The team draw of contracts-4-5.md: start, invite, invite lookup, join (the $50 checkout), the member's team. */
export function createTeamsRouter(app: AppContext, ports: MembersPorts): Router {
  const router = Router();
  const member = requireMember(app);
  const inviteLookups = createLookupThrottle(app, 'team-invite');
  const wait = async (position: Position | null | undefined) => {
    if (position) await app.projections.waitFor(position, app.config.PROJECTION_WAIT_MS);
  };
  const sendTeam = async (res: Response, status: 200 | 201, teamId: string | null, memberId: string) => {
    const team = teamId ? await getTeam(app.sql, teamId) : await findTeamOfMember(app.sql, memberId);
    res.status(status).json({ data: team ? await toTeamView(app.sql, team, memberId, app.now()) : null });
  };

  router.get('/api/team', member, async (_req, res) => {
    await sendTeam(res, 200, null, memberOf(res).memberId);
  });

  router.post('/api/team/start', member, async (req, res) => {
    const { memberId } = memberOf(res);
    const me = await getMember(app.sql, memberId);
    if (!isPayingSubscriber(me)) return refuse(res, 403, 'Only a paying subscriber can start a team.');
    const now = app.now();
    const ctx = memberCommandContext(memberId, req, now);
    // A start that died between the seat and the team left the seat holding a team never written:
    // this start finishes that one (same team id) instead of meeting "already in an open team".
    const seat = await seatState(app.store, memberId);
    const unfinished = seat.status === 'held' && (await app.store.readStream(teamStreamId(seat.teamId))).length === 0;
    const teamId = unfinished ? seat.teamId : randomUUID();
    await answering(res, async () => {
      // The seat first: a member in an open team (captain or mate) cannot start another.
      await handleCommand(
        app.store,
        app.registry,
        teamSeatStreamId(memberId),
        teamSeatDecider,
        { type: 'ReserveTeamSeat', memberId, teamId, role: 'captain', at: now.toISOString() },
        ctx,
      );
      try {
        const started = await handleCommand(
          app.store,
          app.registry,
          teamStreamId(teamId),
          teamDecider,
          {
            type: 'StartTeam',
            teamId,
            captainId: memberId,
            captainEmail: me!.email,
            captainIsPayingSubscriber: true,
            at: now.toISOString(),
          },
          ctx,
          { mustBeNew: true },
        );
        await wait(started.appended?.position);
      } catch (error) {
        // Released only when no team was written: a twin request finishing the same start keeps its seat.
        const written = (await app.store.readStream(teamStreamId(teamId))).length > 0;
        if (!written)
          await handleCommand(
            app.store,
            app.registry,
            teamSeatStreamId(memberId),
            teamSeatDecider,
            { type: 'ReleaseTeamSeat', memberId, teamId, reason: 'abandoned', at: now.toISOString() },
            ctx,
          );
        throw error;
      }
      await sendTeam(res, 201, teamId, memberId);
    });
  });

  router.post('/api/team/invite', member, async (req, res) => {
    const parsed = inviteSchema.safeParse(req.body ?? {});
    if (!parsed.success) return refuse(res, 400, INVALID_EMAIL);
    const { memberId } = memberOf(res);
    const seat = await seatState(app.store, memberId);
    const team = seat.status === 'held' ? await teamState(app.store, seat.teamId) : null;
    if (!team || team.state.status === 'none' || team.state.captainId !== memberId) return refuse(res, 404, 'Start a team first.');
    const teamId = team.state.teamId;
    const now = app.now();
    const email = normaliseEmail(parsed.data.email);
    const command: TeamCommand = {
      type: 'InviteMate',
      inviteId: randomUUID(),
      email,
      expiresAt: new Date(now.getTime() + INVITE_LIFETIME_MS).toISOString(),
      at: now.toISOString(),
    };
    await answering(res, async () => {
      // The team's rules first (pure), so a refused invite never counts against the allowance.
      teamDecider.decide(command, team.state);
      const limit = { kind: 'team' as const, memberId, email, at: now };
      if (!(await takeInvite(app.sql, limit))) return refuse(res, 429, TOO_MANY_INVITES);
      const ctx = memberCommandContext(memberId, req, now);
      let position: Position | undefined;
      try {
        position = (await handleCommand(app.store, app.registry, teamStreamId(teamId), teamDecider, command, ctx)).appended?.position;
      } catch (error) {
        await returnInvite(app.sql, limit);
        throw error;
      }
      // MateInvited sends the invite email (member-emails reactor).
      await wait(position);
      await sendTeam(res, 201, teamId, memberId);
    });
  });

  router.get('/api/team/invites/:id', async (req, res) => {
    if (await inviteLookups.refuse(req, res)) return;
    const id = z.string().min(1).max(100).safeParse(req.params.id);
    const invite = id.success ? await getTeamInvite(app.sql, id.data) : null;
    if (!invite) {
      await inviteLookups.missed(req);
      return refuse(res, 404, INVITE_NOT_FOUND);
    }
    const team = await getTeam(app.sql, invite.team_id);
    const captain = team ? await getMember(app.sql, team.captain_id) : null;
    const status = inviteStatus(invite.status, invite.expires_at, app.now());
    res.json({
      data: {
        invite_id: invite.id,
        team_id: invite.team_id,
        captain_firstname: captain?.firstname ?? '',
        email: invite.email,
        status: status === 'captain' ? 'pending' : status,
        expires_at: invite.expires_at,
        fee: TEAM_RULES.mateFeeCents / 100,
      } satisfies TeamInvite,
    });
  });

  router.post('/api/team/join', member, async (req, res) => {
    const parsed = joinSchema.safeParse(req.body ?? {});
    const invite = parsed.success ? await getTeamInvite(app.sql, parsed.data.invite_id) : null;
    if (!invite) return refuse(res, 404, INVITE_NOT_FOUND);
    const { memberId } = memberOf(res);
    const me = await getMember(app.sql, memberId);
    if (!me || normaliseEmail(me.email) !== invite.email) return refuse(res, 403, 'This invite was sent to another email address.');
    const { state } = await teamState(app.store, invite.team_id);
    if (state.status === 'none') return refuse(res, 404, INVITE_NOT_FOUND);
    const current = state.invites.find((i) => i.inviteId === invite.id);
    const now = app.now();
    if (!current) return refuse(res, 404, INVITE_NOT_FOUND);
    if (current.status === 'paid') return refuse(res, 409, 'This invite has already been paid.');
    // A refunded invite is dead like an expired one: the captain invites again.
    if (current.status === 'expired' || current.status === 'refunded' || Date.parse(current.expiresAt) <= now.getTime())
      return refuse(res, 409, 'This invite has expired.');
    if (state.status === 'complete' || state.invites.filter((i) => i.status === 'paid').length >= TEAM_RULES.matesPerTeam)
      return refuse(res, 409, 'This team is full.');
    if (state.invites.some((i) => i.status === 'refunded' && i.memberId === memberId)) return refuse(res, 409, REFUNDED_MATE);
    // Issue 22: a member under the minimum age pays no team fee (refused before any payment page).
    const minor = await purchaseAgeRefusal(app, memberId);
    if (minor) return refuse(res, 403, minor);
    const ctx = memberCommandContext(memberId, req, now);
    await answering(res, async () => {
      // Issue 23: the member's own limit, break or self-exclusion, before the seat and any payment page.
      await guardDrawPurchase(app, memberId, TEAM_RULES.mateFeeCents, now);
      // The seat before any money: a member already in another open team is refused without a charge.
      await handleCommand(
        app.store,
        app.registry,
        teamSeatStreamId(memberId),
        teamSeatDecider,
        { type: 'ReserveTeamSeat', memberId, teamId: state.teamId, role: 'mate', at: now.toISOString() },
        ctx,
      );
      const url = await startTeamFeeCheckout(app, ports, ctx, {
        memberId,
        email: me.email,
        teamId: state.teamId,
        inviteId: invite.id,
        origin: originOf(app),
      });
      res.status(201).json({ redirect_url: url });
    });
  });

  return router;
}

/** The one-off $50 checkout (purpose team-fee) through the payments port. */
async function startTeamFeeCheckout(
  app: AppContext,
  ports: MembersPorts,
  ctx: CommandContext,
  input: { memberId: string; email: string; teamId: string; inviteId: string; origin: string },
): Promise<string> {
  const checkoutId = randomUUID();
  const back = `${input.origin}/team-prizes?invite=${encodeURIComponent(input.inviteId)}`;
  const session = await ports.payments.createCheckout({
    checkoutId,
    memberId: input.memberId,
    email: input.email,
    purpose: 'team-fee',
    mode: 'payment',
    amount_cents: TEAM_RULES.mateFeeCents,
    description: 'ROAR+ team draw: one-time team fee',
    successUrl: checkoutReturnUrl(input.origin, `${back.slice(input.origin.length)}&paid=1`),
    cancelUrl: back,
  });
  await handleCommand(
    app.store,
    app.registry,
    checkoutStreamId(checkoutId),
    checkoutDecider,
    {
      type: 'CreateCheckout',
      checkoutId,
      memberId: input.memberId,
      purpose: 'team-fee',
      tier: null,
      team: { teamId: input.teamId, inviteId: input.inviteId },
      amount_cents: TEAM_RULES.mateFeeCents,
      currency: 'AUD',
      provider: ports.payments.name,
      providerSessionId: session.sessionId,
      mode: 'payment',
    },
    ctx,
    { mustBeNew: true },
  );
  return session.url.startsWith(SELF_ORIGIN) ? `${input.origin}${session.url.slice(SELF_ORIGIN.length)}` : session.url;
}
