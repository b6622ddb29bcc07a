import { z } from 'zod';
import { EventStoreUnavailableError, START, type RecordedEvent } from '@roar/platform';
import type { JobRequest } from '../jobs/types';
import { escapeHtml, type RenderedEmail } from '../mail/templates';
import { jobIdFor, type Reactor, type ReactorContext } from './reactor';
import { prizeAt } from './winner-emails';

const registered = z.looseObject({ memberId: z.string(), email: z.string(), firstname: z.string(), marketingOptIn: z.boolean().optional() });
const emailChanged = z.looseObject({ memberId: z.string(), email: z.string() });
const pauseStarted = z.looseObject({ memberId: z.string(), endsAt: z.string() });

interface Recipient {
  email: string;
  firstname: string;
  optedIn: boolean;
  /** The latest end of a break or self-exclusion the member took. */
  pausedUntil: string | null;
}

/**
 * The members as they stood when `until` was recorded: who agreed to promotional email at sign-up,
 * their address (staff's last change), and any break or self-exclusion. Read from the log by type
 * (the store filters it), so the answer for one event never changes.
 */
async function recipientsAt(until: RecordedEvent, ctx: ReactorContext): Promise<Map<string, Recipient>> {
  const members = new Map<string, Recipient>();
  const pageSize = 500;
  for (let after = START; ;) {
    const page = await ctx.store.readTypesUpTo(after, until.position, ['MemberRegistered', 'MemberEmailChanged', 'MemberPauseStarted'], pageSize);
    if (!page.complete) throw new EventStoreUnavailableError('the log before a promotional email is not readable yet');
    for (const e of page.events) {
      if (e.type === 'MemberRegistered') {
        const d = registered.safeParse(e.data);
        if (d.success)
          members.set(d.data.memberId, {
            email: d.data.email,
            firstname: d.data.firstname,
            optedIn: d.data.marketingOptIn === true,
            pausedUntil: null,
          });
      } else if (e.type === 'MemberEmailChanged') {
        const d = emailChanged.safeParse(e.data);
        const member = d.success ? members.get(d.data.memberId) : undefined;
        if (member && d.success) member.email = d.data.email;
      } else {
        const d = pauseStarted.safeParse(e.data);
        const member = d.success ? members.get(d.data.memberId) : undefined;
        if (member && d.success && (member.pausedUntil === null || d.data.endsAt > member.pausedUntil)) member.pausedUntil = d.data.endsAt;
      }
    }
    const last = page.events.at(-1);
    if (!last || page.events.length < pageSize) return members;
    after = last.position;
  }
}

export function newDrawEmail(n: { firstname: string; title: string; link: string; terms?: string | null }): RenderedEmail {
  const subject = 'A new draw is open';
  const termsLine = n.terms ? `\nThe draw's terms: ${n.terms}` : '';
  const termsHtml = n.terms ? `<p><a href="${escapeHtml(n.terms)}">The draw's terms</a></p>` : '';
  const text = `Hi ${n.firstname},\n\nA new ROAR+ draw is open: ${n.title}.\nSee it here: ${n.link}${termsLine}\n\nYou get this email because you agreed to hear about new draws when you joined. A member on a break or self-excluded gets none.\n\nROAR+`;
  const html = `<!doctype html><html><body style="font-family:sans-serif"><h2>${escapeHtml(subject)}</h2><p>Hi ${escapeHtml(n.firstname)},</p><p>A new ROAR+ draw is open: ${escapeHtml(n.title)}.</p><p><a href="${escapeHtml(n.link)}">See the draw</a></p>${termsHtml}<p>You get this email because you agreed to hear about new draws when you joined. A member on a break or self-excluded gets none.</p></body></html>`;
  return { subject, text, html };
}

/**
 * Issue 23: the club's one promotional email, "A new draw is open" when a prize is published, to
 * each member who agreed to it, except a member on a break or self-excluded at that moment.
 */
export const promotionalEmails: Reactor = {
  name: 'promotional-emails',
  handles: ['PrizePublished'],
  async toJobs(event, ctx): Promise<JobRequest[]> {
    const prize = await prizeAt(event, ctx);
    const at = event.metadata.occurredAt;
    // Issue 22: every email about a draw links the draw and its terms.
    const link = prize.slug ? `${ctx.publicUrl()}/events/${encodeURIComponent(prize.slug)}` : `${ctx.publicUrl()}/upcoming-giveaways`;
    const terms = prize.slug ? `${link}/terms` : null;
    const jobs: JobRequest[] = [];
    for (const [memberId, member] of await recipientsAt(event, ctx)) {
      if (!member.optedIn) continue;
      if (member.pausedUntil !== null && new Date(member.pausedUntil).getTime() > new Date(at).getTime()) continue;
      jobs.push({
        queue: 'email',
        jobId: jobIdFor(event, `new-draw:${memberId}`),
        data: { to: [member.email], ...newDrawEmail({ ...member, title: prize.title, link, terms }) },
      });
    }
    return jobs;
  },
};
