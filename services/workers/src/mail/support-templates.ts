import { escapeHtml, type RenderedEmail } from './templates';

/** Staff's answer to a contact-form request, with the member's own words quoted below it. */
export function supportReplyEmail(n: { name: string; body: string; message: string; submittedOn: string }): RenderedEmail {
  const quoted = n.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const text = [`Hi ${n.name || 'there'},`, n.body, 'The ROAR+ support team', `On ${n.submittedOn} you wrote:\n${quoted}`].join('\n\n') + '\n';
  const paragraphs = n.body
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const html =
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">' +
    `<p>Hi ${escapeHtml(n.name || 'there')},</p>${paragraphs}<p>The ROAR+ support team</p>` +
    `<blockquote style="margin:16px 0 0;padding-left:12px;border-left:3px solid #ccc;color:#555"><p>On ${escapeHtml(n.submittedOn)} you wrote:</p><p>${escapeHtml(n.message).replace(/\n/g, '<br>')}</p></blockquote>` +
    '</body></html>';
  return { subject: 'Re: your message to ROAR+ support', text, html };
}
