import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { causationKeys, entriesDecider, entriesStreamId, NO_SECONDARY_PRIZE_IMAGES, SEED_TIERS, type PrizeFields } from '@roar/domain';
import { handleCommand, newCorrelationId, type CommandContext } from '@roar/platform';
import { seedPaidMember } from '../src/members/admin/test-members';
import { closeEntries, drawWinner, loadPrize, prizeEvents, runPrizeCommand, scheduleDraw, verifyDraw } from '../src/draws/lifecycle';
import { eligibleAtCutoff } from '../src/draws/log';
import { startTestApi, type TestApi } from './setup';

/**
 * Closing reads eligibility from the draw_eligibility read model at its checkpoint instead of
 * replaying the log; members with events after the close's as-of instant are folded again from
 * their own streams. The list must be the one the log replay (the audit's) gives at the same cutoff.
 */
let api: TestApi | null;

beforeAll(async () => {
  api = await startTestApi({ database: 'pglite' });
}, 60_000);
afterAll(async () => {
  await api?.close();
});

const staff = (): CommandContext => ({ actor: { type: 'system', id: 'test' }, correlationId: randomUUID(), occurredAt: new Date(), reason: 'test' });
const platinum = SEED_TIERS.find((t) => t.fields.code === 'platinum')!;

async function grant(memberId: string, count: number, at: Date, prizeId: string | null = null): Promise<void> {
  const app = api!.ctx;
  const ctx = { actor: { type: 'system' as const, id: 'test' }, correlationId: newCorrelationId(), occurredAt: at };
  const command = {
    type: 'GrantEntries' as const,
    memberId,
    grantId: randomUUID(),
    source: prizeId === null ? ('staff-adjustment' as const) : ('single-entry' as const),
    count,
    membershipId: platinum.membershipId,
    tierCode: 'platinum',
    causationKey: causationKeys.staff(randomUUID()),
    reason: 'test',
    prizeId,
  };
  const r = await handleCommand(app.store, app.registry, entriesStreamId(memberId), entriesDecider, command, ctx);
  if (!r.appended) throw new Error('the later grant was not appended');
}

/** Counts the typed log reads (the eligibility replay) made while `work` runs. */
async function logReads<T>(work: () => Promise<T>): Promise<{ value: T; reads: number }> {
  const store = api!.ctx.store;
  const original = store.readTypesUpTo.bind(store);
  const originalFields = store.readTypeFieldsUpTo.bind(store);
  let reads = 0;
  store.readTypesUpTo = (...args) => {
    reads += 1;
    return original(...args);
  };
  store.readTypeFieldsUpTo = (...args) => {
    reads += 1;
    return originalFields(...args);
  };
  try {
    return { value: await work(), reads };
  } finally {
    store.readTypesUpTo = original;
    store.readTypeFieldsUpTo = originalFields;
  }
}

describe('draw eligibility read model', () => {
  it('closes from the read model without replaying the log, leaves out what happened after the as-of instant, and the audit verifies', async () => {
    const app = api!.ctx;
    const dayAgo = new Date(Date.now() - 86_400_000);
    const later = new Date(Date.now() + 2 * 3_600_000);
    const early = await seedPaidMember(app.store, app.registry, { email: 'elig1@example.test', firstname: 'E', lastname: 'One' }, dayAgo);
    const steady = await seedPaidMember(app.store, app.registry, { email: 'elig2@example.test', firstname: 'E', lastname: 'Two' }, dayAgo);
    const future = await seedPaidMember(app.store, app.registry, { email: 'elig3@example.test', firstname: 'E', lastname: 'Three' }, later);
    const prizeId = randomUUID();
    await grant(early.memberId, 7, later);
    // Single entries count only in their own prize's draw.
    await grant(steady.memberId, 3, dayAgo, prizeId);
    await grant(steady.memberId, 4, dayAgo, randomUUID());

    const fields: PrizeFields = {
      title: 'Eligibility',
      slug: 'eligibility-read-model',
      description: '<p>Test.</p>',
      hero_image: null,
      ...NO_SECONDARY_PRIZE_IMAGES,
      prize_type_id: 'normal',
      event_date: null,
      event_participants: null,
      prize_end_date: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      prize_value: 100,
      prize_value_currency: 'AUD',
    };
    await runPrizeCommand(app, prizeId, { type: 'CreatePrize', prizeId, fields }, staff());
    await scheduleDraw(app, prizeId, staff());
    const waitFor = app.projections.waitFor.bind(app.projections);
    const waits: Array<readonly string[] | undefined> = [];
    app.projections.waitFor = (position, timeoutMs, scope) => {
      waits.push(scope?.readModels);
      return waitFor(position, timeoutMs, scope);
    };
    const closed = await logReads(() => closeEntries(app, prizeId, staff())).finally(() => (app.projections.waitFor = waitFor));
    expect(closed.reads).toBe(0);
    // The read of eligibility waits for its own read model only, the answer for the prizes read model only.
    expect(waits).toEqual([['draw_eligibility'], ['prizes']]);

    const { state } = await loadPrize(app.store, prizeId);
    const events = await prizeEvents(app.store, prizeId);
    if (state.status === 'absent') throw new Error('no prize');
    const close = events.find((e) => e.type === 'EntriesClosed');
    if (close?.type !== 'EntriesClosed') throw new Error('not closed');
    const replayed = await eligibleAtCutoff(app.store, close.data.cutoffPosition, { prizeId, prizeType: 'normal', asOf: close.data.asOf });
    const byKey = new Map(replayed.map((e) => [e.key, e.tickets]));
    expect(byKey.get(`member:${early.memberId}`)).toBe(platinum.fields.initial_tickets);
    expect(byKey.get(`member:${steady.memberId}`)).toBe(platinum.fields.initial_tickets + 3);
    expect(byKey.has(`member:${future.memberId}`)).toBe(false);
    expect(state.draw.entrants.length).toBe(replayed.length);
    expect(state.draw.totalTickets).toBe(replayed.reduce((n, e) => n + e.tickets, 0));

    await drawWinner(app, prizeId, staff());
    const report = await verifyDraw(app.store, prizeId);
    expect(report.lines).toContain('VERIFIED');
    expect(report.verified).toBe(true);
  }, 60_000);
});
