import { performance } from 'node:perf_hooks';
import { closeEntryList, commitRandomness, drawSeed, drawWinners, pseudonymousEntrantId, verifyReveal, type EntryInput } from '@roar/domain';
import { createPgSql } from '@roar/platform';
import { createTestDatabase } from '@roar/platform/testing';

/**
 * Closing and drawing over 100,000 entrants holding 10,000,000 tickets, against the time to
 * merely read that entry list (ordered by entrant id) from a PostgreSQL table: the draw should
 * cost about as much as fetching its input, and its memory should follow entrants, not tickets.
 */
const ENTRANTS = 100_000;
const TICKETS = 10_000_000;
const ROUNDS = 3;

/** Uneven holdings (50 to 150 tickets) summing to exactly TICKETS. */
function entryRows(): EntryInput[] {
  const rows = Array.from({ length: ENTRANTS }, (_, i) => ({
    entrantId: pseudonymousEntrantId(`member-${i}`, 'bench-draw-salt'),
    tickets: 50 + (i % 101),
  }));
  const short = TICKETS - rows.reduce((sum, r) => sum + r.tickets, 0);
  const first = rows[0];
  if (first) rows[0] = { ...first, tickets: first.tickets + short };
  return rows;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

interface DrawRun {
  readonly ms: number;
  readonly peakRssDeltaMb: number;
}

function closeAndDraw(rows: readonly EntryInput[], round: number, expectedTickets: number): DrawRun {
  const secret = Buffer.alloc(32, round + 1);
  const commitment = commitRandomness(secret);
  const rssBefore = process.memoryUsage.rss();
  const maxRssBefore = process.resourceUsage().maxRSS * 1024;
  const started = performance.now();
  const list = closeEntryList(rows);
  if (!verifyReveal(commitment, secret)) throw new Error('bench: reveal does not match commitment');
  const outcome = drawWinners(list, drawSeed(list.hash, secret, `bench-draw-${round}`), 1);
  const ms = performance.now() - started;
  if (list.totalTickets !== expectedTickets || outcome.winners.length !== 1) throw new Error('bench: the draw did not cover the list');
  // The run is synchronous, so the process's lifetime peak (maxRSS) is the only view of its
  // peak; it only tells us something when this run pushed it higher.
  const maxRssAfter = process.resourceUsage().maxRSS * 1024;
  const peak = Math.max(process.memoryUsage.rss(), maxRssAfter > maxRssBefore ? maxRssAfter : 0);
  return { ms, peakRssDeltaMb: Math.max(0, peak - rssBefore) / 1024 / 1024 };
}

async function readListMs(rows: readonly EntryInput[]): Promise<number[]> {
  const db = await createTestDatabase('roar_bench_draw');
  if (!db) throw new Error('bench: no PostgreSQL server reachable (set DATABASE_URL or start one on 127.0.0.1:5432)');
  const sql = createPgSql({ connectionString: db.url, max: 2, applicationName: 'roar-bench-draw' });
  try {
    // A fresh database dropped afterwards, so a plain table serves as the temporary one.
    await sql.exec('create table bench_draw_entries (entrant_id text collate "C" primary key, tickets integer not null)');
    for (let i = 0; i < rows.length; i += 10_000) {
      const batch = rows.slice(i, i + 10_000);
      await sql.query('insert into bench_draw_entries (entrant_id, tickets) select * from unnest($1::text[], $2::int[])', [
        batch.map((r) => r.entrantId),
        batch.map((r) => r.tickets),
      ]);
    }
    await sql.exec('analyze bench_draw_entries');
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      const result = await sql.query<{ entrant_id: string; tickets: number }>(
        'select entrant_id, tickets from bench_draw_entries order by entrant_id',
      );
      times.push(performance.now() - started);
      if (result.rows.length !== rows.length) throw new Error('bench: read back a different number of entrants');
    }
    return times;
  } finally {
    await sql.close();
    await db.drop();
  }
}

export async function benchDraw(log: (line: string) => void): Promise<Record<string, number>> {
  const rows = entryRows();
  const warmRows = rows.slice(1, 1001);
  closeAndDraw(
    warmRows,
    ROUNDS,
    warmRows.reduce((sum, r) => sum + r.tickets, 0),
  ); // warm the code paths (JIT) first
  const runs = Array.from({ length: ROUNDS }, (_, round) => closeAndDraw(rows, round, TICKETS));
  const drawMs = median(runs.map((r) => r.ms));
  const peakMb = Math.max(...runs.map((r) => r.peakRssDeltaMb));
  const readMs = median(await readListMs(rows));
  const ratio = drawMs / readMs;
  log(`draw (${ENTRANTS.toLocaleString('en')} entrants, ${TICKETS.toLocaleString('en')} tickets, median of ${ROUNDS})`);
  log(`  ${'close + draw'.padEnd(28)} ${drawMs.toFixed(0).padStart(8)} ms`);
  log(`  ${'read list from PostgreSQL'.padEnd(28)} ${readMs.toFixed(0).padStart(8)} ms`);
  log(`  ${'ratio'.padEnd(28)} ${ratio.toFixed(2).padStart(8)}`);
  log(`  ${'peak RSS growth'.padEnd(28)} ${peakMb.toFixed(1).padStart(8)} MB`);
  return {
    draw_close_and_draw_ms: Math.round(drawMs),
    draw_read_list_ms: Math.round(readMs),
    draw_ratio: Number(ratio.toFixed(3)),
    draw_peak_rss_mb: Number(peakMb.toFixed(1)),
  };
}
