import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  causationKeys,
  checkoutDecider,
  createEventRegistry,
  entriesDecider,
  memberDecider,
  NO_SECONDARY_PRIZE_IMAGES,
  SEED_TIERS,
  tierSnapshot,
  type PrizeFields,
} from '@roar/domain';
import {
  createLogger,
  createPgSql,
  createPostgresEventStore,
  loadConfig,
  positionFromString,
  toNewEvents,
  type CommandContext,
  type Decider,
  type DomainEvent,
  type NewEvent,
} from '@roar/platform';
import { createTestDatabase, productStore } from '@roar/platform/testing';
import { createProjectionDaemon, drawEligibilityProjector, migrateReadModels, prizesProjector } from '@roar/projections';
import type { AppContext } from '../services/api/src/context';
import { closeEntries, drawWinner, prizeEvents, runPrizeCommand, scheduleDraw, verifyDraw } from '../services/api/src/draws/lifecycle';
import { eligibleFromReadModel } from '../services/api/src/draws/eligibility';
import { forEachLogEvent } from '../services/api/src/draws/log';

/**
 * The product's own close path over 100,000 paying members holding 10,000,000 tickets, on a
 * fresh PostgreSQL database with the PostgreSQL event store behind the registry's validation:
 * closeEntries (eligibility from the draw_eligibility read model at its checkpoint, CloseEntries appending the frozen list as
 * EntryListRecorded pages, the keys of the list stored beside it, the API's wait for the prizes
 * projection to write the pages read.draw_entrants reads), drawWinner (the reveal and the winner,
 * whose key is one line of those stored at close) and verifyDraw (the
 * audit's own replay of the log), against reading that frozen list back from read.draw_entrants.
 *
 * Seeding is not timed. Every member's events come out of the real deciders (registration,
 * checkout started, checkout created and completed, activation, the grant): six events per member,
 * 600,000 in all, appended 1,000 at a time into seed streams so the seeding takes seconds rather
 * than 300,000 single-stream appends; no stream-level state is read by the close path.
 */
const MEMBERS = 100_000;
const TICKETS = 10_000_000;
const APPEND_CHUNK = 1000;
const READ_ROUNDS = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function decideAll<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, commands: readonly C[]): E[] {
  let state = decider.initialState;
  const out: E[] = [];
  for (const command of commands) {
    for (const event of decider.decide(command, state)) {
      state = decider.evolve(state, event);
      out.push(event);
    }
  }
  return out;
}

/** Uneven holdings (50 to 150 tickets each) summing to exactly TICKETS. */
function ticketCounts(): number[] {
  const counts = Array.from({ length: MEMBERS }, (_, i) => 50 + (i % 101));
  counts[0] = counts[0]! + TICKETS - counts.reduce((sum, c) => sum + c, 0);
  if (counts[0]! <= 0) throw new Error('bench: ticket counts do not add up');
  return counts;
}

