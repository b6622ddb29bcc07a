import { randomUUID } from 'node:crypto';
import { readDrawSettings } from '../compliance/settings';
import { Router } from 'express';
import { z } from 'zod';
import { drawActionBodySchema, optionalReasonBodySchema, prizeCreateBodySchema, prizeUpdateBodySchema, type AdminPrize } from '@roar/contracts/draws';
import {
  beaconRoundTime,
  currentWinner,
  drawRecordsDecider,
  drawRecordsStreamId,
  drawStreamId,
  type RegulatorExportTakenEvent,
  prizeFieldsSchema,
  prizeStatusSchema,
  SLUG_TAKEN,
  type ExistingPrize,
  type PrizeCommand,
  type PrizeState,
} from '@roar/domain';
import { getPrize, listDrawEntrants, listPrizes, type PrizeWithDraw } from '@roar/projections';
import type { AppContext } from '../context';
import { requireStaff, staffOf, WRITER_ROLES } from '../auth/staff-tokens';
import { staffCommandContext } from '../staff-kit/command-context';
import { oneOrMany, pageOf, parseListQuery, sendList } from '../staff-kit/simple-rest';
import { sendCommandResult, type ExecutedCommand } from '../http/commands';
import { DomainError, handleCommand, type CommandContext } from '@roar/platform';
import { HttpError } from '../http/errors';
import { parseBody, parseParams } from '../http/validate';
import { toPrize } from '../prizes/view';
import { closeEntries, drawWinner, loadPrize, publishResult, redrawWinner, runPrizeCommand, scheduleDraw, verifyDraw } from './lifecycle';
import { fourEyesOn } from '../auth/staff-security';
import { registerGuardedAction } from '../approvals/actions';
import { heldForApproval } from '../approvals/request';
import type { DrawRecords } from '@roar/contracts/draw-records';
import { historyOf } from '../staff-kit/history';
import { buildRegulatorExport } from './regulator-export';
import { drawRecordsRetainedUntil, refuseDrawRecordsDeletion } from './retention';

/** The draw actions that decide a prize: four-eyes holds them for a second staff user. */
const GUARDED_DRAW_ACTIONS: Readonly<Record<string, { readonly kind: string; readonly verb: string; readonly done: string }>> = {
  draw: { kind: 'draw.run', verb: 'Draw the winner of', done: 'Winner drawn' },
  redraw: { kind: 'draw.redraw', verb: 'Redraw the winner of', done: 'Winner redrawn' },
  publish: { kind: 'draw.publish', verb: 'Publish the winner of', done: 'Winner published' },
};
const guardedDrawParams = z.object({ prizeId: z.string().min(1).max(200), reason: z.string().min(1).max(1000) });

/** Refuses at once what the draw would refuse anyway, so no request waits for approval in vain. */
function refuseEarly(name: string, prize: ExistingPrize, now: Date): void {
  const status = prize.draw.status;
  if (name === 'draw' && status !== 'closed')
    throw new DomainError('conflict', status === 'drawn' || status === 'published' ? 'A winner is already drawn.' : 'Close the entries first.');
  if (status === 'published' && name !== 'draw') throw new DomainError('conflict', 'The result is already published.');
  if (name === 'redraw' && status !== 'drawn') throw new DomainError('conflict', 'There is no winner to redraw.');
  const redrawOn = currentWinner(prize.draw)?.redrawOn ?? null;
  if (name === 'redraw' && redrawOn !== null && now.getTime() < Date.parse(redrawOn))
    throw new DomainError('conflict', `This prize cannot be redrawn before ${redrawOn.slice(0, 10)}.`);
  if (name === 'publish' && status !== 'drawn') throw new DomainError('conflict', 'There is no winner to publish.');
}

/**
 * A beacon draw's public facts (null for commit-reveal): the drand chain and round the draw is
 * committed to, when that round is published, and after the draw the round's signature (its
 * randomness, the SHA-256 of the signature, is `randomness`).
 */
