import { z } from 'zod';
import { instant } from './http';

/**
 * The content API (`/items/*`, spec section 3) and the staff content editor (`/api/admin/content-*`):
 * information pages, FAQs, testimonials, the home blocks, the winners page, the public service
 * keys, and every saved version of an edited item.
 */

/** The content API's query: `filter[field][_eq|_in]=value` (or one JSON object), `sort=a,-b`, `limit=n`. */
export const itemsQuerySchema = z.object({
  filter: z.string().optional().describe('filter[field][_eq|_in]=value, or the same as one JSON object'),
  sort: z.string().optional().describe('comma-separated fields, - for descending'),
  limit: z.number().int().min(-1).max(2147483647).optional().describe('most records; -1 for all'),
});

export const CONTENT_STATUSES = ['draft', 'published', 'archived'] as const;
export const contentStatusSchema = z.enum(CONTENT_STATUSES);
export type ContentStatus = z.infer<typeof contentStatusSchema>;

/** An information page (`/items/pages`, filtered by path). */
export const pageSchema = z.object({ path: z.string(), status: contentStatusSchema, title: z.string(), content: z.string() });
export type Page = z.infer<typeof pageSchema>;
export const pagesAnswerSchema = z.object({ data: z.array(pageSchema) });

/** A question and its answer (`/items/faqs`, by sort). */
export const faqSchema = z.object({
  id: z.number().int(),
  sort: z.number().int(),
  status: contentStatusSchema,
  question: z.string(),
  answer: z.string(),
});
export type Faq = z.infer<typeof faqSchema>;
export const faqsAnswerSchema = z.object({ data: z.array(faqSchema) });