function memberEvents(registry: ReturnType<typeof createEventRegistry>, i: number, tickets: number, at: Date): NewEvent[] {
  const seed = SEED_TIERS.find((t) => t.fields.code === 'platinum');
  if (!seed) throw new Error('bench: no platinum seed tier');
  const tier = tierSnapshot(seed.membershipId, seed.fields);
  const memberId = randomUUID();
  const checkoutId = randomUUID();
  const paymentId = `pi_bench_${i}`;
  const subscriptionId = `sub_bench_${i}`;
  const iso = at.toISOString();
  const ctx: CommandContext = { actor: { type: 'member', id: memberId }, correlationId: randomUUID(), occurredAt: at };
  const member = decideAll(memberDecider, [
    {
      type: 'RegisterMember',
      memberId,
      email: `bench-${i}@example.test`,
      firstname: 'Bench',
      lastname: `Member${i}`,
      referralCode: `B${i}`,
      chosenTier: null,
      at: iso,
    },
    { type: 'StartMembershipCheckout', memberId, checkoutId, purpose: 'join', tier, tierPublished: true, amount_cents: tier.price_cents, at: iso },
  ]);
  const checkout = decideAll(checkoutDecider, [
    {
      type: 'CreateCheckout',
      checkoutId,
      memberId,
      purpose: 'join',
      tier,
      amount_cents: tier.price_cents,
      currency: 'AUD',
      provider: 'local',
      providerSessionId: `cs_${i}`,
      mode: 'subscription',
    },
    { type: 'CompleteCheckout', checkoutId, paymentId, subscriptionId, card: { brand: 'visa', last4: '4242' }, amount_cents: tier.price_cents },
  ]);
  const periodEnd = new Date(at.getTime() + 30 * 86_400_000).toISOString();
  // The activation folds over the member's own earlier events, as the product's handler would.
  let memberState = member.reduce(memberDecider.evolve, memberDecider.initialState);
  const activated = memberDecider.decide(
    { type: 'ActivateMembership', memberId, checkoutId, paymentId, subscriptionId, tier, periodStart: iso, periodEnd, source: 'join' },
    memberState,
  );
  memberState = activated.reduce(memberDecider.evolve, memberState);
  const granted = decideAll(entriesDecider, [
    {
      type: 'GrantEntries',
      memberId,
      grantId: randomUUID(),
      source: 'initial',
      count: tickets,
      membershipId: tier.membershipId,
      tierCode: tier.code,
      causationKey: causationKeys.initial(paymentId),
      reason: null,
      prizeId: null,
    },
  ]);
  return toNewEvents(registry, [...member, ...checkout, ...activated, ...granted], ctx);
}

/**
 * Peak RSS while `work` runs: sampled every 5 ms (the work is async, so the timer gets turns) plus
 * the process's maxRSS; and the peak of the V8 heap in use above where it stood at the start (RSS
 * does not shrink after an earlier step, so a later step's own growth shows in the heap figure).
 */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; peakRss: number; heapGrowth: number }> {
  let peak = process.memoryUsage.rss();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const maxBefore = process.resourceUsage().maxRSS * 1024;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 5);
  const started = performance.now();
  try {
    const value = await work();
    const ms = performance.now() - started;
    const maxAfter = process.resourceUsage().maxRSS * 1024;
    peak = Math.max(peak, process.memoryUsage.rss(), maxAfter > maxBefore ? maxAfter : 0);
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    return { value, ms, peakRss: peak, heapGrowth: heapPeak - heapBefore };
  } finally {
    clearInterval(timer);
  }
}

