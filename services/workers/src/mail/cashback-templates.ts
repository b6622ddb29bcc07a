import { CLUB_TIME_ZONE } from '@roar/contracts/time';
import { escapeHtml, type RenderedEmail } from './templates';

const dollars = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

function render(subject: string, paragraphs: readonly string[], link: string): RenderedEmail {
  const text = ['Hi,', ...paragraphs, `Your claims: ${link}`, 'The ROAR+ team'].join('\n\n') + '\n';
  const html =
    '<!doctype html><html><body style="font-family:sans-serif"><p>Hi,</p>' +
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    `<p><a href="${escapeHtml(link)}">Your claims</a></p><p>The ROAR+ team</p></body></html>`;
  return { subject, text, html };
}

export interface ClaimFacts {
  readonly course: string;
  readonly playedOn: string;
  readonly amountCents: number;
  readonly link: string;
}

/** One email per step of a claim (issue 13: "emails at each step"). */
export const cashbackEmails = {
  submitted: (c: ClaimFacts & { dueBy: string }) =>
    render(
      'We received your green-fee cashback claim',
      [
        `Your claim for ${c.course} on ${c.playedOn} (${dollars(c.amountCents)}) is with our team.`,
        `We aim to decide by ${new Date(c.dueBy).toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: CLUB_TIME_ZONE })}.`,
      ],
      c.link,
    ),
  approved: (c: ClaimFacts & { payoutCents: number }) =>
    render(
      'Your green-fee cashback is approved',
      [`Your claim for ${c.course} on ${c.playedOn} is approved. We will pay ${dollars(c.payoutCents)} to you in the next payment run.`],
      c.link,
    ),
  declined: (c: ClaimFacts & { reason: string }) =>
    render(
      'Your green-fee cashback claim was declined',
      [`Your claim for ${c.course} on ${c.playedOn} was declined.`, `Reason: ${c.reason}`, 'You can claim again for another round this month.'],
      c.link,
    ),
  paid: (c: ClaimFacts & { payoutCents: number }) =>
    render('Your green-fee cashback is paid', [`We paid ${dollars(c.payoutCents)} cashback for your round at ${c.course} on ${c.playedOn}.`], c.link),
  reversed: (c: ClaimFacts & { payoutCents: number; reason: string }) =>
    render(
      'Your green-fee cashback payment was reversed',
      [`The ${dollars(c.payoutCents)} cashback for ${c.course} on ${c.playedOn} was reversed.`, `Reason: ${c.reason}`],
      c.link,
    ),
};
