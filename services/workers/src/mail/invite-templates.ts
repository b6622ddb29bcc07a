import { escapeHtml, type RenderedEmail } from './templates';

function render(subject: string, paragraphs: readonly string[], link: { href: string; label: string }): RenderedEmail {
  const text = ['Hi,', ...paragraphs, `${link.label}: ${link.href}`, 'The ROAR+ team'].join('\n\n') + '\n';
  const html =
    '<!doctype html><html><body style="font-family:sans-serif"><p>Hi,</p>' +
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p><p>The ROAR+ team</p></body></html>`;
  return { subject, text, html };
}

/** The referral invite of contracts-4-5.md: subject "<Firstname> invited you to ROAR+", the share link in the body. */
export function referralInviteEmail(n: { firstname: string; link: string }): RenderedEmail {
  const name = n.firstname.trim() || 'A friend';
  return render(
    `${name} invited you to ROAR+`,
    [
      `${name} thinks you would like ROAR+: partner discounts, cashback on green fees, an official handicap and entries into prize draws.`,
      'Join with a paid membership through this link and you both get bonus entries. Conditions apply.',
    ],
    { href: n.link, label: 'Join ROAR+' },
  );
}

export function teamInviteEmail(n: { firstname: string; link: string; expiresAt: string }): RenderedEmail {
  const name = n.firstname.trim() || 'A friend';
  const until = new Date(n.expiresAt).toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return render(
    `${name} invited you to their ROAR+ team`,
    [
      `${name} is forming a team of four for the ROAR+ team draw.`,
      'A one-time $50 fee gives you 30 entries, 20% off merchandise and one month of the benefit programme. A complete team of four is entered in the team draw, and if anyone on the team wins, they take the others along.',
      `This invite is open until ${until}.`,
    ],
    { href: n.link, label: 'Join the team' },
  );
}
