import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { contentPreviewBodySchema, contentReasonBodySchema, contentRestoreBodySchema } from '@roar/contracts/content';
import type { Sql } from '@roar/platform';
import { cleanHtml } from '@roar/domain';
import type { AppContext } from '../context';
import { requireStaff, staffOf, WRITER_ROLES } from '../auth/staff-tokens';
import { HttpError, zodItems } from '../http/errors';
import { sendList } from '../staff-kit/simple-rest';
import {
  faqFieldsSchema,
  getFaqRecord,
  getPageRecord,
  getHomeBlocksRecord,
  getTestimonialRecord,
  getWinnersPageRecord,
  listFaqRecords,
  listPageRecords,
  listTestimonialRecords,
  pageFieldsSchema,
  homeBlocksFieldsSchema,
  pagePathSchema,
  testimonialFieldsSchema,
  WINNERS_PAGE_KEYS,
  winnersPageFieldsSchema,
} from './collections';
import { listVersions, recordVersion } from './versions';

function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid input', 'VALIDATION', zodItems(parsed.error));
  return parsed.data;
}
const pick = (body: unknown, keys: readonly string[]): Record<string, unknown> => {
  const source = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return Object.fromEntries(keys.filter((k) => k in source).map((k) => [k, source[k]]));
};
const reasonOf = (body: unknown): string => parse(contentReasonBodySchema, pick(body, ['reason'])).reason;

interface Collection<Fields extends Record<string, unknown>, Key> {
  readonly name: 'pages' | 'faqs' | 'testimonials' | 'winners_page' | 'home_blocks';
  readonly keys: readonly (keyof Fields & string)[];
  readonly schema: z.ZodType<Fields>;
  parseKey(raw: string): Key;
  get(sql: Sql, key: Key): Promise<(Fields & { id: unknown }) | null>;
  write(tx: Sql, key: Key, fields: Fields): Promise<void>;
}

const pages: Collection<z.infer<typeof pageFieldsSchema>, string> = {
  name: 'pages',
  keys: ['title', 'status', 'content'],
  schema: pageFieldsSchema,
  parseKey: (raw) => parse(z.string().min(1).max(120), raw),
  get: getPageRecord,
  write: async (tx, path, f) => {
    await tx.query('update content.pages set title = $2, status = $3, content = $4 where path = $1', [path, f.title, f.status, f.content]);
  },
};
const faqs: Collection<z.infer<typeof faqFieldsSchema>, number> = {
  name: 'faqs',
  keys: ['question', 'answer', 'status', 'sort'],
  schema: faqFieldsSchema,
  parseKey: (raw) => parse(z.coerce.number().int().min(1).max(2_147_483_647), raw),
  get: getFaqRecord,
  write: async (tx, id, f) => {
    await tx.query('update content.faqs set question = $2, answer = $3, status = $4, sort = $5 where id = $1', [
      id,
      f.question,
      f.answer,
      f.status,
      f.sort,
    ]);
  },
};

const testimonials: Collection<z.infer<typeof testimonialFieldsSchema>, number> = {
  name: 'testimonials',
  keys: ['quote', 'name', 'image', 'illustrative', 'status', 'sort'],
  schema: testimonialFieldsSchema,
  parseKey: (raw) => parse(z.coerce.number().int().min(1).max(2_147_483_647), raw),
  get: getTestimonialRecord,
  write: async (tx, id, f) => {
    await tx.query('update content.testimonials set quote = $2, name = $3, image = $4, illustrative = $5, status = $6, sort = $7 where id = $1', [
      id,
      f.quote,
      f.name,
      f.image,
      f.illustrative,
      f.status,
      f.sort,
    ]);
  },
};

const winnersPage: Collection<z.infer<typeof winnersPageFieldsSchema>, number> = {
  name: 'winners_page',
  keys: WINNERS_PAGE_KEYS,
  schema: winnersPageFieldsSchema,
  parseKey: (raw) => parse(z.coerce.number().int().min(1).max(1), raw),
  get: (sql) => getWinnersPageRecord(sql),
  write: async (tx, _id, f) => {
    await tx.query('update content.winners_page set data = $1::jsonb where id = 1', [JSON.stringify(f)]);
  },
};

const homeBlocks: Collection<z.infer<typeof homeBlocksFieldsSchema>, number> = {
  name: 'home_blocks',
  keys: ['how_it_works', 'features'],
  schema: homeBlocksFieldsSchema,
  parseKey: (raw) => parse(z.coerce.number().int().min(1).max(1), raw),
  get: (sql) => getHomeBlocksRecord(sql),
  write: async (tx, _id, f) => {
    await tx.query('update content.home_blocks set data = $1::jsonb where id = 1', [JSON.stringify(f)]);
  },
};

/**
 * Staff edit of pages, FAQs, testimonials, the winners page and the home blocks: every save is sanitised, stored as a new version with the staff
 * user and reason, and applied to the live row in the same transaction; restore copies an older
 * version back as a new version. The public content API serves only published rows, at once.
 */
