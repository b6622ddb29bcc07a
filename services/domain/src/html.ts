import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { isStorableText, STORABLE_TEXT_MESSAGE } from './primitives';

/**
 * The one HTML policy of the product. Staff-written HTML reaches members in two shapes: "inline
 * HTML" (a line of catalogue copy such as a tier item, `<strong>50 entries</strong> a month`) and
 * "rich text" (a page, an FAQ answer, a prize description, the winners overview). Both are cleaned
 * by the same allow-list: formatting only, no scripts, styles, frames, forms or event handlers,
 * links only to http(s), mailto and tel, images only from this site or https. Inline HTML keeps
 * only the inline part of it (no paragraphs, lists, headings, tables or images).
 *
 * The schema primitives below clean on parse, so an event cannot carry unsafe HTML (the store
 * parses every new event) and an event stored before a field was cleaned is cleaned when it is
 * read (the store and every projector decode through the same schema): the upcast is the policy
 * itself, so tightening it later covers the whole history at once.
 */

export const INLINE_TAGS = ['strong', 'b', 'em', 'i', 'u', 's', 'small', 'span', 'code', 'br', 'a'] as const;
export const BLOCK_TAGS = [
  'p',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'pre',
  'hr',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;
export const RICH_TEXT_TAGS = [...INLINE_TAGS, ...BLOCK_TAGS] as const;
export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  th: ['scope'],
  td: ['colspan'],
};
export const ALLOWED_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;
/** Links always open without handing this page (or, with noreferrer, its address) to the target. */
export const LINK_REL = 'noopener noreferrer';

export type HtmlKind = 'inline' | 'rich';

function options(kind: HtmlKind): sanitizeHtml.IOptions {
  return {
    allowedTags: [...(kind === 'inline' ? INLINE_TAGS : RICH_TEXT_TAGS)],
    allowedAttributes: Object.fromEntries(Object.entries(ALLOWED_ATTRIBUTES).map(([tag, attributes]) => [tag, [...attributes]])),
    allowedSchemes: [...ALLOWED_SCHEMES],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: LINK_REL }) },
  };
}
const INLINE_OPTIONS = options('inline');
const RICH_OPTIONS = options('rich');

/** The HTML as the policy lets it through; cleaning it again changes nothing. */
export function cleanHtml(html: string, kind: HtmlKind): string {
  return sanitizeHtml(html, kind === 'inline' ? INLINE_OPTIONS : RICH_OPTIONS);
}

/** Schemas made by the two primitives, with their kind: what the schema walk in the tests looks for. */
const htmlSchemas = new WeakMap<z.ZodType, HtmlKind>();

/** The kind of HTML a schema cleans to, or null when it is not one of the two primitives. */
export function htmlKindOf(schema: z.ZodType): HtmlKind | null {
  return htmlSchemas.get(schema) ?? null;
}

/**
 * `required` asks for some input, not for something left after cleaning: a stored event whose
 * HTML cleans to nothing must still decode (a read never fails on the policy), and shows empty.
 */
function htmlPrimitive(kind: HtmlKind, { max, required = false, trim = false }: HtmlOptions): z.ZodType<string, string> {
  const input = trim ? z.string().trim() : z.string();
  const cleaned = input
    .min(required ? 1 : 0)
    .max(max)
    .refine(isStorableText, { message: STORABLE_TEXT_MESSAGE })
    .transform((html) => cleanHtml(html, kind));
  htmlSchemas.set(cleaned, kind);
  return cleaned;
}

export interface HtmlOptions {
  /** Longest input accepted, in characters. */
  readonly max: number;
  /** Refuse an empty input. */
  readonly required?: boolean;
  /** Trim white space before the checks. */
  readonly trim?: boolean;
}

/** A line of copy that may hold inline formatting and links (a tier item's title). */
export function inlineHtml(options: HtmlOptions): z.ZodType<string, string> {
  return htmlPrimitive('inline', options);
}

/** Formatted text: paragraphs, lists, headings, quotes, tables, links and images. */
export function richText(options: HtmlOptions): z.ZodType<string, string> {
  return htmlPrimitive('rich', options);
}
