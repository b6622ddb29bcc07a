import { Router, type Request } from 'express';
import { DRAWS_ERROR, NO_GIVEAWAY } from '@roar/contracts/errors';
import { claimPrizeBodySchema, declinePrizeBodySchema, type UserDraw } from '@roar/contracts/prizes';
import {
  auStateSchema,
  CLAIM_PERIOD_ENDED,
  CLAIM_STATE_NEEDED,
  entriesStreamId,
  formatTicketRanges,
  memberStanding,
  memberStreamId,
  teamStreamId,
  type EligibilityEvent,
} from '@roar/domain';
import { DomainError } from '@roar/platform';
import { findTeamOfMember, listPrizes } from '@roar/projections';
import type { AppContext } from '../context';
import { bearerToken, memberOf, requireMember, verifyMemberToken } from '../auth/member';
import { memberCommandContext } from '../kernel/context';
import { loadPrize, publicProfileOf, runPrizeCommand } from './lifecycle';
import { drawAsOf, drawEligibilityInput, drawPools } from '../prizes/pool';
import { minimumEntryAge } from '../compliance/rules';
import { nextOpenPrize } from '../prizes/next';
import { currentWinnerOf, toPrize } from '../prizes/view';

/** The member's own events (membership and entries), as the eligibility rule reads them. */
async function memberEvents(app: AppContext, memberId: string): Promise<EligibilityEvent[]> {
  // The member's team (read model: only to find its stream; the facts come from the stream itself).
  const team = await findTeamOfMember(app.sql, memberId);
  const [member, entries, teamEvents] = await Promise.all([
    app.store.readStream(memberStreamId(memberId)),
    app.store.readStream(entriesStreamId(memberId)),
    team ? app.store.readStream(teamStreamId(team.id)) : Promise.resolve([]),
  ]);
  return [...member, ...entries, ...teamEvents].map((e) => ({ type: e.type, data: e.data, occurredAt: e.metadata.occurredAt }));
}

async function optionalMember(app: AppContext, req: Request): Promise<string | null> {
  const token = bearerToken(req.get('authorization'));
  return token ? ((await verifyMemberToken(app, token))?.memberId ?? null) : null;
}

