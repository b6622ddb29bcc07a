import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { SEED_TIERS, tierSnapshot, type TierSnapshot } from '@roar/domain';
import { createLogger, createPgSql, START, type RecordedEvent, type Sql } from '@roar/platform';
import { createTestDatabase } from '@roar/platform/testing';
import { dashboardFigures, dashboardProjector, memberControlsProjector, membersProjector, prizesProjector, READ_SCHEMA } from '@roar/projections';

/**
 * The staff dashboard's answer time at 100,000 members (issue 14 asks for 200 ms). The members
 * and dashboard read models are built by their own projectors from 300,000+ synthetic events (a
 * registration, an activation spread over a year, initial entries, 10% cancelled), applied in
 * batches as the daemon would; then `dashboardFigures` (the whole GET /api/admin/dashboard) is
 * timed, against a baseline in the same run: counting read.members (one scan of 100,000 rows).
 */
const MEMBERS = 100_000;
const BATCH = 5_000;
const RUNS = 15;

const snapshot = (code: string): TierSnapshot => {
  const seed = SEED_TIERS.find((t) => t.fields.code === code)!;
  return tierSnapshot(seed.membershipId, seed.fields);
};

function recorded(type: string, data: unknown, occurredAt: string, streamId: string): RecordedEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: { correlationId: randomUUID(), causationId: null, actor: { type: 'system', id: 'bench' }, occurredAt, schemaVersion: 1 },
    streamId,
    revision: 0n,
    position: START,
    recordedAt: occurredAt,
  };
}

function memberEvents(i: number, now: number): RecordedEvent[] {
  const id = `bench-${i}`;
  const at = new Date(now - (i % 365) * 86_400_000 - (i % 1440) * 60_000).toISOString();
  const tier = snapshot(i % 4 === 0 ? 'free' : 'platinum');
  const end = tier.type === 'free' ? null : new Date(Date.parse(at) + 30 * 86_400_000).toISOString();
  const events = [
    recorded(
      'MemberRegistered',
      {
        memberId: id,
        email: `${id}@bench.test`,
        firstname: 'Bench',
        lastname: `Member ${i}`,
        referralCode: `B${i}`,
        chosenMembershipId: tier.membershipId,
      },
      at,
      `member-${id}`,
    ),
    recorded(
      'MembershipActivated',
      {
        memberId: id,
        checkoutId: null,
        paymentId: null,
        subscriptionId: end ? `sub_${i}` : null,
        tier,
        previousMembershipId: null,
        periodStart: at,
        periodEnd: end,
        source: 'join',
      },
      at,
      `member-${id}`,
    ),
  ];
  // A free tier grants no initial entries (a grant of none is refused), as in the product.
  if (tier.initial_tickets > 0) {
    events.push(
      recorded(
        'EntriesGranted',
        {
          memberId: id,
          grantId: `g${i}`,
          source: 'initial',
          count: tier.initial_tickets,
          firstTicket: 1,
          lastTicket: tier.initial_tickets,
          membershipId: tier.membershipId,
          tierCode: tier.code,
          causationKey: `k${i}`,
          reason: null,
          prizeId: null,
        },
        at,
        `entries-${id}`,
      ),
    );
  }
  if (end && i % 10 === 1)
    events.push(recorded('MembershipCancelled', { memberId: id, membershipId: tier.membershipId, endsAt: end, reason: null }, at, `member-${id}`));
  return events;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return median(times);
}

/** `members`: how many are seeded (the bench's 100,000; its test runs the same path over a few hundred). */
export async function benchDashboard(log: (line: string) => void, members = MEMBERS): Promise<Record<string, number | string>> {
  const db = await createTestDatabase('roar_bench_dash');
  if (!db) {
    log('dashboard: no PostgreSQL reachable; not measured');
    return { dashboard: 'no postgres' };
  }
  const sql: Sql = createPgSql({ connectionString: db.url, max: 4 });
  const logger = createLogger('silent');
  try {
    await sql.exec(`create schema if not exists ${READ_SCHEMA}`);
    // Every read model the dashboard's figures read (member controls since issue 23), migrated empty or seeded below.
    const projectors = [membersProjector, prizesProjector, dashboardProjector, memberControlsProjector];
    for (const p of projectors) await sql.transaction((tx) => p.migrate(tx, READ_SCHEMA));
    const now = Date.now();
    const seedStarted = performance.now();
    for (let from = 0; from < members; from += BATCH) {
      const events = Array.from({ length: Math.min(BATCH, members - from) }, (_, k) => memberEvents(from + k, now)).flat();
      for (const p of [membersProjector, dashboardProjector]) {
        const mine = events.filter((e) => p.handles === 'all' || p.handles.includes(e.type));
        await sql.transaction((tx) => p.apply(tx, mine, { schema: READ_SCHEMA, logger }));
      }
    }
    await sql.exec('analyze');
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const figures = await dashboardFigures(sql, new Date(now), 90);
    const dashboardMs = await timed(() => dashboardFigures(sql, new Date(now), 90));
    const baselineMs = await timed(() => sql.query('select count(*) from read.members'));
    log(
      `dashboard: ${members} members projected in ${seedSeconds.toFixed(1)} s; ${figures.signups.reduce((n, d) => n + d.count, 0)} sign-ups in the 90-day window`,
    );
    log(
      `dashboard: GET figures median ${dashboardMs.toFixed(1)} ms (${RUNS} runs); baseline count(*) of read.members ${baselineMs.toFixed(1)} ms; ratio ${(dashboardMs / baselineMs).toFixed(1)}x; budget 200 ms`,
    );
    return {
      dashboard_members: members,
      dashboard_ms: Math.round(dashboardMs * 10) / 10,
      dashboard_baseline_ms: Math.round(baselineMs * 10) / 10,
      dashboard_ratio: Math.round((dashboardMs / baselineMs) * 10) / 10,
    };
  } finally {
    await sql.close();
    await db.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchDashboard((line) => process.stdout.write(`${line}\n`)).then((f) => process.stdout.write(`${JSON.stringify(f)}\n`));
}
