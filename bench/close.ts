import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  causationKeys,
  checkoutDecider,
  createEventRegistry,
  eligibilityPayloadFieldsFor,
  entriesDecider,
  memberDecider,
  NO_SECONDARY_PRIZE_IMAGES,
  SEED_TIERS,
  tierSnapshot,
  type PrizeFields,
} from '@roar/domain';
import {
  sealEvents,
  type EventStore,
  type PersonalDataKeyStore,
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
const MEMBERS_1M = 1_000_000;
const TICKETS_1M = 100_000_000;
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

/** Uneven holdings (50 to 150 tickets each) summing to exactly `tickets`. */
function ticketCounts(members: number, tickets: number): number[] {
  const counts = Array.from({ length: members }, (_, i) => 50 + (i % 101));
  counts[0] = counts[0]! + tickets - counts.reduce((sum, c) => sum + c, 0);
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
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; cpuMs: number; peakRss: number; heapGrowth: number }> {
  let peak = process.memoryUsage.rss();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const maxBefore = process.resourceUsage().maxRSS * 1024;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 5);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  try {
    const value = await work();
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const maxAfter = process.resourceUsage().maxRSS * 1024;
    peak = Math.max(peak, process.memoryUsage.rss(), maxAfter > maxBefore ? maxAfter : 0);
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    return { value, ms, cpuMs: (cpu.user + cpu.system) / 1000, peakRss: peak, heapGrowth: heapPeak - heapBefore };
  } finally {
    clearInterval(timer);
  }
}

export interface CloseBench {
  readonly app: AppContext;
  readonly sql: ReturnType<typeof createPgSql>;
  readonly store: EventStore;
  readonly keys: PersonalDataKeyStore;
  readonly registry: ReturnType<typeof createEventRegistry>;
  readonly daemon: ReturnType<typeof createProjectionDaemon>;
  readonly close: () => Promise<void>;
}

/** The product's stores, projections and app context over a database url (seeded or not). */
export async function openCloseBench(url: string): Promise<CloseBench> {
  const sql = createPgSql({ connectionString: url, max: 8, applicationName: 'roar-bench-close' });
  const logger = createLogger('silent');
  const registry = createEventRegistry();
  const base = await createPostgresEventStore(sql, { callTimeoutMs: 300_000 });
  // The product's path: personal fields sealed on append and opened on read.
  const { store, keys } = await productStore(base, sql, registry);
  const daemon = createProjectionDaemon({ sql, store, projectors: [prizesProjector, drawEligibilityProjector], logger, batchSize: 2000 });
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
  return {
    app,
    sql,
    store,
    registry,
    keys,
    daemon,
    close: async () => {
      await daemon.stop();
      await keys.close();
      await store.close();
      await sql.close();
    },
  };
}

/** Members seeded per COPY (one transaction each, as many appends would be). */
const COPY_MEMBERS = 50_000;

/** A value in COPY's text format: backslashes doubled (JSON escapes its own tabs and newlines). */
const copyText = (value: string): string => value.replaceAll('\\', '\\\\');

/** Runs `copy ... from stdin` through psql, feeding it `rows` lines; resolves when psql has committed them. */
async function copyRows(url: string, statement: string, rows: (write: (line: string) => Promise<void>) => Promise<void>): Promise<void> {
  const psql = spawn('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qc', statement], { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  psql.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<void>((resolve, reject) => {
    psql.on('error', reject);
    psql.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`bench: psql copy failed (${code}): ${stderr.trim()}`))));
  });
  let buffered = '';
  const write = async (line: string) => {
    buffered += line;
    if (buffered.length < 1 << 20) return;
    const chunk = buffered;
    buffered = '';
    if (!psql.stdin.write(chunk)) await new Promise<void>((resolve) => psql.stdin.once('drain', () => resolve()));
  };
  await rows(write);
  psql.stdin.end(buffered);
  await done;
}

/**
 * Every member's six events from the real deciders, validated by the registry as an append would
 * (validateNew), written with COPY through psql (one transaction per COPY_MEMBERS members) into
 * seed streams of APPEND_CHUNK events: a 1,000,000-member log in minutes, not the hours of
 * appends. The projections catch up over it as over any log (scheduledDraw waits for them).
 */
