import DOMPurify from 'dompurify';
import { createElement, useMemo } from 'react';

/**
 * The member console's one way to show HTML from the server. The server already cleans it with
 * the domain's HTML policy (services/domain/src/html.ts) on write and on read; this cleans it
 * again in the browser with DOMPurify and the same allow-list, so a server defect or a stale cache
 * still cannot run script here. Keep the lists below in step with the domain's (a test compares).
 */
const INLINE_TAGS = ['strong', 'b', 'em', 'i', 'u', 's', 'small', 'span', 'code', 'br', 'a'];
const BLOCK_TAGS = ['p', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'pre', 'hr', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td'];
const ALLOWED_ATTR = ['href', 'title', 'target', 'rel', 'src', 'alt', 'width', 'height', 'scope', 'colspan'];
const ALLOWED_URI_REGEXP = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') node.setAttribute('rel', 'noopener noreferrer');
});

export type HtmlKind = 'inline' | 'rich';

export function cleanInBrowser(html: string, kind: HtmlKind): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: kind === 'inline' ? INLINE_TAGS : [...INLINE_TAGS, ...BLOCK_TAGS],
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP,
    ALLOW_DATA_ATTR: false,
  });
}

interface SafeHtmlProps {
  readonly html: string;
  readonly kind: HtmlKind;
  /** The element that holds the HTML: a `div` by default; `li` or `span` for inline copy. */
  readonly as?: 'div' | 'li' | 'span' | 'section';
  readonly className?: string;
}

export function SafeHtml({ html, kind, as = 'div', className }: SafeHtmlProps) {
  const clean = useMemo(() => cleanInBrowser(html, kind), [html, kind]);
  return createElement(as, { className, dangerouslySetInnerHTML: { __html: clean } });
}