export async function benchClose(log: (line: string) => void): Promise<Record<string, number>> {
  const db = await createTestDatabase('roar_bench_close');
  if (!db) throw new Error('bench: no PostgreSQL server reachable (set DATABASE_URL or start one on 127.0.0.1:5432)');
  const sql = createPgSql({ connectionString: db.url, max: 8, applicationName: 'roar-bench-close' });
  const logger = createLogger('silent');
  const registry = createEventRegistry();
  const base = await createPostgresEventStore(sql, { callTimeoutMs: 300_000 });
  // The product's path: personal fields sealed on append and opened on read.
  const { store, keys } = await productStore(base, sql, registry);
  const daemon = createProjectionDaemon({ sql, store, projectors: [prizesProjector, drawEligibilityProjector], logger, batchSize: 2000 });
  try {
    const seedStarted = performance.now();
    const at = new Date(Date.now() - 86_400_000);
    const counts = ticketCounts();
    let pending: NewEvent[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      pending.push(...memberEvents(registry, i, counts[i]!, at));
      if (pending.length >= APPEND_CHUNK || i === MEMBERS - 1) {
        await store.append(`bench-seed-${i}`, pending, 'no_stream');
        pending = [];
      }
    }
    await sql.exec('analyze es.events'); // planner statistics, as autovacuum would have them on a live database
    // The seeding's dirty pages written out now, as a live database would have long since done: the
    // timed steps below do not pay for flushing them (nor for earlier sections' writes).
    await sql
      .exec('checkpoint')
      .catch((error: unknown) => log(`  (no checkpoint before timing: ${error instanceof Error ? error.message : String(error)})`));
    await migrateReadModels(sql, [prizesProjector, drawEligibilityProjector]);
    await daemon.start();
    const app: AppContext = {
      config: loadConfig({ PROJECTION_WAIT_MS: '60000', DATA_DIR: '.data/bench' }),
      logger,
      sql,
      store,
      registry,
      personalData: keys,
      projections: daemon,
      jobs: null,
      jwtSecret: 'bench-close-'.padEnd(40, 'x'),
      now: () => new Date(),
      publicUrl: () => 'http://localhost:3000',
    };
    const prizeId = `bench-prize-${randomUUID()}`;
    const fields: PrizeFields = {
      title: 'Bench giveaway',
      slug: `bench-giveaway-${prizeId.slice(-8)}`,
      description: '<p>Benchmark.</p>',
      hero_image: null,
      ...NO_SECONDARY_PRIZE_IMAGES,
      prize_type_id: 'normal',
      event_date: null,
      event_participants: null,
      prize_end_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      prize_value: 1000,
      prize_value_currency: 'AUD',
    };
    const staff = (): CommandContext => ({
      actor: { type: 'system', id: 'bench' },
      correlationId: randomUUID(),
      occurredAt: new Date(),
      reason: 'Benchmark',
    });
    await runPrizeCommand(app, prizeId, { type: 'CreatePrize', prizeId, fields }, staff());
    await runPrizeCommand(app, prizeId, { type: 'PublishPrize' }, staff());
    await scheduleDraw(app, prizeId, staff());
    if (!(await daemon.waitFor(await store.headPosition(), 300_000)))
      throw new Error('bench: the prizes projection did not catch up with the seeded log');
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    log(
      `product close path (PostgreSQL, ${MEMBERS.toLocaleString('en')} paying members, ${TICKETS.toLocaleString('en')} tickets, ${(MEMBERS * 6).toLocaleString('en')} events seeded in ${seedSeconds.toFixed(0)} s)`,
    );

    global.gc?.();
    const rssBefore = process.memoryUsage.rss();
    const close = await measured(() => closeEntries(app, prizeId, staff()));
    if (!close.value.caughtUp) throw new Error('bench: read.draw_entrants was not written within the wait');
    const draw = await measured(() => drawWinner(app, prizeId, staff()));
    const peakMb = Math.max(0, Math.max(close.peakRss, draw.peakRss) - rssBefore) / 1024 / 1024;
    global.gc?.();
    const audit = await measured(() => verifyDraw(store, prizeId));
    const auditHeapMb = Math.max(0, audit.heapGrowth) / 1024 / 1024;
    if (!audit.value.verified) throw new Error(`bench: the audit did not verify the draw: ${audit.value.lines.join(' / ')}`);

    // Where the time goes: the two reads every step above makes (informational, not in the ratios).
    const cutoff = (await prizeEvents(store, prizeId)).find((e) => e.type === 'EntriesClosed')?.data.cutoffPosition;
    if (!cutoff) throw new Error('bench: no EntriesClosed');
    const logRead = await measured(() => forEachLogEvent(store, cutoff, () => undefined));
    const asOf = (await prizeEvents(store, prizeId)).find((e) => e.type === 'EntriesClosed')?.data.asOf ?? new Date().toISOString();
    const readModel = await measured(() => eligibleFromReadModel(app, positionFromString(cutoff), { prizeId, prizeType: 'normal', asOf }));
    if (!readModel.value || readModel.value.eligible.length !== MEMBERS)
      throw new Error('bench: the draw_eligibility read model did not give every member');
    const prizeRead = await measured(() => prizeEvents(store, prizeId));

    const reads: number[] = [];
    for (let round = 0; round < READ_ROUNDS; round++) {
      const started = performance.now();
      const result = await sql.query<{ entrant_id: string; tickets: number }>(
        'select entrant_id, tickets from read.draw_entrants where prize_id = $1 order by position',
        [prizeId],
      );
      reads.push(performance.now() - started);
      const total = result.rows.reduce((sum, r) => sum + Number(r.tickets), 0);
      if (result.rows.length !== MEMBERS || total !== TICKETS)
        throw new Error(`bench: read ${result.rows.length} entrants / ${total} tickets from read.draw_entrants`);
    }
    const readMs = median(reads);
    const row = (label: string, ms: number) => log(`  ${label.padEnd(28)} ${ms.toFixed(0).padStart(8)} ms   ratio ${(ms / readMs).toFixed(2)}`);
    row('close (closeEntries)', close.ms);
    row('draw (drawWinner)', draw.ms);
    row('close + draw', close.ms + draw.ms);
    row('audit (verifyDraw)', audit.ms);
    log(`  ${'read list (draw_entrants)'.padEnd(28)} ${readMs.toFixed(0).padStart(8)} ms   (median of ${READ_ROUNDS})`);
    log(
      `  ${'  of which: read model'.padEnd(28)} ${readModel.ms.toFixed(0).padStart(8)} ms   (close: draw_eligibility rows at its checkpoint, ${readModel.value.refolded} keys re-folded from their streams)`,
    );
    log(
      `  ${'  of which: log read'.padEnd(28)} ${logRead.ms.toFixed(0).padStart(8)} ms   (${logRead.value.toLocaleString('en')} eligibility events streamed; only the audit replays them, draw reads one stored identity)`,
    );
    log(
      `  ${'  of which: prize stream'.padEnd(28)} ${prizeRead.ms.toFixed(0).padStart(8)} ms   (${prizeRead.value.length} events, decoded; the audit reads them once, the close and the draw fold only what is new since this process last did)`,
    );
    log(`  ${'peak RSS growth close+draw'.padEnd(28)} ${peakMb.toFixed(1).padStart(8)} MB`);
    log(
      `  ${'peak heap growth close'.padEnd(28)} ${(Math.max(0, close.heapGrowth) / 1024 / 1024).toFixed(1).padStart(8)} MB   (V8 heap in use above the start, garbage not yet collected included)`,
    );
    log(
      `  ${'peak heap growth audit'.padEnd(28)} ${auditHeapMb.toFixed(1).padStart(8)} MB   (the same; the log is streamed into the eligibility fold page by page)`,
    );
    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    log(
      `  goals: close + draw under 1 s: ${close.ms + draw.ms < 1000 ? 'yes' : 'NO'} (${seconds(close.ms + draw.ms)}); audit under 2 s: ${audit.ms < 2000 ? 'yes' : 'NO'} (${seconds(audit.ms)})`,
    );
    return {
      product_close_ms: Math.round(close.ms),
      product_draw_ms: Math.round(draw.ms),
      product_audit_ms: Math.round(audit.ms),
      product_read_list_ms: Math.round(readMs),
      product_close_ratio: Number((close.ms / readMs).toFixed(3)),
      product_draw_ratio: Number((draw.ms / readMs).toFixed(3)),
      product_close_and_draw_ratio: Number(((close.ms + draw.ms) / readMs).toFixed(3)),
      product_audit_ratio: Number((audit.ms / readMs).toFixed(3)),
      product_peak_rss_mb: Number(peakMb.toFixed(1)),
      product_close_peak_heap_mb: Number((Math.max(0, close.heapGrowth) / 1024 / 1024).toFixed(1)),
      product_audit_peak_heap_mb: Number(auditHeapMb.toFixed(1)),
      product_log_read_ms: Math.round(logRead.ms),
      product_read_model_ms: Math.round(readModel.ms),
      product_prize_stream_ms: Math.round(prizeRead.ms),
    };
  } finally {
    await daemon.stop();
    await store.close();
    await sql.close();
    await db.drop();
  }
}

// `node --expose-gc --import tsx bench/close.ts` runs this section alone (the full `npm run bench` runs it after the others).
if (import.meta.url === `file://${process.argv[1]}`) {
  benchClose((line) => process.stdout.write(`${line}\n`))
    .then((figures) => process.stdout.write(`${JSON.stringify(figures)}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    });
}