export async function seedMembers(bench: CloseBench, url: string, members: number, tickets: number): Promise<void> {
  const at = new Date(Date.now() - 86_400_000);
  const counts = ticketCounts(members, tickets);
  const streams: Array<[string, number]> = [];
  for (let from = 0; from < members; from += COPY_MEMBERS) {
    await copyRows(url, 'copy es.events (stream_id, stream_position, event_id, event_type, data, metadata) from stdin', async (write) => {
      let stream = '';
      let position = APPEND_CHUNK;
      for (let i = from; i < Math.min(members, from + COPY_MEMBERS); i++) {
        // Checked by the registry and sealed with the member's key, as the product's append would.
        for (const e of await sealEvents(
          memberEvents(bench.registry, i, counts[i]!, at).map((event) => bench.registry.validateNew(event)),
          bench.registry,
          bench.keys,
        )) {
          if (position >= APPEND_CHUNK) {
            stream = `bench-seed-${i}`;
            streams.push([stream, 0]);
            position = 0;
          }
          streams[streams.length - 1]![1] = position;
          await write(`${stream}\t${position}\t${e.id}\t${e.type}\t${copyText(JSON.stringify(e.data))}\t${copyText(JSON.stringify(e.metadata))}\n`);
          position += 1;
        }
      }
    });
  }
  await copyRows(url, 'copy es.streams (stream_id, revision) from stdin', async (write) => {
    for (const [stream, revision] of streams) await write(`${stream}\t${revision}\n`);
  });
}

const staff = (): CommandContext => ({
  actor: { type: 'system', id: 'bench' },
  correlationId: randomUUID(),
  occurredAt: new Date(),
  reason: 'Benchmark',
});

/** A published giveaway with its draw scheduled, the projections caught up with the whole log. */
export async function scheduledDraw(bench: CloseBench): Promise<string> {
  const { app, store, daemon } = bench;
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
  await runPrizeCommand(app, prizeId, { type: 'CreatePrize', prizeId, fields }, staff());
  await runPrizeCommand(app, prizeId, { type: 'PublishPrize' }, staff());
  await scheduleDraw(app, prizeId, staff());
  if (!(await daemon.waitFor(await store.headPosition(), 1_800_000)))
    throw new Error('bench: the prizes projection did not catch up with the seeded log');
  return prizeId;
}

export interface DrawFigures {
  readonly closeMs: number;
  /** This process's CPU time in the close and in the audit (every thread: V8's collector included; not the database's). */
  readonly closeCpuMs: number;
  readonly auditCpuMs: number;
  readonly drawMs: number;
  readonly auditMs: number;
  readonly readMs: number;
  readonly closePeakMb: number;
  readonly auditPeakMb: number;
  readonly closeHeapMb: number;
  readonly auditHeapMb: number;
  readonly entrants: number;
  readonly logReadMs: number;
  readonly logEvents: number;
  readonly readModelMs: number;
  readonly prizeStreamMs: number;
  readonly prizeEvents: number;
}

const mb = (bytes: number) => Math.max(0, bytes) / 1024 / 1024;

