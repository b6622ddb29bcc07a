/** Email templates are plain functions: data in, {subject, text, html} out, every value escaped. */
export interface RenderedEmail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Cents as the spec shows money: dollars with a trailing .00 removed ($49, $12.50). */
export function formatDollars(cents: number): string {
  const dollars = (cents / 100).toFixed(2);
  return `$${dollars.endsWith('.00') ? dollars.slice(0, -3) : dollars}`;
}

function layout(title: string, rows: readonly (readonly [string, string])[], footer: string): string {
  const body = rows
    .map(([k, v]) => `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('');
  return `<!doctype html><html><body style="font-family:sans-serif"><h2>${escapeHtml(title)}</h2><table>${body}</table><p style="color:#6B7280">${escapeHtml(footer)}</p></body></html>`;
}

export interface TierChangeNotice {
  readonly tier: string;
  readonly membershipId: number;
  /** What changed: 'price' or 'status'. */
  readonly field: 'price' | 'status';
  readonly from: string;
  readonly to: string;
  readonly actor: string;
  readonly reason: string | null;
  readonly occurredAt: string;
}

export function tierChangedEmail(n: TierChangeNotice): RenderedEmail {
  const subject = `Membership ${n.tier}: ${n.field} changed from ${n.from} to ${n.to}`;
  const rows: [string, string][] = [
    ['Tier', `${n.tier} (#${n.membershipId})`],
    [n.field === 'price' ? 'Price' : 'Status', `${n.from} → ${n.to}`],
    ['Changed by', n.actor],
    ['Reason', n.reason ?? '(none given)'],
    ['When', n.occurredAt],
  ];
  const footer = 'Sent to the staff mailbox because the membership catalogue changed.';
  const text = `${subject}\n\n${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${footer}\n`;
  return { subject, text, html: layout(subject, rows, footer) };
}