export function adminContentRouter(app: AppContext): Router {
  const router = Router();
  const readers = requireStaff(app);
  const writers = requireStaff(app, WRITER_ROLES);

  const save = async <F extends Record<string, unknown>, K>(
    req: Request,
    res: Response,
    c: Collection<F, K>,
    key: K,
    fields: F,
    reason: string,
    restoredFrom: number | null = null,
  ) => {
    const staff = staffOf(res);
    const current = await c.get(app.sql, key);
    if (!current) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const at = app.now();
    await app.sql.transaction(async (tx) => {
      // Launch copy has no history yet: keep it as version 1 so the first edit can be undone.
      if ((await listVersions(tx, c.name, String(key))).length === 0) {
        const { id: _id, ...original } = current;
        await recordVersion(tx, {
          collection: c.name,
          key: String(key),
          data: original,
          staffId: 'system',
          staffEmail: 'launch copy',
          reason: 'Launch copy',
          at,
        });
      }
      await c.write(tx, key, fields);
      await recordVersion(tx, {
        collection: c.name,
        key: String(key),
        data: fields,
        staffId: staff.id,
        staffEmail: staff.email,
        reason,
        restoredFrom,
        at,
      });
    });
    res.json({ ...(await c.get(app.sql, key)), versions: await listVersions(app.sql, c.name, String(key)) });
  };

  const mount = <F extends Record<string, unknown>, K>(resource: string, c: Collection<F, K>, list: () => Promise<readonly unknown[]>) => {
    router.get(`/${resource}`, readers, async (_req, res) => {
      const rows = await list();
      sendList(res, resource, rows, 0, rows.length);
    });
    router.get(`/${resource}/:id`, readers, async (req, res) => {
      const key = c.parseKey(String(req.params.id));
      const record = await c.get(app.sql, key);
      if (!record) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
      res.json({ ...record, versions: await listVersions(app.sql, c.name, String(key)) });
    });
    router.put(`/${resource}/:id`, writers, async (req, res) => {
      const key = c.parseKey(String(req.params.id));
      await save(req, res, c, key, parse(c.schema, pick(req.body, c.keys)), reasonOf(req.body));
    });
    router.post(`/${resource}/:id/restore`, writers, async (req, res) => {
      const key = c.parseKey(String(req.params.id));
      const { version, reason } = parse(contentRestoreBodySchema, req.body ?? {});
      const old = (await listVersions(app.sql, c.name, String(key))).find((v) => v.version === version);
      if (!old) throw new HttpError(404, 'This version does not exist.', 'NOT_FOUND');
      await save(req, res, c, key, parse(c.schema, pick(old.data, c.keys)), reason, version);
    });
  };
  mount('content-pages', pages, () => listPageRecords(app.sql));
  mount('content-faqs', faqs, () => listFaqRecords(app.sql));
  mount('content-testimonials', testimonials, () => listTestimonialRecords(app.sql));
  mount('content-home-blocks', homeBlocks, async () => [await getHomeBlocksRecord(app.sql)].filter((r) => r !== null));
  mount('content-winners-page', winnersPage, async () => [await getWinnersPageRecord(app.sql)].filter((r) => r !== null));

  router.post('/content-pages', writers, async (req, res) => {
    const { path } = parse(z.object({ path: pagePathSchema }), pick(req.body, ['path']));
    const fields = parse(pageFieldsSchema, pick(req.body, pages.keys));
    const reason = reasonOf(req.body);
    const staff = staffOf(res);
    await app.sql.transaction(async (tx) => {
      const inserted = await tx.query(
        'insert into content.pages (path, title, status, content) values ($1, $2, $3, $4) on conflict do nothing returning path',
        [path, fields.title, fields.status, fields.content],
      );
      if (inserted.rows.length === 0) throw new HttpError(409, 'A page with this path already exists.', 'CONFLICT');
      await recordVersion(tx, { collection: 'pages', key: path, data: fields, staffId: staff.id, staffEmail: staff.email, reason, at: app.now() });
    });
    res.status(201).json(await getPageRecord(app.sql, path));
  });
  router.post('/content-faqs', writers, async (req, res) => {
    const fields = parse(faqFieldsSchema, pick(req.body, faqs.keys));
    const reason = reasonOf(req.body);
    const staff = staffOf(res);
    const id = await app.sql.transaction(async (tx) => {
      const inserted = await tx.query<{ id: number }>(
        'insert into content.faqs (sort, status, question, answer) values ($1, $2, $3, $4) on conflict do nothing returning id',
        [fields.sort, fields.status, fields.question, fields.answer],
      );
      const row = inserted.rows[0];
      if (!row) throw new HttpError(409, 'This question is already in the FAQ.', 'CONFLICT');
      await recordVersion(tx, {
        collection: 'faqs',
        key: String(row.id),
        data: fields,
        staffId: staff.id,
        staffEmail: staff.email,
        reason,
        at: app.now(),
      });
      return row.id;
    });
    res.status(201).json(await getFaqRecord(app.sql, id));
  });

  router.post('/content-testimonials', writers, async (req, res) => {
    const fields = parse(testimonialFieldsSchema, pick(req.body, testimonials.keys));
    const reason = reasonOf(req.body);
    const staff = staffOf(res);
    const id = await app.sql.transaction(async (tx) => {
      const inserted = await tx.query<{ id: number }>(
        'insert into content.testimonials (sort, status, quote, name, image, illustrative) values ($1, $2, $3, $4, $5, $6) on conflict do nothing returning id',
        [fields.sort, fields.status, fields.quote, fields.name, fields.image, fields.illustrative],
      );
      const row = inserted.rows[0];
      if (!row) throw new HttpError(409, 'This quote is already a testimonial.', 'CONFLICT');
      await recordVersion(tx, {
        collection: 'testimonials',
        key: String(row.id),
        data: fields,
        staffId: staff.id,
        staffEmail: staff.email,
        reason,
        at: app.now(),
      });
      return row.id;
    });
    res.status(201).json(await getTestimonialRecord(app.sql, id));
  });

  /** What members would see: the sanitised HTML, for the editor's preview. */
  router.post('/content-preview', readers, (req, res) => {
    const { html } = parse(contentPreviewBodySchema, req.body ?? {});
    res.json({ html: cleanHtml(html, 'rich') });
  });
  return router;
}