/** Close, draw and audit one scheduled draw, and read its frozen list back (the floor), with their peaks. */
export async function measureDraw(bench: CloseBench, prizeId: string, members: number, tickets: number): Promise<DrawFigures> {
  const { app, store, sql } = bench;
  global.gc?.();
  const rssBefore = process.memoryUsage.rss();
  const close = await measured(() => closeEntries(app, prizeId, staff()));
  if (!close.value.caughtUp) throw new Error('bench: read.draw_entrants was not written within the wait');
  const draw = await measured(() => drawWinner(app, prizeId, staff()));
  const closePeakMb = mb(Math.max(close.peakRss, draw.peakRss) - rssBefore);
  global.gc?.();
  const auditRssBefore = process.memoryUsage.rss();
  const audit = await measured(() => verifyDraw(store, prizeId));
  if (!audit.value.verified) throw new Error(`bench: the audit did not verify the draw: ${audit.value.lines.join(' / ')}`);
  const auditPeakMb = mb(audit.peakRss - auditRssBefore);

  // Where the time goes: the two reads every step above makes (informational, not in the ratios).
  const cutoff = (await prizeEvents(store, prizeId)).find((e) => e.type === 'EntriesClosed')?.data.cutoffPosition;
  if (!cutoff) throw new Error('bench: no EntriesClosed');
  // What the audit reads of the log for this draw (a normal draw under rule 1: no registrations).
  const logRead = await measured(() =>
    forEachLogEvent(store, cutoff, () => undefined, { fields: eligibilityPayloadFieldsFor({ prizeType: 'normal' }) }),
  );
  const asOf = (await prizeEvents(store, prizeId)).find((e) => e.type === 'EntriesClosed')?.data.asOf ?? new Date().toISOString();
  const readModel = await measured(() => eligibleFromReadModel(app, positionFromString(cutoff), { prizeId, prizeType: 'normal', asOf }));
  if (!readModel.value || readModel.value.eligible.length !== members)
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
    let total = 0;
    for (const r of result.rows) total += Number(r.tickets);
    if (result.rows.length !== members || total !== tickets)
      throw new Error(`bench: read ${result.rows.length} entrants / ${total} tickets from read.draw_entrants`);
  }
  return {
    closeMs: close.ms,
    closeCpuMs: close.cpuMs,
    auditCpuMs: audit.cpuMs,
    drawMs: draw.ms,
    auditMs: audit.ms,
    readMs: median(reads),
    closePeakMb,
    auditPeakMb,
    closeHeapMb: mb(close.heapGrowth),
    auditHeapMb: mb(audit.heapGrowth),
    entrants: members,
    logReadMs: logRead.ms,
    logEvents: logRead.value,
    readModelMs: readModel.ms,
    prizeStreamMs: prizeRead.ms,
    prizeEvents: prizeRead.value.length,
  };
}

function printDraw(f: DrawFigures, log: (line: string) => void): void {
  const row = (label: string, ms: number, goal = '') =>
    log(`  ${label.padEnd(28)} ${ms.toFixed(0).padStart(8)} ms   ratio ${(ms / f.readMs).toFixed(2)}${goal}`);
  row('close (closeEntries)', f.closeMs, `   goal <= 3: ${f.closeMs / f.readMs <= 3 ? 'met' : 'NOT met'}`);
  log(
    `  ${'  of which: CPU here'.padEnd(28)} ${f.closeCpuMs.toFixed(0).padStart(8)} ms   (this process's CPU in the close, every thread; the database's not counted: steadier than the wall time between runs)`,
  );
  row('draw (drawWinner)', f.drawMs);
  row('close + draw', f.closeMs + f.drawMs);
  row('audit (verifyDraw)', f.auditMs, `   goal <= 5: ${f.auditMs / f.readMs <= 5 ? 'met' : 'NOT met'}`);
  log(`  ${'  of which: CPU here'.padEnd(28)} ${f.auditCpuMs.toFixed(0).padStart(8)} ms   (this process's CPU in the audit, every thread)`);
  log(`  ${'read list (draw_entrants)'.padEnd(28)} ${f.readMs.toFixed(0).padStart(8)} ms   (the floor: median of ${READ_ROUNDS})`);
  log(`  ${'  of which: read model'.padEnd(28)} ${f.readModelMs.toFixed(0).padStart(8)} ms   (close: draw_eligibility rows at its checkpoint)`);
  log(
    `  ${'  of which: log read'.padEnd(28)} ${f.logReadMs.toFixed(0).padStart(8)} ms   (${f.logEvents.toLocaleString('en')} eligibility events streamed; only the audit replays them)`,
  );
  log(`  ${'  of which: prize stream'.padEnd(28)} ${f.prizeStreamMs.toFixed(0).padStart(8)} ms   (${f.prizeEvents} events, decoded)`);
  log(
    `  ${'peak RSS growth close+draw'.padEnd(28)} ${f.closePeakMb.toFixed(1).padStart(8)} MB   (${((f.closePeakMb * 1024 * 1024) / f.entrants).toFixed(0)} bytes per entrant)`,
  );
  log(
    `  ${'peak RSS growth audit'.padEnd(28)} ${f.auditPeakMb.toFixed(1).padStart(8)} MB   (${((f.auditPeakMb * 1024 * 1024) / f.entrants).toFixed(0)} bytes per entrant)`,
  );
  log(
    `  ${'peak heap growth close'.padEnd(28)} ${f.closeHeapMb.toFixed(1).padStart(8)} MB   (V8 heap in use above the start, uncollected garbage included)`,
  );
  log(`  ${'peak heap growth audit'.padEnd(28)} ${f.auditHeapMb.toFixed(1).padStart(8)} MB`);
}

