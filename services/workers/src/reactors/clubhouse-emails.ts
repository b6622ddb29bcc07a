import { z } from 'zod';
import { memberStreamId } from '@roar/domain';
import type { RecordedEvent } from '@roar/platform';
import type { JobRequest } from '../jobs/types';
import {
  attestationRequestEmail,
  handicapApprovedEmail,
  handicapRejectedEmail,
  handicapSubmittedEmail,
  indexRevisedEmail,
} from '../mail/clubhouse-templates';
import type { RenderedEmail } from '../mail/templates';
import { memberAsOf, memberFactsAt } from './member-history';
import { joinReactors, jobIdFor, type ReactorContext, type ReactorPart } from './reactor';

const memberIdOf = z.object({ memberId: z.string() });

/** The request's type, read from the member's handicap stream up to this event. */
async function requestTypeAt(event: RecordedEvent, ctx: ReactorContext, requestId: string): Promise<string> {
  for (const past of await ctx.store.readStream(event.streamId)) {
    if (past.revision > event.revision) break;
    const d = past.data as { requestId?: string; application?: { type?: string } };
    if (past.type === 'HandicapRequestSubmitted' && d.requestId === requestId && d.application?.type) return d.application.type;
  }
  return 'create';
}

async function render(event: RecordedEvent, ctx: ReactorContext): Promise<RenderedEmail | null> {
  const d = event.data as Record<string, unknown>;
  switch (event.type) {
    case 'HandicapRequestSubmitted':
      return handicapSubmittedEmail({ type: String((d.application as { type?: string } | undefined)?.type ?? 'create') });
    case 'HandicapRequestApproved':
      return handicapApprovedEmail({
        type: await requestTypeAt(event, ctx, String(d.requestId)),
        golfLinkNumber: String(d.golfLinkNumber),
        officialHandicap: Number(d.officialHandicap),
      });
    case 'HandicapRequestRejected':
      return handicapRejectedEmail({ type: await requestTypeAt(event, ctx, String(d.requestId)), reason: String(d.reason) });
    case 'HandicapIndexRevised': {
      const r = z.object({ handicapIndex: z.number().nullable(), previousIndex: z.number().nullable(), exceptionalReduction: z.number() }).parse(d);
      // Only a change the member would notice: the index itself moved.
      return r.handicapIndex === r.previousIndex ? null : indexRevisedEmail(r);
    }
    default:
      return null;
  }
}

/** The member hears of each step of their handicap: request received, approved, rejected, index changed. */
export const handicapStepEmails: ReactorPart = {
  handles: ['HandicapRequestSubmitted', 'HandicapRequestApproved', 'HandicapRequestRejected', 'HandicapIndexRevised'],
  async toJobs(event, ctx): Promise<JobRequest[]> {
    const { memberId } = memberIdOf.parse(event.data);
    const memberStream = { ...event, streamId: memberStreamId(memberId), revision: BigInt(Number.MAX_SAFE_INTEGER) } as RecordedEvent;
    const facts = await memberFactsAt(memberStream, ctx);
    if (!facts.email) return [];
    const email = await render(event, ctx);
    return email ? [{ queue: 'email', jobId: jobIdFor(event, 'handicap-email'), data: { to: [facts.email], ...email } }] : [];
  },
};

const scorecardSubmitted = z.looseObject({
  scorecardId: z.string(),
  memberId: z.string(),
  tee: z.looseObject({ courseName: z.string(), teeName: z.string() }),
  playedOn: z.string(),
  grossScores: z.array(z.number()),
  marker: z.looseObject({ memberId: z.string().nullable(), email: z.string() }),
  attestBy: z.string(),
});

/**
 * The marker named on a scorecard is asked to attest it: a member marker in their clubhouse, anyone
 * else through a link whose token the api mints (an HMAC of the card id, never in the log).
 */
export const attestRequestEmails: ReactorPart = {
  handles: ['ScorecardSubmitted'],
  async toJobs(event, ctx): Promise<JobRequest[]> {
    const d = scorecardSubmitted.parse(event.data);
    const player = await memberAsOf(d.memberId, event, ctx);
    if (!player) {
      ctx.logger.warn({ eventId: event.id, memberId: d.memberId }, 'scorecard of a member without MemberRegistered; no attest email sent');
      return [];
    }
    const origin = ctx.publicUrl();
    let link = `${origin}/dashboard/clubhouse/scorecards?attest=${d.scorecardId}`;
    if (!d.marker.memberId) {
      if (!ctx.linkTokens) throw new Error('attest email: no link tokens in this process');
      link = `${origin}/attest/${d.scorecardId}?token=${ctx.linkTokens.attest(d.scorecardId)}`;
    }
    const email = attestationRequestEmail({
      player: `${player.firstname} ${player.lastname}`.trim(),
      course: `${d.tee.courseName}, ${d.tee.teeName}`,
      playedOn: d.playedOn,
      gross: d.grossScores.reduce((a, b) => a + b, 0),
      link,
      attestBy: d.attestBy,
    });
    return [{ queue: 'email', jobId: jobIdFor(event, 'attest-request'), data: { to: [d.marker.email], ...email } }];
  },
};

export const handicapEmails = joinReactors('handicap-emails', [handicapStepEmails, attestRequestEmails]);
