import { Router, type Request } from 'express';
import { DRAWS_ERROR, NO_GIVEAWAY } from '@roar/contracts/errors';
import { claimPrizeBodySchema } from '@roar/contracts/prizes';
import {
  auStateSchema,
  CLAIM_STATE_NEEDED,
  entriesStreamId,
  formatTicketRanges,
  memberStanding,
  memberStreamId,
  teamStreamId,
  type EligibilityEvent,
} from '@roar/domain';
import { DomainError } from '@roar/platform';
import { findTeamOfMember, listPrizes, type PrizeWithDraw } from '@roar/projections';
import type { AppContext } from '../context';
import { bearerToken, memberOf, requireMember, verifyMemberToken } from '../auth/member';
import { memberCommandContext } from '../kernel/context';
import { publicProfileOf, runPrizeCommand } from './lifecycle';
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

/** As of the close for a closed draw, else now (what would count if entries closed now). */
function asOfFor(row: PrizeWithDraw, now: Date): string {
  return row.draw.as_of ?? (now.toISOString() < row.prize.prize_end_date ? now.toISOString() : row.prize.prize_end_date);
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
      ? memberStanding(await memberEvents(app, memberId), memberId, {
          prizeId: next.prize.id,
          prizeType: next.prize.prize_type_id,
          asOf: asOfFor(next, app.now()),
        })
      : null;
    res.json({ data: { ...toPrize(next), joined: standing?.eligible ?? false, entries: standing?.tickets ?? 0 } });
  });

  router.get('/api/user-draws', requireMember(app), async (_req, res) => {
    const { memberId } = memberOf(res);
    try {
      const [rows, events] = await Promise.all([listPrizes(app.sql, { statuses: ['published', 'archived'] }), memberEvents(app, memberId)]);
      const data = rows.map((row) => {
        const s = memberStanding(events, memberId, { prizeId: row.prize.id, prizeType: row.prize.prize_type_id, asOf: asOfFor(row, app.now()) });
        const winner = currentWinnerOf(row.draw);
        const won = winner?.member_ids.includes(memberId) ?? false;
        const prize = toPrize(row);
        return {
          prize,
          entries: s.tickets,
          tickets: formatTicketRanges(s.ranges),
          eligible: s.eligible,
          reason: s.reason,
          status: prize.draw_status,
          won,
          claimed: won && winner?.claimed_by !== null,
        };
      });
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
        { type: 'ClaimPrize', memberId, state, now: app.now().toISOString(), ...(body.data.publication_opt_out ? { publicationOptOut: true } : {}) },
        memberCommandContext(memberId, req, app.now()),
      );
      res.json({ data: { claimed: true } });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const status = error.code === 'not_found' ? 404 : error.code === 'forbidden' ? 403 : error.code === 'invalid' ? 400 : 409;
      res.status(status).json({ error: error.code === 'not_found' ? 'This prize does not exist.' : error.message });
    }
  });

  return router;
}
