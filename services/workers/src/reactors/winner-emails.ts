import { z } from 'zod';
import { memberStreamId } from '@roar/domain';
import { CLUB_TIME_ZONE } from '@roar/contracts/time';
import { EventStoreUnavailableError, START, type RecordedEvent } from '@roar/platform';
import type { JobRequest } from '../jobs/types';
import { escapeHtml } from '../mail/templates';
import { memberRegistered } from './member-history';
import { joinReactors, jobIdFor, type ReactorContext, type ReactorPart } from './reactor';

const winnerNotified = z.looseObject({
  prizeId: z.string(),
  k: z.number().int(),
  memberIds: z.array(z.string()).min(1),
  claimBy: z.string().optional(),
});

/** "Friday 25 December 2026, 5:00 pm" in the club's time zone. */
const claimByFormat = new Intl.DateTimeFormat('en-AU', {
  timeZone: CLUB_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const prizeCreated = z.looseObject({ fields: z.looseObject({ title: z.string(), slug: z.string() }) });
const prizeUpdated = z.looseObject({ changes: z.looseObject({ title: z.string().optional(), slug: z.string().optional() }) });

/** The prize's title and slug as they stood when the winner was notified (its own stream, up to the event). */
export async function prizeAt(event: RecordedEvent, ctx: ReactorContext): Promise<{ title: string; slug: string }> {
  const prize = { title: 'your ROAR+ giveaway', slug: '' };
  for (const e of await ctx.store.readStream(event.streamId)) {
    if (e.revision > event.revision) break;
    const created = e.type === 'PrizeCreated' ? prizeCreated.safeParse(e.data) : null;
    if (created?.success) Object.assign(prize, { title: created.data.fields.title, slug: created.data.fields.slug });
    const updated = e.type === 'PrizeUpdated' ? prizeUpdated.safeParse(e.data) : null;
    if (updated?.success)
      Object.assign(
        prize,
        Object.fromEntries(Object.entries(updated.data.changes).filter(([k, v]) => (k === 'title' || k === 'slug') && typeof v === 'string')),
      );
  }
  return prize;
}

/**
 * One email per winning member (a team's four each get one) when staff notify the winner.
 * At-least-once: the job id (event id and member) makes a redelivered event send nothing new.
 */
export const winnerNotifiedEmails: ReactorPart = {
  handles: ['WinnerNotified'],
  async toJobs(event, ctx): Promise<JobRequest[]> {
    const d = winnerNotified.safeParse(event.data);
    if (!d.success) return [];
    const prize = await prizeAt(event, ctx);
    const jobs: JobRequest[] = [];
    for (const memberId of d.data.memberIds) {
      const history = await ctx.store.readStream(memberStreamId(memberId));
      const registered = history.find((e) => e.type === 'MemberRegistered');
      // The address staff last set (MemberEmailChanged), else the one the member registered with.
      const changed = history.filter((e) => e.type === 'MemberEmailChanged').at(-1)?.data as { email?: string } | undefined;
      const member = registered ? memberRegistered.safeParse(registered.data) : null;
      if (!member?.success) {
        ctx.logger.warn({ eventId: event.id, memberId }, 'winner has no MemberRegistered; no email sent');
        continue;
      }
      const subject = `You won ${prize.title}!`;
      const link = `${ctx.publicUrl()}/dashboard/my-draws`;
      // Issue 22: every email about a draw links its terms, and the notice states the claim period.
      const terms = prize.slug ? `${ctx.publicUrl()}/events/${encodeURIComponent(prize.slug)}/terms` : null;
      const claimBy = d.data.claimBy && Number.isFinite(Date.parse(d.data.claimBy)) ? claimByFormat.format(new Date(d.data.claimBy)) : null;
      const text = [
        `Hi ${member.data.firstname},`,
        '',
        `Congratulations: you won ${prize.title} in the ROAR+ draw.`,
        `Claim your prize from your dashboard: ${link}`,
        ...(claimBy ? [`Please claim it by ${claimBy}.`] : []),
        ...(terms ? [`The draw's terms: ${terms}`] : []),
        '',
        'ROAR+',
      ].join('\n');
      const html = `<!doctype html><html><body style="font-family:sans-serif"><h2>${escapeHtml(subject)}</h2><p>Hi ${escapeHtml(member.data.firstname)},</p><p>Congratulations: you won ${escapeHtml(prize.title)} in the ROAR+ draw.</p><p>Claim your prize from your dashboard: <a href="${escapeHtml(link)}">My draws</a></p>${claimBy ? `<p>Please claim it by ${escapeHtml(claimBy)}.</p>` : ''}${terms ? `<p><a href="${escapeHtml(terms)}">The draw's terms</a></p>` : ''}</body></html>`;
      jobs.push({
        queue: 'email',
        jobId: jobIdFor(event, `winner-email:${memberId}`),
        data: { to: [changed?.email ?? member.data.email], subject, text, html },
      });
    }
    return jobs;
  },
};

const supportAction = z.looseObject({ memberId: z.string(), action: z.string(), reference: z.string().nullable() });

/** The WinnerNotified event `id`, read from the log before `until` (a handful a month: the log filters them by type). */
async function winnerNotifiedById(id: string, until: RecordedEvent, ctx: ReactorContext): Promise<RecordedEvent | null> {
  const pageSize = 500;
  for (let after = START; ;) {
    const page = await ctx.store.readTypesUpTo(after, until.position, ['WinnerNotified'], pageSize);
    // An older transaction still committing: the runner retries the batch from its checkpoint.
    if (!page.complete) throw new EventStoreUnavailableError('the log before a resent winner email is not readable yet');
    const found = page.events.find((e) => e.id === id);
    if (found) return found;
    const last = page.events.at(-1);
    if (!last || page.events.length < pageSize) return null;
    after = last.position;
  }
}

/**
 * A winner email staff send again (SupportActionRecorded `winner-email-resent`, referencing the
 * WinnerNotified event): the same email as then, to this member only, under this event's job id.
 */
export const winnerResendEmails: ReactorPart = {
  handles: ['SupportActionRecorded'],
  async toJobs(event, ctx): Promise<JobRequest[]> {
    const d = supportAction.parse(event.data);
    if (d.action !== 'winner-email-resent' || !d.reference) return [];
    const notified = await winnerNotifiedById(d.reference, event, ctx);
    if (!notified) return [];
    const mine = (await winnerNotifiedEmails.toJobs(notified, ctx)).filter((j) => j.jobId.endsWith(`winner-email:${d.memberId}`));
    return mine.map((j) => ({ ...j, jobId: jobIdFor(event, 'resend') }));
  },
};

export const winnerEmails = joinReactors('winner-emails', [winnerNotifiedEmails, winnerResendEmails]);
