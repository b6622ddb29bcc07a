import { Router } from 'express';
import { listMemberships, toMembershipResource } from '@roar/projections';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { applySortAndLimit, matches, parseItemsQuery, type FieldFilter } from './query';
import { findFaqs, findPages, findTestimonials } from './store';
import { publicServiceKeys } from '../service-keys/routes';
import { cachedByProjection } from './cache';

/** What the public may see: drafts never leave the building. */
const PUBLIC_STATUSES = ['published', 'archived'] as const;

function statusesFrom(filter: FieldFilter | undefined, allowedDefault: readonly string[]): string[] {
  const wanted = filter?._in ?? (filter?._eq !== undefined ? [filter._eq] : [...allowedDefault]);
  return wanted.filter((s) => (PUBLIC_STATUSES as readonly string[]).includes(s));
}

/** The spec's content API (`/items/*`): `{data: ...}` bodies, `{errors:[{message}]}` on failure. */
/** A feature's own collections under /items (prizes, partners...), mounted by the composition root. */
export type ContentMount = (router: Router, app: AppContext) => void;

export function createContentRouter(app: AppContext, featureMounts: readonly ContentMount[] = []): Router {
  const router = Router();

  router.get('/membership', cachedByProjection(app, ['memberships']), async (req, res) => {
    const q = parseItemsQuery(req.query, {
      filter: ['status', 'id', 'code', 'type', 'visible'],
      sort: ['sort', 'id', 'price', 'tier', 'code'],
    });
    const rows = await listMemberships(app.sql, { statuses: statusesFrom(q.filter.status, PUBLIC_STATUSES) });
    const resources = rows
      .map(toMembershipResource)
      .filter(
        (m) => matches(m.id, q.filter.id) && matches(m.code, q.filter.code) && matches(m.type, q.filter.type) && matches(m.visible, q.filter.visible),
      );
    const sorted = applySortAndLimit(
      resources as unknown as Record<string, unknown>[],
      q.sort.length ? q : { ...q, sort: [{ field: 'sort', desc: false }] },
    );
    res.json({ data: sorted });
  });

  router.get('/pages', async (req, res) => {
    const q = parseItemsQuery(req.query, { filter: ['status', 'path'], sort: ['path', 'title'] });
    const path = q.filter.path?._eq;
    if (q.filter.path && path === undefined) throw new HttpError(400, 'filter pages by path with _eq', 'INVALID_QUERY');
    const pages = await findPages(app.sql, { path, statuses: statusesFrom(q.filter.status, ['published']) });
    res.json({ data: applySortAndLimit(pages as unknown as Record<string, unknown>[], q) });
  });

  router.get('/faqs', async (req, res) => {
    const q = parseItemsQuery(req.query, { filter: ['status'], sort: ['sort', 'id'] });
    const faqs = await findFaqs(app.sql, statusesFrom(q.filter.status, ['published']));
    res.json({
      data: applySortAndLimit(faqs as unknown as Record<string, unknown>[], q.sort.length ? q : { ...q, sort: [{ field: 'sort', desc: false }] }),
    });
  });

  // Spec section 1's home blocks as staff edit them (how-it-works cards, feature blurbs).
  router.get('/home_blocks', async (_req, res) => {
    const r = await app.sql.query<{ data: unknown }>('select data from content.home_blocks where id = 1');
    res.json({ data: r.rows[0]?.data ?? null });
  });

  // Spec "Testimonial: quote, name, image"; `illustrative` marks sample copy that is not a real member's.
  router.get('/testimonials', async (req, res) => {
    const q = parseItemsQuery(req.query, { filter: ['status'], sort: ['sort', 'id'] });
    const rows = await findTestimonials(app.sql, statusesFrom(q.filter.status, ['published']));
    res.json({
      data: applySortAndLimit(rows as unknown as Record<string, unknown>[], q.sort.length ? q : { ...q, sort: [{ field: 'sort', desc: false }] }),
    });
  });

  // Public service keys the browser needs (spec: records of name and token). Only what is configured:
  // without a reCAPTCHA site key the member console runs the local test mode.
  // Staff-set public keys (tag manager, chat, maps, payment url) follow; server-only ones never do.
  router.get('/tokens', async (_req, res) => {
    const tokens = app.config.RECAPTCHA_SITE_KEY ? [{ name: 'recaptcha', token: app.config.RECAPTCHA_SITE_KEY }] : [];
    res.json({ data: [...tokens, ...(await publicServiceKeys(app))] });
  });

  for (const mount of featureMounts) mount(router, app);
  return router;
}
