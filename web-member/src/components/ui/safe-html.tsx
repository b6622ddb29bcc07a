import type { DOMPurify } from 'dompurify';
import { createElement, useEffect, useMemo, useRef, useState } from 'react';
import { hydratingServerPage } from '../../lib/preload';

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

export type HtmlKind = 'inline' | 'rich';

let serverCleaner: ((html: string, kind: HtmlKind) => string) | null = null;

/** The server renderer's cleaner: the domain's HTML policy (services/domain/src/html.ts), handed in by the API. */
export function setServerHtmlCleaner(clean: (html: string, kind: HtmlKind) => string): void {
  serverCleaner = clean;
}

/**
 * DOMPurify, once its module (./purify) has run. It is loaded on demand (issue 25: 12 KiB of the
 * first visit's script that the home page does not need), see SafeHtml.
 */
let purifier: DOMPurify | null = null;
let loading: Promise<void> | null = null;

/** Called by ./purify as it loads. */
export function setPurifier(loaded: DOMPurify): void {
  purifier = loaded;
}

function loadPurifier(): Promise<void> {
  loading ??= import('./purify').then(() => undefined);
  return loading;
}

/**
 * `html` cleaned with the allow-list; null in the browser while DOMPurify is not loaded yet. Text
 * without a `<` cannot make an element or an attribute: it needs no cleaner (entities stay text).
 */
export function cleanInBrowser(html: string, kind: HtmlKind): string | null {
  if (typeof document === 'undefined') {
    // Rendering on the server without the policy would show unchecked HTML: show none.
    return serverCleaner ? serverCleaner(html, kind) : '';
  }
  if (!html.includes('<')) return html;
  if (!purifier) return null;
  return purifier.sanitize(html, {
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
  const ref = useRef<HTMLElement>(null);
  // Hydrating the page the server drew: the element already holds this HTML as the server cleaned it
  // with the domain's policy, parsed by the browser with the page before any script ran. It is kept as
  // it is (React leaves an element's inner HTML alone while it hydrates and while the string it is
  // given does not change), so the page needs no cleaner; new HTML for it (another answer) is cleaned.
  const [kept, setKept] = useState(() => (hydratingServerPage() ? html : null));
  const keep = kept !== null && kept === html;
  const [purifierLoaded, setPurifierLoaded] = useState(() => purifier !== null);
  const clean = useMemo(() => (keep ? '' : cleanInBrowser(html, kind)), [keep, html, kind, purifierLoaded]);
  useEffect(() => {
    // React drew the element afresh instead of hydrating it (a mismatch elsewhere): it is empty, clean and fill it.
    if (keep && html !== '' && ref.current?.childNodes.length === 0) setKept(null);
  }, [keep, html]);
  const waiting = clean === null;
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    // Until DOMPurify is in (a moment: pages that open on staff HTML import it themselves), the element stays empty.
    void loadPurifier().then(() => live && setPurifierLoaded(true));
    return () => {
      live = false;
    };
  }, [waiting]);
  return createElement(as, { ref, className, suppressHydrationWarning: keep || undefined, dangerouslySetInnerHTML: { __html: clean ?? '' } });
}
