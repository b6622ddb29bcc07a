import { z } from 'zod';
import { CONTENT_STATUSES } from '@roar/contracts/content';
import { richText, text } from '@roar/domain';
import type { Sql } from '@roar/platform';

export { CONTENT_STATUSES };

/**
 * Paths the member console routes itself: a content page there would never show (or would hide
 * the screen), so it is refused. The information pages (about-us, benefits, ...) are content pages.
 */
const APP_ROUTES = [
  '/',
  '/member-draws',
  '/pro-shop',
  '/login',
  '/sign-up',
  '/forgot-password',
  '/change-password',
  '/refer',
  '/upcoming-giveaways',
  '/membership',
  '/team-prizes',
  '/faq',
  '/rewards',
  '/winners',
  '/logout',
  '/events',
  '/dashboard',
  '/admin',
  '/api',
  '/items',
  '/auth',
  '/pay',
  '/ready',
  '/health',
];
export const PATH_CLASH = 'This path is already a page of the app. Choose another path.';

export function clashesWithAppRoute(path: string): boolean {
  return APP_ROUTES.some((route) => (route === '/' ? path === '/' : path === route || path.startsWith(`${route}/`)));
}

export const pagePathSchema = z
  .string()
  .trim()
  .max(120)
  .regex(/^\/[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/, 'A path is lower-case words joined by dashes, like /golf-etiquette')
  .refine((p) => !clashesWithAppRoute(p), PATH_CLASH);

export const pageFieldsSchema = z.object({
  title: text().trim().min(1).max(200),
  status: z.enum(CONTENT_STATUSES),
  content: richText({ max: 200_000 }),
});
export type PageFields = z.infer<typeof pageFieldsSchema>;

export const faqFieldsSchema = z.object({
  question: text().trim().min(3).max(500),
  answer: richText({ max: 20_000, required: true, trim: true }),
  status: z.enum(CONTENT_STATUSES),
  sort: z.number().int().min(0).max(100_000),
});
export type FaqFields = z.infer<typeof faqFieldsSchema>;

export interface PageRecord extends PageFields {
  readonly id: string;
  readonly path: string;
}
export interface FaqRecord extends FaqFields {
  readonly id: number;
}

export async function getPageRecord(sql: Sql, path: string): Promise<PageRecord | null> {
  const r = await sql.query<{ path: string; title: string; status: PageFields['status']; content: string }>(
    'select path, title, status, content from content.pages where path = $1',
    [path],
  );
  const row = r.rows[0];
  return row ? { id: row.path, ...row } : null;
}

export async function listPageRecords(sql: Sql): Promise<PageRecord[]> {
  const r = await sql.query<{ path: string; title: string; status: PageFields['status']; content: string }>(
    'select path, title, status, content from content.pages order by path',
  );
  return r.rows.map((row) => ({ id: row.path, ...row }));
}

export async function getFaqRecord(sql: Sql, id: number): Promise<FaqRecord | null> {
  const r = await sql.query<FaqRecord>('select id, sort, status, question, answer from content.faqs where id = $1', [id]);
  return r.rows[0] ?? null;
}

export async function listFaqRecords(sql: Sql): Promise<FaqRecord[]> {
  return (await sql.query<FaqRecord>('select id, sort, status, question, answer from content.faqs order by sort, id')).rows;
}

export const testimonialFieldsSchema = z.object({
  quote: text().trim().min(3).max(600),
  name: text().trim().min(1).max(120),
  /** A path the app serves (a drawn image or an uploaded photo's key); never a remote URL. */
  image: text()
    .trim()
    .max(300)
    .regex(/^(\/[A-Za-z0-9/_.-]*)?$/, 'Use a path served by the app, like /testimonials/flag.svg'),
  /** True for sample copy: members read it as illustrative, never as a real member's words. */
  illustrative: z.boolean(),
  status: z.enum(CONTENT_STATUSES),
  sort: z.number().int().min(0).max(100_000),
});
export type TestimonialFields = z.infer<typeof testimonialFieldsSchema>;
export interface TestimonialRecord extends TestimonialFields {
  readonly id: number;
}

export async function getTestimonialRecord(sql: Sql, id: number): Promise<TestimonialRecord | null> {
  const r = await sql.query<TestimonialRecord>('select id, sort, status, quote, name, image, illustrative from content.testimonials where id = $1', [
    id,
  ]);
  return r.rows[0] ?? null;
}

export async function listTestimonialRecords(sql: Sql): Promise<TestimonialRecord[]> {
  return (await sql.query<TestimonialRecord>('select id, sort, status, quote, name, image, illustrative from content.testimonials order by sort, id'))
    .rows;
}

const youtubeUrl = z.union([
  z.null(),
  z.literal('').transform(() => null),
  z
    .url()
    .max(300)
    .regex(/^https:\/\/(www\.)?(youtube\.com|youtu\.be)\//, 'A YouTube https:// link'),
]);
const videoTitle = z.union([z.null(), z.literal('').transform(() => null), text().trim().max(160)]);

/** The winners page (spec: Winner content): a video shows only when both its title and url exist. */
export const winnersPageFieldsSchema = z.object({
  overview_title: text().trim().min(1).max(200),
  overview_description: richText({ max: 20_000 }),
  youtube_title_1: videoTitle,
  youtube_url_1: youtubeUrl,
  youtube_title_2: videoTitle,
  youtube_url_2: youtubeUrl,
  youtube_title_3: videoTitle,
  youtube_url_3: youtubeUrl,
  youtube_title_4: videoTitle,
  youtube_url_4: youtubeUrl,
});
export type WinnersPageFields = z.infer<typeof winnersPageFieldsSchema>;
export const WINNERS_PAGE_KEYS = Object.keys(winnersPageFieldsSchema.shape) as (keyof WinnersPageFields)[];

/** The one winners-page record (id 1), seeded from the launch copy when missing. */
export async function getWinnersPageRecord(sql: Sql): Promise<(WinnersPageFields & { id: number }) | null> {
  const r = await sql.query<{ data: WinnersPageFields }>('select data from content.winners_page where id = 1');
  return r.rows[0] ? { id: 1, ...r.rows[0].data } : null;
}

const card = z.object({ title: text().trim().min(1).max(120), subtitle: text().trim().max(60), copy: text().trim().min(1).max(400) }).strict();
const blurb = z.object({ title: text().trim().min(1).max(120), copy: text().trim().min(1).max(400) }).strict();

/** The home page's four how-it-works cards and three feature blurbs (spec section 1). */
export const homeBlocksFieldsSchema = z.object({ how_it_works: z.array(card).length(4), features: z.array(blurb).length(3) });
export type HomeBlocksFields = z.infer<typeof homeBlocksFieldsSchema>;

export async function getHomeBlocksRecord(sql: Sql): Promise<(HomeBlocksFields & { id: number }) | null> {
  const r = await sql.query<{ data: HomeBlocksFields }>('select data from content.home_blocks where id = 1');
  return r.rows[0] ? { id: 1, ...r.rows[0].data } : null;
}
