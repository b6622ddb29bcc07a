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

// DOMPurify needs a DOM: in the server renderer (no window) it has none and the server's cleaner is used.
if (DOMPurify.isSupported) {
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') node.setAttribute('rel', 'noopener noreferrer');
  });
}

export type HtmlKind = 'inline' | 'rich';

let serverCleaner: ((html: string, kind: HtmlKind) => string) | null = null;

/** The server renderer's cleaner: the domain's HTML policy (services/domain/src/html.ts), handed in by the API. */
export function setServerHtmlCleaner(clean: (html: string, kind: HtmlKind) => string): void {
  serverCleaner = clean;
}

export function cleanInBrowser(html: string, kind: HtmlKind): string {
  if (!DOMPurify.isSupported) {
    // Rendering on the server without the policy would show unchecked HTML: show none.
    return serverCleaner ? serverCleaner(html, kind) : '';
  }
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
