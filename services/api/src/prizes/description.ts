import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';

/**
 * A prize description is rich text edited in the staff console and shown as HTML on the member
 * console: only formatting survives (paragraphs, emphasis, lists, headings, quotes, links with
 * safe schemes). Scripts, styles, event handlers and iframes are removed on the server, whatever
 * the editor sent.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a', 'code', 'pre'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
  }).trim();
}

export const descriptionSchema = z.string().max(20_000).transform(sanitizeDescription);
