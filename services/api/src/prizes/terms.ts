import { Router } from 'express';
import { z } from 'zod';
import { drawStreamId, generateDrawTerms, prizeDecider, prizeSlugStreamId, type AuState, type ExistingPrize } from '@roar/domain';
import { loadState, type CommandContext } from '@roar/platform';
import { listPrizes } from '@roar/projections';
import { clubDay } from '@roar/contracts/time';
import type { DrawTermsAnswer } from '@roar/contracts/prizes';
import type { AppContext } from '../context';
import { minimumEntryAge, unclaimedRedrawMonths } from '../compliance/rules';
import { readPermits } from '../compliance/permits';
import { readDrawSettings } from '../compliance/settings';
import { executeCommand } from '../http/commands';
import { HttpError } from '../http/errors';
import { parseParams } from '../http/validate';

/** The permit number per open state, from the permits valid on the draw's closing day (the lead may narrow this to the draw's own permits). */
export async function permitNumbersFor(app: AppContext, prize: ExistingPrize): Promise<Partial<Record<AuState, string>>> {
  const day = clubDay(prize.fields.prize_end_date);
  const permits = (await readPermits(app.store)).filter((p) => p.valid_from <= day && day <= p.valid_to);
  return Object.fromEntries(permits.map((p) => [p.jurisdiction, p.number]));
}

/** The terms the draw's data generates now (prize/terms.ts). */
export async function currentDrawTerms(app: AppContext, prize: ExistingPrize): Promise<string> {
  const [settings, permits, minimumAge, redrawMonths] = await Promise.all([
    readDrawSettings(app),
    permitNumbersFor(app, prize),
    minimumEntryAge(app),
    unclaimedRedrawMonths(app),
  ]);
  return generateDrawTerms({
    fields: prize.fields,
    entriesOpenAt: null,
    drawAt: prize.fields.prize_end_date,
    method: prize.draw.method ?? (app.config.DRAW_RANDOMNESS === 'drand' ? 'beacon' : 'commit-reveal'),
    settings,
    permits,
    compliance: { minimumAge, unclaimedRedrawMinMonths: redrawMonths },
  });
}

/** A published prize's terms issued again when their HTML changed (a new version), nothing otherwise. */
export async function issueDrawTerms(app: AppContext, prize: ExistingPrize, ctx: CommandContext): Promise<void> {
  if (prize.status !== 'published') return;
  const html = await currentDrawTerms(app, prize);
  await executeCommand(app, drawStreamId(prize.prizeId), prizeDecider, { type: 'IssueDrawTerms', html }, ctx);
}

/** The prize that holds the slug now: the last event of its reservation stream, when it is a reservation. */
async function prizeIdForSlug(app: AppContext, slug: string): Promise<string | null> {
  const events = await app.store.readStream(prizeSlugStreamId(slug));
  const last = events[events.length - 1];
  return last?.type === 'PrizeSlugReserved' ? (last.data as { prizeId: string }).prizeId : null;
}

const slugParams = z
  .object({
    slug: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      .max(120),
  })
  .strict();

/** `GET /api/prizes/{slug}/terms`: the latest terms issued for the draw {version, html, issued_at}; 404 before any. */
export function prizeTermsRouter(app: AppContext): Router {
  const router = Router();
  router.get('/:slug/terms', async (req, res) => {
    const { slug } = parseParams(slugParams, req);
    const prizeId = await prizeIdForSlug(app, slug);
    const events = prizeId ? await app.store.readStream(drawStreamId(prizeId)) : [];
    const latest = events.filter((e) => e.type === 'DrawTermsIssued').pop();
    if (!latest) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const data = latest.data as { version: number; html: string };
    const answer: DrawTermsAnswer = { version: data.version, html: data.html, issued_at: new Date(latest.metadata.occurredAt).toISOString() };
    res.json(answer);
  });
  return router;
}

/**
 * Issue 22: when the club's draw settings or a permit change, every published draw not yet closed
 * gets its terms issued again (a new DrawTermsIssued version where the HTML changed, nothing where
 * it did not). The settings and permit routes call it after their command (wired in app.ts).
 * Answers how many new versions were issued.
 */
export async function reissueOpenDrawTerms(app: AppContext, ctx: CommandContext): Promise<number> {
  let issued = 0;
  for (const row of await listPrizes(app.sql, { statuses: ['published'] })) {
    if (row.draw.status !== 'unscheduled' && row.draw.status !== 'scheduled') continue;
    const { state } = await loadState(app.store, drawStreamId(row.prize.id), prizeDecider);
    if (state.status !== 'published' || (state.draw.status !== 'unscheduled' && state.draw.status !== 'scheduled')) continue;
    const before = state.terms?.version ?? 0;
    await issueDrawTerms(app, state, ctx);
    const after = (await loadState(app.store, drawStreamId(row.prize.id), prizeDecider)).state;
    if (after.status !== 'absent' && (after.terms?.version ?? 0) > before) issued += 1;
  }
  return issued;
}
