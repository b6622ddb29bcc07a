import { escapeHtml, formatDollars, type RenderedEmail } from './templates';

/**
 * Emails to members. Every value a member or staff typed (names, tier names) is HTML-escaped;
 * money is integer cents shown in dollars, dates as "21 November 2026" (UTC, the club's calendar).
 */
export interface MemberGreeting {
  readonly firstname: string;
}

export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

function render(
  subject: string,
  greeting: string,
  paragraphs: readonly string[],
  rows: readonly (readonly [string, string])[] = [],
  link?: { href: string; label: string },
): RenderedEmail {
  const textRows = rows.map(([k, v]) => `${k}: ${v}`).join('\n');
  const text =
    [greeting, ...paragraphs, ...(textRows ? [textRows] : []), ...(link ? [`${link.label}: ${link.href}`] : []), 'The ROAR+ team'].join('\n\n') +
    '\n';
  const table = rows.length
    ? `<table>${rows.map(([k, v]) => `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`
    : '';
  const button = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : '';
  const html =
    `<!doctype html><html><body style="font-family:sans-serif"><p>${escapeHtml(greeting)}</p>` +
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    `${table}${button}<p>The ROAR+ team</p></body></html>`;
  return { subject, text, html };
}

const hello = (firstname: string): string => (firstname.trim() ? `Hi ${firstname.trim()},` : 'Hi,');

export function welcomeEmail(n: MemberGreeting & { readonly tier: string | null }): RenderedEmail {
  return render('Welcome to ROAR+', hello(n.firstname), [
    'Thanks for joining ROAR+.',
    n.tier ? `You chose the ${n.tier} membership.` : 'You can choose a membership at any time from your dashboard.',
  ]);
}

export function passwordResetEmail(n: { readonly firstname?: string; readonly link: string; readonly expiresInMinutes: number }): RenderedEmail {
  return render(
    'Reset your ROAR+ password',
    hello(n.firstname ?? ''),
    [
      'Someone asked to reset the password of your ROAR+ account. If it was you, choose a new password with the link below.',
      `The link works once and expires in ${n.expiresInMinutes} minutes. If you did not ask for this, ignore this email: your password stays the same.`,
    ],
    [],
    { href: n.link, label: 'Choose a new password' },
  );
}

export interface ReceiptNotice extends MemberGreeting {
  readonly tier: string;
  readonly amountCents: number;
  readonly paymentId: string;
  readonly paidAt: string;
  /** What was bought: a membership (with its period) or a single entry (valid until). */
  readonly kind: 'membership' | 'single-entry';
  readonly periodEnd: string | null;
}

export function paymentReceiptEmail(n: ReceiptNotice): RenderedEmail {
  const rows: [string, string][] = [
    [n.kind === 'membership' ? 'Membership' : 'Single entry', n.tier],
    ['Amount paid', `${formatDollars(n.amountCents)} AUD`],
    ['Date', formatDate(n.paidAt)],
    ['Payment reference', n.paymentId],
  ];
  if (n.periodEnd) rows.push([n.kind === 'membership' ? 'Renews on' : 'Valid until', formatDate(n.periodEnd)]);
  return render(
    `Your ROAR+ receipt: ${n.tier}, ${formatDollars(n.amountCents)}`,
    hello(n.firstname),
    ['Thank you for your payment. Here is your receipt.'],
    rows,
  );
}

export function renewalEmail(
  n: MemberGreeting & {
    readonly tier: string;
    readonly amountCents: number;
    readonly paymentId: string;
    readonly periodStart: string;
    readonly periodEnd: string;
  },
): RenderedEmail {
  return render(
    `Your ${n.tier} membership has renewed`,
    hello(n.firstname),
    [`Your ${n.tier} membership renewed and your new entries are on their way.`],
    [
      ['Membership', n.tier],
      ['Amount paid', `${formatDollars(n.amountCents)} AUD`],
      ['Period', `${formatDate(n.periodStart)} to ${formatDate(n.periodEnd)}`],
      ['Payment reference', n.paymentId],
    ],
  );
}

/**
 * `notice`: what happens to the member's entries, the words the cancel page showed them
 * (cancellationNoticeText of the facts on MembershipCancelled); null when the provider ended it.
 */
export function cancellationEmail(
  n: MemberGreeting & { readonly tier: string; readonly endsAt: string; readonly notice?: string | null },
): RenderedEmail {
  return render(`Your ${n.tier} membership is cancelled`, hello(n.firstname), [
    `We have cancelled your ${n.tier} membership as you asked. You will not be charged again.`,
    ...(n.notice ? [n.notice, 'You can rejoin at any time.'] : [`Your benefits last until ${formatDate(n.endsAt)}. You can rejoin at any time.`]),
  ]);
}

/**
 * Issue 24: the account is deleted. Sent to the address on file just before the member's key is
 * deleted (the last time it can be read); it repeats what was kept and why, the words the member
 * saw before confirming (@roar/contracts/erasure).
 */
export function accountDeletedEmail(n: MemberGreeting & { readonly kept: readonly string[] }): RenderedEmail {
  return render('Your ROAR+ account has been deleted', hello(n.firstname), [
    'Your ROAR+ account has been deleted as asked. Your name, email address, phone number, address, date of birth, Golf Link number and messages can no longer be read by anyone, including us, and you can no longer sign in.',
    'What we keep, and why:',
    ...n.kept,
    'You are welcome to join again at any time with this email address, as a new member.',
  ]);
}
