import { z } from 'zod';
import type { JobRequest } from '../jobs/types';
import { formatDate } from '../mail/member-templates';
import { escapeHtml, type RenderedEmail } from '../mail/templates';
import { memberAsOf } from './member-history';
import { jobIdFor, type Reactor } from './reactor';

const requested = z.looseObject({ memberId: z.string(), exportId: z.string().optional() });
const prepared = z.looseObject({ memberId: z.string(), exportId: z.string(), expiresAt: z.string() });

export function myDataReadyEmail(n: { firstname: string; link: string; expiresAt: string }): RenderedEmail {
  const subject = 'Your ROAR+ data is ready to download';
  const until = formatDate(n.expiresAt);
  const text = `Hi ${n.firstname},\n\nThe file with everything ROAR+ holds about you is ready.\nDownload it here: ${n.link}\n\nThe link works until ${until}. After that, ask for your data again from your profile.\n\nROAR+`;
  const html = `<!doctype html><html><body style="font-family:sans-serif"><h2>${escapeHtml(subject)}</h2><p>Hi ${escapeHtml(n.firstname)},</p><p>The file with everything ROAR+ holds about you is ready.</p><p><a href="${escapeHtml(n.link)}">Download my data</a></p><p>The link works until ${escapeHtml(until)}. After that, ask for your data again from your profile.</p></body></html>`;
  return { subject, text, html };
}

/**
 * Issue 23: a large data request becomes a job (MemberDataRequested with an exportId → the exports
 * queue), and the prepared file an email with a link that expires (MemberDataExportPrepared).
 */
export const myDataExports: Reactor = {
  name: 'my-data-exports',
  handles: ['MemberDataRequested', 'MemberDataExportPrepared'],
  async toJobs(event, ctx): Promise<JobRequest[]> {
    if (event.type === 'MemberDataRequested') {
      const d = requested.parse(event.data);
      if (!d.exportId) return [];
      return [
        { queue: 'exports', jobId: jobIdFor(event), data: { memberId: d.memberId, exportId: d.exportId, requestedAt: event.metadata.occurredAt } },
      ];
    }
    const d = prepared.parse(event.data);
    if (!ctx.linkTokens?.myDataDownload) throw new Error('my-data email: no link tokens in this process');
    const member = await memberAsOf(d.memberId, event, ctx);
    if (!member) {
      ctx.logger.warn({ eventId: event.id, memberId: d.memberId }, 'data export for a member without MemberRegistered; no email sent');
      return [];
    }
    const token = ctx.linkTokens.myDataDownload(d.memberId, d.exportId, d.expiresAt);
    const link = `${ctx.publicUrl()}/api/my-data/download/${encodeURIComponent(token)}`;
    return [
      {
        queue: 'email',
        jobId: jobIdFor(event, 'my-data-ready'),
        data: { to: [member.email], ...myDataReadyEmail({ ...member, link, expiresAt: d.expiresAt }) },
      },
    ];
  },
};