/** `/api/get-next-giveaway`, `/api/user-draws`, `/api/claim-prize` (docs/contracts-4-5.md, issue 5). */
export function createPrizeMemberRouter(app: AppContext): Router {
  const router = Router();

  router.get('/api/get-next-giveaway', async (req, res) => {
    const next = await nextOpenPrize(app.sql, app.now());
    if (!next) {
      res.json({ error: NO_GIVEAWAY });
      return;
    }
    const memberId = await optionalMember(app, req);
    const standing = memberId
      ? memberStanding(await memberEvents(app, memberId), memberId, await drawEligibilityInput(app, next, drawAsOf(next, app.now())))
      : null;
    const pools = await drawPools(app, [next]);
    res.json({ data: { ...toPrize(next, pools.get(next.prize.id)), joined: standing?.eligible ?? false, entries: standing?.tickets ?? 0 } });
  });

  router.get('/api/user-draws', requireMember(app), async (_req, res) => {
    const { memberId } = memberOf(res);
    try {
      const [rows, events] = await Promise.all([listPrizes(app.sql, { statuses: ['published', 'archived'] }), memberEvents(app, memberId)]);
      const [pools, minimumAge] = await Promise.all([drawPools(app, rows), minimumEntryAge(app)]);
      const data: UserDraw[] = [];
      for (const row of rows) {
        // Under the draw's own rule (issue 22: open states and minimum age), so the reason names the member's state.
        const s = memberStanding(events, memberId, await drawEligibilityInput(app, row, drawAsOf(row, app.now()), minimumAge));
        const winner = currentWinnerOf(row.draw);
        const won = winner?.member_ids.includes(memberId) ?? false;
        const prize = toPrize(row, pools.get(row.prize.id));
        data.push({
          prize,
          entries: s.tickets,
          tickets: formatTicketRanges(s.ranges),
          eligible: s.eligible,
          reason: s.reason,
          status: prize.draw_status,
          won,
          claimed: won && winner?.claimed_by !== null,
          ...(won ? await claimFacts(app, row.prize.id, memberId) : {}),
        });
      }
      res.json({ data });
    } catch (err) {
      app.logger.error({ err, memberId }, 'user draws failed');
      res.status(503).json({ error: DRAWS_ERROR });
    }
  });

  router.post('/api/claim-prize', requireMember(app), async (req, res) => {
    const { memberId } = memberOf(res);
    const body = claimPrizeBodySchema.safeParse(req.body ?? {});
    if (!body.success) {
      const stateIssue = body.error.issues.some((i) => i.path[0] === 'state');
      res.status(400).json({ error: stateIssue ? CLAIM_STATE_NEEDED : 'Choose the prize to claim.' });
      return;
    }
    try {
      // The state given now, else the profile's; the decider refuses a claim with neither.
      const state = body.data.state ?? auStateSchema.safeParse((await publicProfileOf(app.store, memberId)).state).data ?? null;
      await runPrizeCommand(
        app,
        body.data.prize_id,
        {
          type: 'ClaimPrize',
          memberId,
          state,
          now: app.now().toISOString(),
          ...(body.data.publication_opt_out ? { publicationOptOut: true } : {}),
          ...(body.data.delivery ? { delivery: body.data.delivery } : {}),
        },
        memberCommandContext(memberId, req, app.now()),
      );
      res.json({ data: { claimed: true } });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const status = error.code === 'not_found' ? 404 : error.code === 'forbidden' ? 403 : error.code === 'invalid' ? 400 : 409;
      res.status(status).json({ error: error.code === 'not_found' ? 'This prize does not exist.' : error.message });
    }
  });

  // Issue 22: the winner gives the prize up (DeclinePrize); it goes back for a redraw on the terms' date.
  router.post('/api/decline-prize', requireMember(app), async (req, res) => {
    const { memberId } = memberOf(res);
    const body = declinePrizeBodySchema.safeParse(req.body ?? {});
    if (!body.success) {
      res.status(400).json({ error: 'Choose the prize to decline.' });
      return;
    }
    try {
      const { state } = await loadPrize(app.store, body.data.prize_id);
      if (state.status === 'absent') throw new DomainError('not_found', 'Not found.');
      const current = state.draw.winners.at(-1);
      if (!current || current.redrawnReason !== null || !current.memberIds.includes(memberId))
        throw new DomainError('forbidden', 'Only the winner can decline this prize.');
      if (current.claimedBy !== null) throw new DomainError('conflict', 'This prize has already been claimed.');
      const now = app.now().toISOString();
      if (current.outcome === 'unclaimed' || (current.outcome === null && current.claimBy !== null && now > current.claimBy))
        throw new DomainError('conflict', CLAIM_PERIOD_ENDED);
      if (current.outcome !== 'declined')
        await runPrizeCommand(app, body.data.prize_id, { type: 'DeclinePrize', by: memberId, now }, memberCommandContext(memberId, req, app.now()));
      res.json({ data: { declined: true } });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const status = error.code === 'not_found' ? 404 : error.code === 'forbidden' ? 403 : error.code === 'invalid' ? 400 : 409;
      res.status(status).json({ error: error.code === 'not_found' ? 'This prize does not exist.' : error.message });
    }
  });

  return router;
}

/** The winner's claim period and where the claim stands, from the prize's own stream (issue 22). */
async function claimFacts(app: AppContext, prizeId: string, memberId: string): Promise<Pick<UserDraw, 'claim_by' | 'claim_outcome'>> {
  const { state } = await loadPrize(app.store, prizeId);
  if (state.status === 'absent') return { claim_by: null, claim_outcome: null };
  const current = [...state.draw.winners].reverse().find((w) => w.memberIds.includes(memberId));
  return { claim_by: current?.claimBy ?? null, claim_outcome: current?.outcome ?? null };
}