/** The figure keys of issue 25 (perf-common), `prefix` product_ or product_1m_. */
function drawKeys(prefix: string, f: DrawFigures): Record<string, number> {
  return {
    [`${prefix}list_read_ms`]: Math.round(f.readMs),
    [`${prefix}close_ms`]: Math.round(f.closeMs),
    [`${prefix}draw_ms`]: Math.round(f.drawMs),
    [`${prefix}audit_ms`]: Math.round(f.auditMs),
    [`${prefix}close_cpu_ms`]: Math.round(f.closeCpuMs),
    [`${prefix}audit_cpu_ms`]: Math.round(f.auditCpuMs),
    [`${prefix}close_peak_mb`]: Number(Math.max(f.closePeakMb, f.closeHeapMb).toFixed(1)),
    [`${prefix}audit_peak_mb`]: Number(Math.max(f.auditPeakMb, f.auditHeapMb).toFixed(1)),
    [`${prefix}entrants`]: f.entrants,
    [`${prefix}close_ratio`]: Number((f.closeMs / f.readMs).toFixed(3)),
    [`${prefix}audit_ratio`]: Number((f.auditMs / f.readMs).toFixed(3)),
    [`${prefix}log_read_ms`]: Math.round(f.logReadMs),
    [`${prefix}read_model_ms`]: Math.round(f.readModelMs),
    [`${prefix}prize_stream_ms`]: Math.round(f.prizeStreamMs),
  };
}

/** One run over `members` members: a fresh database seeded, one draw closed, drawn and audited. */
async function runSize(members: number, tickets: number, prefix: string, log: (line: string) => void): Promise<Record<string, number>> {
  const db = await createTestDatabase('roar_bench_close');
  if (!db) throw new Error('bench: no PostgreSQL server reachable (set DATABASE_URL or start one on 127.0.0.1:5432)');
  let bench: CloseBench | null = null;
  try {
    bench = await openCloseBench(db.url);
    const seedStarted = performance.now();
    await seedMembers(bench, db.url, members, tickets);
    const prizeId = await scheduledDraw(bench);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    // Visibility and planner statistics of the seeded log and read models, as autovacuum would have
    // them on a live database (rows written by COPY would otherwise have their hint bits set, pages
    // dirtied, by the first timed read); then the seeding's dirty pages written out, as a live database would have long since done: the
    // timed steps below do not pay for flushing them (nor for earlier sections' writes).
    await bench.sql.exec('vacuum analyze');
    await bench.sql
      .exec('checkpoint')
      .catch((error: unknown) => log(`  (no checkpoint before timing: ${error instanceof Error ? error.message : String(error)})`));
    log(
      `product close path (PostgreSQL, ${members.toLocaleString('en')} paying members, ${tickets.toLocaleString('en')} tickets, ${(members * 6).toLocaleString('en')} events seeded and projected in ${seedSeconds.toFixed(0)} s)`,
    );
    const figures = await measureDraw(bench, prizeId, members, tickets);
    printDraw(figures, log);
    return { ...drawKeys(prefix, figures), [`${prefix}seed_s`]: Math.round(seedSeconds) };
  } finally {
    await bench?.close();
    await db.drop();
  }
}

/**
 * The same path at 1,000,000 members and 100,000,000 tickets (issue 25): the ratios to the list
 * read must hold, and peak memory grow with entrants. Its own section (`npm run bench -- close1m`,
 * also in the full run): seeding 6,000,000 events and projecting them takes minutes.
 */
export async function benchClose1m(log: (line: string) => void): Promise<Record<string, number>> {
  return runSize(MEMBERS_1M, TICKETS_1M, 'product_1m_', log);
}

export async function benchClose(log: (line: string) => void): Promise<Record<string, number>> {
  const figures = await runSize(MEMBERS, TICKETS, 'product_', log);
  // The names earlier runs printed (docs/bench.md), kept for the history.
  return {
    ...figures,
    product_read_list_ms: figures.product_list_read_ms!,
    product_close_and_draw_ratio: Number(((figures.product_close_ms! + figures.product_draw_ms!) / figures.product_list_read_ms!).toFixed(3)),
  };
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
