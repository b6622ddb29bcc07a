/**
 * The repository's guide for a club going live (docs/before-you-sell.md), built into the console
 * and shown at /admin/before-you-sell: the server's checklist links to its sections as
 * `docs/before-you-sell.md#<section>`, which the console opens here.
 */
import guide from '../../../docs/before-you-sell.md?raw';

export interface GuideSection {
  readonly id: string;
  readonly title: string;
  /** Paragraphs, each a list of lines joined by spaces. */
  readonly paragraphs: readonly string[];
}

export const GUIDE_PATH = '/before-you-sell';

/** A `## ` heading's anchor, as GitHub makes it. */
export const slugOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');

/** The guide's title, introduction and sections, read from its markdown (headings and paragraphs only). */
export function parseGuide(markdown: string): { title: string; intro: readonly string[]; sections: readonly GuideSection[] } {
  const paragraphsOf = (text: string) =>
    text
      .split(/\n\s*\n/)
      .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
      .filter(Boolean);
  const [head = '', ...rest] = markdown.split(/^## /m);
  const title = /^# (.+)$/m.exec(head)?.[1]?.trim() ?? 'Before you sell';
  return {
    title,
    intro: paragraphsOf(head.replace(/^# .+$/m, '')),
    sections: rest.map((chunk) => {
      const [heading = '', ...body] = chunk.split('\n');
      return { id: slugOf(heading), title: heading.trim(), paragraphs: paragraphsOf(body.join('\n')) };
    }),
  };
}

export const beforeYouSell = parseGuide(guide);

/** The console's address of a `docs/before-you-sell.md#section` link. */
export const guideHref = (how: string) => `${GUIDE_PATH}${how.includes('#') ? `#${how.split('#')[1]}` : ''}`;
