import { z } from 'zod';
import type { JobRequest } from '../jobs/types';
import { referralInviteEmail, teamInviteEmail } from '../mail/invite-templates';
import { memberAsOf } from './member-history';
import { jobIdFor, type ReactorPart } from './reactor';

const mateInvited = z.looseObject({ teamId: z.string(), inviteId: z.string(), email: z.string(), expiresAt: z.string() });
const teamStarted = z.looseObject({ captainId: z.string() });
const referralInviteSent = z.looseObject({ referrerId: z.string(), email: z.string() });

/** A captain's invite to a mate (MateInvited): the link to the invite, open until it expires. */
export const teamInviteEmails: ReactorPart = {
  handles: ['MateInvited'],
  async toJobs(event, ctx): Promise<JobRequest[]> {
    const d = mateInvited.parse(event.data);
    const started = (await ctx.store.readStream(event.streamId)).find((e) => e.type === 'TeamStarted');
    const captain = started ? await memberAsOf(teamStarted.parse(started.data).captainId, event, ctx) : null;
    const link = `${ctx.publicUrl()}/team-prizes?invite=${encodeURIComponent(d.inviteId)}`;
    const email = teamInviteEmail({ firstname: captain?.firstname ?? '', link, expiresAt: d.expiresAt });
    return [{ queue: 'email', jobId: jobIdFor(event, 'team-invite'), data: { to: [d.email], ...email } }];
  },
};

/** A member's referral link sent to a friend (ReferralInviteSent). */
export const referralInviteEmails: ReactorPart = {
  handles: ['ReferralInviteSent'],
  async toJobs(event, ctx): Promise<JobRequest[]> {
    const d = referralInviteSent.parse(event.data);
    const referrer = await memberAsOf(d.referrerId, event, ctx);
    if (!referrer?.referralCode) {
      ctx.logger.warn({ eventId: event.id, referrerId: d.referrerId }, 'referrer has no MemberRegistered with a referral code; no invite sent');
      return [];
    }
    const link = `${ctx.publicUrl()}/refer/${encodeURIComponent(referrer.referralCode)}`;
    const email = referralInviteEmail({ firstname: referrer.firstname, link });
    return [{ queue: 'email', jobId: jobIdFor(event, 'referral-invite'), data: { to: [d.email], ...email } }];
  },
};
