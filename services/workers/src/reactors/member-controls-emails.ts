import { z } from 'zod';
import type { JobRequest } from '../jobs/types';
import { formatDate } from '../mail/member-templates';
import { escapeHtml, formatDollars, type RenderedEmail } from '../mail/templates';
import { memberAsOf } from './member-history';
import { jobIdFor, type Reactor } from './reactor';

const renewalHeld = z.looseObject({
  memberId: z.string(),
  periodStart: z.string(),
  amountCents: z.number().int(),
  limitCents: z.number().int(),
  leftCents: z.number().int(),
});

export function renewalHeldEmail(n: {
  firstname: string;
  amountCents: number;
  limitCents: number;
  leftCents: number;
  periodStart: string;
  link: string;
}): RenderedEmail {
  const subject = 'Your ROAR+ renewal was not charged';
  const why = `Your plan's renewal of ${formatDollars(n.amountCents)} due ${formatDate(n.periodStart)} would go past your monthly limit of ${formatDollars(n.limitCents)} (${formatDollars(n.leftCents)} was left this month), so we did not charge it and paused your plan's billing.`;
  const next =
    'Entries you already paid for keep their place in draws. Nothing restarts by itself: resume billing from your settings when you are ready.';
  const text = `Hi ${n.firstname},\n\n${why}\n\n${next}\n${n.link}\n\nROAR+`;
  const html = `<!doctype html><html><body style="font-family:sans-serif"><h2>${escapeHtml(subject)}</h2><p>Hi ${escapeHtml(n.firstname)},</p><p>${escapeHtml(why)}</p><p>${escapeHtml(next)}</p><p><a href="${escapeHtml(n.link)}">My settings</a></p></body></html>`;
  return { subject, text, html };
}

/** Issue 23: the member is told why a renewal was not charged (MemberRenewalHeld). */
export const memberControlsEmails: Reactor = {
  name: 'member-controls-emails',
  handles: ['MemberRenewalHeld'],
  async toJobs(event, ctx): Promise<JobRequest[]> {
    const d = renewalHeld.parse(event.data);
    const member = await memberAsOf(d.memberId, event, ctx);
    if (!member) return [];
    const email = renewalHeldEmail({ ...d, firstname: member.firstname, link: `${ctx.publicUrl()}/dashboard/settings` });
    return [{ queue: 'email', jobId: jobIdFor(event, 'renewal-held'), data: { to: [member.email], ...email } }];
  },
};
