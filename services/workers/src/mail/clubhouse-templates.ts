import { CLUB_TIME_ZONE } from '@roar/contracts/time';
import { escapeHtml, type RenderedEmail } from './templates';

function render(subject: string, paragraphs: readonly string[], link?: { href: string; label: string }): RenderedEmail {
  const text = ['Hi,', ...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : []), 'The ROAR+ clubhouse'].join('\n\n') + '\n';
  const html =
    '<!doctype html><html><body style="font-family:sans-serif"><p>Hi,</p>' +
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    (link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : '') +
    '<p>The ROAR+ clubhouse</p></body></html>';
  return { subject, text, html };
}

const kind = (type: string) => (type === 'transfer' ? 'handicap transfer' : 'handicap request');

export function handicapSubmittedEmail(n: { type: string }): RenderedEmail {
  return render(`We received your ${kind(n.type)}`, [
    `Thanks: your ${kind(n.type)} is with our staff for review. We will email you when it is approved or if we need anything else.`,
  ]);
}

export function handicapApprovedEmail(n: { type: string; golfLinkNumber: string; officialHandicap: number }): RenderedEmail {
  return render(`Your ${kind(n.type)} is approved`, [
    `Your Golf Link number is ${n.golfLinkNumber} and your official GA Handicap is ${n.officialHandicap.toFixed(1)}.`,
    'You can now submit scorecards in the clubhouse; each counts once your marker attests it.',
  ]);
}

export function handicapRejectedEmail(n: { type: string; reason: string }): RenderedEmail {
  return render(`Your ${kind(n.type)} needs another look`, [
    `Our staff could not approve your ${kind(n.type)}: ${n.reason}`,
    'You can correct it and send it again from the clubhouse.',
  ]);
}

export function indexRevisedEmail(n: { handicapIndex: number | null; previousIndex: number | null; exceptionalReduction: number }): RenderedEmail {
  const now = n.handicapIndex === null ? 'not set yet (3 counted scores are needed)' : n.handicapIndex.toFixed(1);
  const lines = [`Your computed handicap index is now ${now}${n.previousIndex === null ? '' : ` (was ${n.previousIndex.toFixed(1)})`}.`];
  if (n.exceptionalReduction < 0)
    lines.push(`Your latest round was exceptional: every counted score was reduced by ${Math.abs(n.exceptionalReduction)}.0.`);
  lines.push('The clubhouse shows which scores count and why. Your official GA Handicap is the one Golf Australia records.');
  return render('Your handicap index changed', lines);
}

export function attestationRequestEmail(n: {
  player: string;
  course: string;
  playedOn: string;
  gross: number;
  link: string;
  attestBy: string;
}): RenderedEmail {
  const by = new Date(n.attestBy).toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: CLUB_TIME_ZONE });
  return render(
    `${n.player || 'A member'} named you as marker: please attest their score`,
    [
      `${n.player || 'A ROAR+ member'} submitted a score of ${n.gross} at ${n.course} on ${n.playedOn} and named you as their marker.`,
      `If the card is right, attest it by ${by}; the score counts towards their handicap once you do.`,
    ],
    { href: n.link, label: 'Review and attest the card' },
  );
}