function beaconFacts(beacon: PrizeWithDraw['draw']['beacon']) {
  const roundAt =
    beacon && beacon.genesisTime !== undefined && beacon.period !== undefined
      ? beaconRoundTime(beacon.genesisTime, beacon.period, beacon.round).toISOString()
      : null;
  return {
    beacon_name: beacon?.name ?? null,
    beacon_url: beacon?.url ?? null,
    beacon_chain_hash: beacon?.chainHash ?? null,
    beacon_scheme: beacon?.scheme ?? null,
    beacon_public_key: beacon?.publicKey ?? null,
    beacon_round: beacon?.round ?? null,
    beacon_round_at: roundAt,
    beacon_signature: beacon?.signature ?? null,
    beacon_previous_signature: beacon?.previousSignature ?? null,
  };
}

/** The console's record: the public Prize plus everything an auditor reads about its draw. */
export function toAdminPrize(row: PrizeWithDraw): AdminPrize {
  const { draw } = row;
  return {
    ...toPrize(row),
    // Staff edit the stored images: the public fallback of portraits to the plain image is not saved back.
    hero_image_portrait: row.prize.hero_image_portrait,
    secondary_image_1_portrait: row.prize.secondary_image_1_portrait,
    secondary_image_2_portrait: row.prize.secondary_image_2_portrait,
    secondary_image_3_portrait: row.prize.secondary_image_3_portrait,
    draw_status: draw.status,
    draw_method: draw.method,
    commitment: draw.commitment,
    ...beaconFacts(draw.beacon),
    list_hash: draw.list_hash,
    entrant_count: draw.entrant_count,
    total_tickets: draw.total_tickets,
    cutoff_position: draw.cutoff_position,
    as_of: draw.as_of,
    eligibility_rule_version: draw.eligibility_rule_version,
    randomness: draw.randomness,
    seed: draw.seed,
    winners: draw.winners,
    next_k: draw.next_k,
    winner_display: draw.display,
    created_at: row.prize.created_at,
    updated_at: row.prize.updated_at,
  };
}

const idParams = z.object({ id: z.string().min(1).max(200) });
/** The contract's bodies, with the domain's fields where it narrows them (sanitised description, storable instant). */
export const createSchema = prizeCreateBodySchema.extend({
  description: prizeFieldsSchema.shape.description.default(''),
  prize_end_date: prizeFieldsSchema.shape.prize_end_date,
});
export const updateSchema = prizeUpdateBodySchema.extend({
  description: prizeFieldsSchema.shape.description.optional(),
  prize_end_date: prizeFieldsSchema.shape.prize_end_date.optional(),
});
export const actionSchema = drawActionBodySchema;
export const optionalReason = optionalReasonBodySchema;
export const SORT_FIELDS = ['prize_end_date', 'title', 'status', 'draw_status', 'prize_type_id', 'prize_value', 'id'] as const;
export const filterSchema = z
  .object({ id: oneOrMany(z.string()).optional(), status: oneOrMany(prizeStatusSchema).optional(), q: z.string().max(100).optional() })
  .strict();

/**
 * Slugs are unique through their reservation streams (prizes/slug.ts). Prizes created before those
 * streams existed hold no reservation, so the read model is still asked first: a slug one of them
 * uses is refused too. The reservation alone decides between concurrent requests.
 */
async function slugUsedByAnotherPrize(app: AppContext, slug: string, prizeId: string): Promise<boolean> {
  return (await listPrizes(app.sql)).some((r) => r.prize.slug === slug && r.prize.id !== prizeId);
}

async function answer(
  app: AppContext,
  res: Parameters<typeof sendCommandResult>[0],
  result: ExecutedCommand<PrizeState>,
  prizeId: string,
  status: 200 | 201,
): Promise<void> {
  const row = await getPrize(app.sql, prizeId);
  sendCommandResult(res, result, status, row ? toAdminPrize(row) : { id: prizeId });
}

