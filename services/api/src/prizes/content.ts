import type { Router } from 'express';
import type { WinnersPage } from '@roar/contracts/content';
import { AU_STATES, type AuState } from '@roar/contracts/common';
import type { PublishedWinner } from '@roar/contracts/prizes';
import { listPrizes } from '@roar/projections';
import type { AppContext } from '../context';
import { cachedByProjection } from '../content/cache';
import { applySortAndLimit, matches, parseItemsQuery } from '../content/query';
import { currentWinnerOf, toPrize } from './view';
import { drawPools, POOL_MAX_AGE_MS } from './pool';
import { WINNERS_PAGE } from '../content/winners-page';

/** The prizes the public catalogue shows (a draft is staff's alone). */
export const PUBLIC_STATUSES: readonly string[] = ['published', 'archived'];

/** The state a published result names ("Sam K., QLD" -> QLD): exactly what the winners page shows, or null. */
export function publishedState(display: string): AuState | null {
  const tail = /, ([A-Z]{2,3})$/.exec(display)?.[1];
  return tail && (AU_STATES as readonly string[]).includes(tail) ? (tail as AuState) : null;
}

/** `/items/prizes`, `/items/winners`, `/items/winners_page` on the content router (`{data}` bodies). */
export function mountPrizeContent(router: Router, app: AppContext): void {
  // The pools move with every entry (the eligibility read model) and with time: rebuilt at least every POOL_MAX_AGE_MS.
  router.get('/prizes', cachedByProjection(app, ['prizes', 'draw_eligibility'], POOL_MAX_AGE_MS), async (req, res) => {
    const q = parseItemsQuery(req.query, {
      filter: ['status', 'slug', 'prize_type_id', 'id'],
      sort: ['prize_end_date', 'title', 'prize_value', 'id'],
    });
    const wanted = q.filter.status?._in ?? (q.filter.status?._eq !== undefined ? [q.filter.status._eq] : ['published']);
    const statuses = wanted.filter((s) => PUBLIC_STATUSES.includes(s));
    const rows = (await listPrizes(app.sql, { statuses })).filter(
      ({ prize: p }) => matches(p.slug, q.filter.slug) && matches(p.prize_type_id, q.filter.prize_type_id) && matches(p.id, q.filter.id),
    );
    const pools = await drawPools(app, rows);
    const items = rows.map((row) => toPrize(row, pools.get(row.prize.id)));
    const sorted = applySortAndLimit(items as unknown as Record<string, unknown>[], {
      ...q,
      sort: q.sort.length ? q.sort : [{ field: 'prize_end_date', desc: false }],
      limit: q.limit ?? 4,
    });
    res.json({ data: sorted });
  });

  router.get('/winners', cachedByProjection(app, ['prizes']), async (_req, res) => {
    const rows = (await listPrizes(app.sql, { statuses: PUBLIC_STATUSES })).filter((r) => r.draw.status === 'published' && r.draw.display);
    const data: PublishedWinner[] = rows
      .map((r) => ({
        prize_id: r.prize.id,
        title: r.prize.title,
        slug: r.prize.slug,
        prize_type_id: r.prize.prize_type_id,
        hero_image: r.prize.hero_image,
        winner: r.draw.display ?? '',
        state: publishedState(r.draw.display ?? ''),
        drawn_at: currentWinnerOf(r.draw)?.drawn_at ?? r.draw.drawn_at,
        published_at: r.draw.published_at,
        prize_value: r.prize.prize_value,
        prize_value_currency: r.prize.prize_value_currency,
      }))
      .sort((a, b) => String(b.published_at).localeCompare(String(a.published_at)));
    res.json({ data });
  });

  // Staff edit it in the console (content.winners_page); the launch copy until then.
  router.get('/winners_page', async (_req, res) => {
    const r = await app.sql.query<{ data: WinnersPage }>('select data from content.winners_page where id = 1');
    res.json({ data: r.rows[0]?.data ?? WINNERS_PAGE });
  });
}