/** Spec "Testimonial: quote, name, image"; `illustrative` marks sample copy that is not a real member's. */
export const testimonialSchema = z.object({
  id: z.number().int(),
  sort: z.number().int(),
  status: contentStatusSchema,
  quote: z.string(),
  name: z.string(),
  image: z.string(),
  illustrative: z.boolean(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;
export const testimonialsAnswerSchema = z.object({ data: z.array(testimonialSchema) });

/** The home page's four how-it-works cards and three feature blurbs (spec section 1), as staff edit them. */
export const howItWorksCardSchema = z.object({ title: z.string(), subtitle: z.string(), copy: z.string() });
export const featureBlurbSchema = z.object({ title: z.string(), copy: z.string() });
export const homeBlocksSchema = z.object({ how_it_works: z.array(howItWorksCardSchema), features: z.array(featureBlurbSchema) });
export type HomeBlocks = z.infer<typeof homeBlocksSchema>;
export const homeBlocksAnswerSchema = z.object({ data: homeBlocksSchema.nullable() });
/** The launch copy of the home blocks: the server seeds it, the member console shows it until staff's edit has loaded. */
export const LAUNCH_HOME_BLOCKS: HomeBlocks = {
  how_it_works: [
    {
      title: 'Choose your membership',
      subtitle: 'Step 1',
      copy: 'Pick free, a single entry or a monthly membership. No obligation. Cancel anytime.',
    },
    { title: 'Unlock discounts', subtitle: 'Step 2', copy: 'Save 5% to 30% with our partners on golf gear, tickets, groceries and fuel.' },
    { title: 'Win prizes', subtitle: 'Step 3', copy: 'Your tickets stack every month into team, bonus, weekly and event draws.' },
    { title: 'Receive your official handicap', subtitle: 'Step 4', copy: 'Request or transfer an official handicap and log your scorecards.' },
  ],
  features: [
    { title: 'Tickets that stack', copy: 'Monthly members collect entries every month and keep them. One-off entries are there when you want them.' },
    { title: 'Cashback on your round', copy: 'Claim up to $20 cashback on green fees, once a month, at the course you choose.' },
    { title: 'Real prizes, drawn fairly', copy: 'Cash, gear, events and money-can’t-buy experiences, with every winner published.' },
  ],
};

/** The winners page (spec: Winner content): up to four videos, each shown only when both its title and url exist. */
export const winnersPageSchema = z.object({
  overview_title: z.string(),
  overview_description: z.string(),
  youtube_title_1: z.string().nullable(),
  youtube_url_1: z.string().nullable(),
  youtube_title_2: z.string().nullable(),
  youtube_url_2: z.string().nullable(),
  youtube_title_3: z.string().nullable(),
  youtube_url_3: z.string().nullable(),
  youtube_title_4: z.string().nullable(),
  youtube_url_4: z.string().nullable(),
});
export type WinnersPage = z.infer<typeof winnersPageSchema>;
/** The four video slots, all empty (a fresh install has no winner videos: none are invented). */
export const NO_WINNER_VIDEOS = {
  youtube_title_1: null,
  youtube_url_1: null,
  youtube_title_2: null,
  youtube_url_2: null,
  youtube_title_3: null,
  youtube_url_3: null,
  youtube_title_4: null,
  youtube_url_4: null,
} as const satisfies Partial<WinnersPage>;
export const winnersPageAnswerSchema = z.object({ data: winnersPageSchema });

/** `/items/tokens`: the public service keys a browser needs (reCAPTCHA site key when configured). */
export const publicTokenSchema = z.object({ name: z.string(), token: z.string() });
export const tokensAnswerSchema = z.object({ data: z.array(publicTokenSchema) });

// ---- The staff content editor ----

/** One saved version of an item: who saved it, when and why; a restore names the version it copied. */
export const contentVersionSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  data: z.record(z.string(), z.unknown()),
  staff_id: z.string(),
  staff_email: z.string(),
  reason: z.string(),
  restored_from: z.number().int().nullable(),
  created_at: instant,
});
export type ContentVersion = z.infer<typeof contentVersionSchema>;
const withVersions = <S extends z.ZodObject>(record: S) => record.extend({ versions: z.array(contentVersionSchema) });

/** The editor's records: a page is keyed by its path, the winners page and the home blocks are the one record 1. */
export const pageRecordSchema = pageSchema.extend({ id: z.string() });
export const faqRecordSchema = faqSchema;
export const testimonialRecordSchema = testimonialSchema;
export const winnersPageRecordSchema = winnersPageSchema.extend({ id: z.literal(1) });
export const homeBlocksRecordSchema = homeBlocksSchema.extend({ id: z.literal(1) });
export const pageVersionsSchema = withVersions(pageRecordSchema);
export const faqVersionsSchema = withVersions(faqRecordSchema);
export const testimonialVersionsSchema = withVersions(testimonialRecordSchema);
export const winnersPageVersionsSchema = withVersions(winnersPageRecordSchema);
export const homeBlocksVersionsSchema = withVersions(homeBlocksRecordSchema);
export type PageRecord = z.infer<typeof pageRecordSchema>;
export type FaqRecord = z.infer<typeof faqRecordSchema>;
export type TestimonialRecord = z.infer<typeof testimonialRecordSchema>;
export type WinnersPageRecord = z.infer<typeof winnersPageRecordSchema>;
export type HomeBlocksRecord = z.infer<typeof homeBlocksRecordSchema>;

/** Staff give a reason with every save (3 to 500 characters). */
export const contentReasonSchema = z.string().trim().min(3, 'Give a reason of at least 3 characters').max(500);
export const contentReasonBodySchema = z.object({ reason: contentReasonSchema });
/** `POST /api/admin/content-*\/:id/restore`: copy an older version back as a new one. */
export const contentRestoreBodySchema = z.object({ version: z.number().int().min(1), reason: contentReasonSchema });
/** `POST /api/admin/content-preview`: the sanitised HTML members would receive. */
export const contentPreviewBodySchema = z.object({ html: z.string().max(200_000) });
export const contentPreviewAnswerSchema = z.object({ html: z.string() });

/** The service keys (admins only): `public` ones go to every browser through /items/tokens. */
export const SERVICE_KEY_NAMES = [
  'tag_manager_id',
  'chat_provider',
  'chat_id',
  'maps_key',
  'payment_url',
  'instagram_token',
  'instagram_user_id',
] as const;
export const serviceKeyNameSchema = z.enum(SERVICE_KEY_NAMES);
export type ServiceKeyName = z.infer<typeof serviceKeyNameSchema>;
/** One key with its history (who and why, never the value: each version's data is empty). */

/** `/api/openapi.json`: this document (OpenAPI 3.1). */
export const openApiDocumentSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string() }),
  components: z.record(z.string(), z.unknown()),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
