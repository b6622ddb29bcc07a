import { Box } from '@mui/material';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useFieldValue, type FieldProps } from 'react-admin';

/**
 * The staff console's one way to show HTML from the server. The server cleans it with the
 * domain's HTML policy (services/domain/src/html.ts) on write and on read; this cleans it again
 * with DOMPurify and the same allow-list, so nothing the server let slip can run next to the staff
 * token. Keep the lists below in step with the domain's (a test compares).
 */
const INLINE_TAGS = ['strong', 'b', 'em', 'i', 'u', 's', 'small', 'span', 'code', 'br', 'a'];
const BLOCK_TAGS = ['p', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'pre', 'hr', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td'];
const ALLOWED_ATTR = ['href', 'title', 'target', 'rel', 'src', 'alt', 'width', 'height', 'scope', 'colspan'];
const ALLOWED_URI_REGEXP = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') node.setAttribute('rel', 'noopener noreferrer');
});

export type HtmlKind = 'inline' | 'rich';

export function SafeHtml({ html, kind }: { readonly html: string; readonly kind: HtmlKind }) {
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(html, {
        ALLOWED_TAGS: kind === 'inline' ? INLINE_TAGS : [...INLINE_TAGS, ...BLOCK_TAGS],
        ALLOWED_ATTR,
        ALLOWED_URI_REGEXP,
        ALLOW_DATA_ATTR: false,
      }),
    [html, kind],
  );
  return (
    <Box
      component={kind === 'inline' ? 'span' : 'div'}
      // The size of the console's other field values; a first or last paragraph adds no gap to the field.
      sx={{ typography: 'body2', '& > :first-child': { mt: 0 }, '& > :last-child': { mb: 0 }, '& img': { maxWidth: '100%' } }}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

/** A react-admin field showing a record's HTML through SafeHtml (in place of RichTextField). */
export function SafeHtmlField({ kind, ...props }: FieldProps & { readonly kind: HtmlKind }) {
  const value = useFieldValue(props);
  return <SafeHtml html={typeof value === 'string' ? value : ''} kind={kind} />;
}