/** `/api/admin/prizes` in ra-data-simple-rest conventions, the draw actions, the entry list and verify. */
export function prizesAdminRouter(app: AppContext): Router {
  const router = Router();
  const anyStaff = requireStaff(app);
  const writers = requireStaff(app, WRITER_ROLES);

  router.get('/', anyStaff, async (req, res) => {
    const query = parseListQuery(req, { sortFields: SORT_FIELDS, defaultSort: { field: 'prize_end_date', order: 'DESC' }, filter: filterSchema });
    const { id, status, q } = query.filter;
    const needle = q?.toLowerCase();
    const records = (await listPrizes(app.sql, { ...(status ? { statuses: status } : {}), ...(id ? { ids: id } : {}) }))
      .map(toAdminPrize)
      .filter((r) => !needle || r.title.toLowerCase().includes(needle) || r.slug.includes(needle))
      .sort((a, b) => {
        const x = a[query.sort.field];
        const y = b[query.sort.field];
        const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
        return query.sort.order === 'ASC' ? c : -c;
      });
    const { offset, limit } = pageOf(query.range);
    sendList(res, 'prizes', records.slice(offset, offset + limit), offset, records.length);
  });

  router.get('/:id', anyStaff, async (req, res) => {
    const { id } = parseParams(idParams, req);
    const row = await getPrize(app.sql, id);
    if (!row) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    // The claim period is not in the prizes read model: the one-prize answer reads it from the draw's stream.
    const { state } = await loadPrize(app.store, id);
    res.json({ ...toAdminPrize(row), claim_period_days: state.status === 'absent' ? null : (state.fields.claim_period_days ?? null) });
  });

  router.post('/', writers, async (req, res) => {
    const { reason, status, ...fields } = parseBody(createSchema, req);
    const prizeId = randomUUID();
    if (await slugUsedByAnotherPrize(app, fields.slug, prizeId)) throw new HttpError(409, SLUG_TAKEN, 'CONFLICT');
    const ctx = staffCommandContext(app, req, res, reason);
    let result = await runPrizeCommand(app, prizeId, { type: 'CreatePrize', prizeId, fields }, ctx);
    if (status !== 'draft') result = await runPrizeCommand(app, prizeId, { type: status === 'published' ? 'PublishPrize' : 'ArchivePrize' }, ctx);
    await answer(app, res, result, prizeId, 201);
  });

  router.put('/:id', writers, async (req, res) => {
    const { id } = parseParams(idParams, req);
    const { reason, status, ...changes } = parseBody(updateSchema, req);
    const current = await getPrize(app.sql, id);
    if (!current) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    if (status === 'draft' && current.prize.status !== 'draft')
      throw new HttpError(400, 'A published prize cannot go back to draft: archive it.', 'INVALID_PAYLOAD');
    if (changes.slug && (await slugUsedByAnotherPrize(app, changes.slug, id))) throw new HttpError(409, SLUG_TAKEN, 'CONFLICT');
    const ctx = staffCommandContext(app, req, res, reason);
    const commands: PrizeCommand[] = [{ type: 'UpdatePrize', changes }];
    if (status === 'published') commands.push({ type: 'PublishPrize' });
    if (status === 'archived') commands.push({ type: 'ArchivePrize' });
    let result: ExecutedCommand<PrizeState> | null = null;
    for (const command of commands) result = await runPrizeCommand(app, id, command, ctx);
    await answer(app, res, result!, id, 200);
  });

  const action = (
    name: string,
    run: (id: string, reason: string, ctx: CommandContext) => Promise<ExecutedCommand<PrizeState>>,
    reasonRequired: boolean,
  ) => {
    const guard = GUARDED_DRAW_ACTIONS[name];
    if (guard) {
      registerGuardedAction(app, {
        kind: guard.kind,
        params: guardedDrawParams,
        execute: async (p, ctx) => {
          await run(p.prizeId, p.reason, ctx);
          return guard.done;
        },
      });
    }
    router.post(`/:id/${name}`, writers, async (req, res) => {
      const { id } = parseParams(idParams, req);
      const reason = reasonRequired ? parseBody(actionSchema, req).reason : (parseBody(optionalReason, req).reason ?? '') || `Staff ${name}`;
      if (guard && (await fourEyesOn(app))) {
        const { state } = await loadPrize(app.store, id);
        if (state.status === 'absent') throw new HttpError(404, 'Not found.', 'NOT_FOUND');
        refuseEarly(name, state, app.now());
        if (
          await heldForApproval(app, req, res, {
            kind: guard.kind,
            params: { prizeId: id, reason },
            summary: `${guard.verb} ${state.fields.title}`,
            reason,
          })
        )
          return;
      }
      const result = await run(id, reason, staffCommandContext(app, req, res, reason));
      await answer(app, res, result, id, 200);
    });
  };
  action('schedule', (id, _r, ctx) => scheduleDraw(app, id, ctx), false);
  action('close', (id, _r, ctx) => closeEntries(app, id, ctx), false);
  action('draw', (id, _r, ctx) => drawWinner(app, id, ctx), false);
  action('redraw', (id, reason, ctx) => redrawWinner(app, id, reason, ctx), true);
  action(
    'notify',
    async (id, _r, ctx) => {
      // The draw's own claim period, else the club's default.
      const { state } = await loadPrize(app.store, id);
      const claimPeriodDays =
        (state.status === 'absent' ? undefined : state.fields.claim_period_days) ?? (await readDrawSettings(app)).defaultClaimPeriodDays;
      return runPrizeCommand(app, id, { type: 'NotifyWinner', now: app.now().toISOString(), claimPeriodDays }, ctx);
    },
    false,
  );
  action('publish', (id, _r, ctx) => publishResult(app, id, ctx), false);

  router.get('/:id/entry-list', anyStaff, async (req, res) => {
    const { id } = parseParams(idParams, req);
    const query = parseListQuery(req, { sortFields: ['position'], defaultSort: { field: 'position', order: 'ASC' }, filter: z.object({}).strict() });
    const { offset, limit } = pageOf(query.range, 500);
    const page = await listDrawEntrants(app.sql, id, { offset, limit });
    sendList(
      res,
      'entry-list',
      page.rows.map((r) => ({
        id: r.entrant_id,
        entrant_id: r.entrant_id,
        position: r.position,
        tickets: r.tickets,
        first_ticket: r.first_ticket,
        last_ticket: r.first_ticket + r.tickets - 1,
      })),
      offset,
      page.total,
    );
  });

  // Issue 22, the regulator's records: one zip per draw for auditors and admins, each export logged
  // (RegulatorExportTaken on the draw's records stream) with who took it.
  router.get('/:id/regulator-export', requireStaff(app, ['admin', 'auditor']), async (req, res) => {
    const { id } = parseParams(idParams, req);
    const built = await buildRegulatorExport(app, id);
    if (!built) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const staff = staffOf(res);
    await handleCommand(
      app.store,
      app.registry,
      drawRecordsStreamId(id),
      drawRecordsDecider,
      { type: 'RecordRegulatorExport', prizeId: id, takenBy: staff.id, files: built.files, sha256: built.sha256 },
      staffCommandContext(app, req, res, 'Regulator export'),
    );
    res.status(200);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="${built.filename}"`);
    res.setHeader('X-Content-SHA256', built.sha256);
    res.end(built.zip);
  });

  router.get('/:id/records', anyStaff, async (req, res) => {
    const { id } = parseParams(idParams, req);
    const kept = await drawRecordsRetainedUntil(app, id);
    if (!kept) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const taken = await app.store.readStream(drawRecordsStreamId(id));
    const answer: DrawRecords = {
      prize_id: id,
      retained_until: kept.until,
      retention_years: kept.years,
      exports: taken
        .filter((e) => e.type === 'RegulatorExportTaken')
        .map((e) => {
          const d = e.data as RegulatorExportTakenEvent['data'];
          return { taken_at: new Date(e.metadata.occurredAt).toISOString(), taken_by: d.takenBy, sha256: d.sha256, files: d.files };
        }),
      events: await historyOf(app.sql, [drawStreamId(id), drawRecordsStreamId(id)]),
    };
    res.json(answer);
  });

  // Retention: a draw's records are never deleted before recordsRetentionYears (409 naming the date).
  router.delete('/:id', writers, async (req, res) => {
    const { id } = parseParams(idParams, req);
    await refuseDrawRecordsDeletion(app, id);
    res.status(204).end();
  });

  router.post('/:id/verify', anyStaff, async (req, res) => {
    const { id } = parseParams(idParams, req);
    const report = await verifyDraw(app.store, id);
    res.json({ verified: report.verified, lines: report.lines });
  });

  return router;
}
