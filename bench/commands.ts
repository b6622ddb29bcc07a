import { readdirSync, readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { memberStreamId } from '@roar/domain';
import { percentile, send, type Answer } from './load';
import { catalogueProjected, startProduct, type RunningServer } from './product';
import { benchTargets } from './targets';

/**
 * The command path: PATCH /api/update-user offered at a fixed rate (open loop: each request leaves
 * at its scheduled instant whether or not earlier ones answered) across 20 signed-up members, against
 * the product process on PGlite and on PostgreSQL. Read-your-writes is checked on every answer: the
 * body must already carry the name this request set (a 202 means the wait for projections ran out).
 * On PostgreSQL it also counts the database's committed transactions per second while idle.
 */
const MEMBERS = 20;
const RATE = 100;
const SECONDS = 12;
const GOAL_P99 = { pglite: 250, postgres: 100 } as const;

interface Member {
  readonly token: string;
  readonly streamId: string;
}

async function signUp(server: RunningServer, n: number): Promise<Member> {
  const r = await fetch(`${server.url}/api/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Bench',
      last_name: `Member ${n}`,
      email: `bench-${n}-${Date.now()}@example.com`,
      password: 'nimbus-granite-1',
      membership_id: 1,
      recaptcha_token: 'local-test-token',
    }),
  });
  if (r.status !== 201) throw new Error(`bench sign-up answered ${r.status}: ${await r.text()}`);
  const body = (await r.json()) as { access_token: string };
  // The access token's subject is the member id.
  const claims = JSON.parse(Buffer.from(body.access_token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string };
  return { token: body.access_token, streamId: memberStreamId(claims.sub) };
}

async function committedTransactions(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Backends flush their counters about once a second: wait for that before reading.
    await new Promise((r) => setTimeout(r, 1500));
    return Number(
      (await client.query<{ n: string }>('select xact_commit::text as n from pg_stat_database where datname = current_database()')).rows[0]?.n ?? 0,
    );
  } finally {
    await client.end();
  }
}

async function idleTransactionsPerSecond(databaseUrl: string, seconds: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const read = async () =>
      Number(
        (await client.query<{ n: string }>('select xact_commit::text as n from pg_stat_database where datname = current_database()')).rows[0]?.n ?? 0,
      );
    // The statistics are flushed by each backend about once a second: wait, read, wait, read.
    await client.query('select pg_stat_clear_snapshot()');
    const before = await read();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    await client.query('select pg_stat_clear_snapshot()');
    const after = await read();
    // Our own two reads and two clears are a handful of transactions: negligible, not subtracted.
    return (after - before) / seconds;
  } finally {
    await client.end();
  }
}

/** CPU time (user + system) of a process from /proc, in ms; null where /proc is not there. */
function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is the 3rd field, utime the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return null;
  }
}
const CLOCK_TICKS_PER_S = 100;

/** CPU time of the PostgreSQL backends serving one database (their titles name it), in ms; null without /proc. */
function databaseCpuMs(databaseUrl: string): number | null {
  const name = new URL(databaseUrl).pathname.slice(1);
  let total = 0;
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let title: string;
      try {
        title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      } catch {
        continue;
      }
      if (!title.startsWith('postgres: ') || !title.split(' ').includes(name)) continue;
      total += processCpuMs(Number(entry)) ?? 0;
    }
  } catch {
    return null;
  }
  return total;
}

/** The CPU the product spent on the load: its process, and (on PostgreSQL) the backends of its database. */
function cpuNow(server: RunningServer): { server: number | null; database: number | null } {
  return {
    server: server.pid ? processCpuMs(server.pid) : null,
    database: server.databaseUrl ? databaseCpuMs(server.databaseUrl) : null,
  };
}

interface Shot {
  readonly answer: Answer;
  readonly sequence: number;
  readonly member: Member;
}

/** Request n sends this request id; the api records it as its events' correlation id. */
const requestId = (n: number) => `bench-command-${n}`;

/**
 * Read-your-writes, judged on the log (PostgreSQL): the name an answer shows must be this request's
 * own or one written after it in the member's stream. Requests of one member overlap and may reach
 * the stream in another order than they were sent, so the order they were sent in proves nothing.
 * The names are sealed in the log (personal data), so each event is known by its correlation id:
 * the request id the request sent (Name<n> was set by request n).
 */
async function writeOrder(databaseUrl: string, members: readonly Member[]): Promise<Map<string, Map<string, number>>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = (
      await client.query<{ stream_id: string; correlation: string | null; revision: string }>(
        `select stream_id, metadata->>'correlationId' as correlation, stream_position::text as revision from es.events
         where stream_id = any($1::text[]) and event_type = 'MemberProfileUpdated'`,
        [members.map((m) => m.streamId)],
      )
    ).rows;
    const order = new Map<string, Map<string, number>>();
    for (const row of rows) {
      const n = /^bench-command-(\d+)$/.exec(row.correlation ?? '')?.[1];
      if (n === undefined) continue;
      let names = order.get(row.stream_id);
      if (!names) order.set(row.stream_id, (names = new Map()));
      names.set(`Name${n}`, Number(row.revision));
    }
    return order;
  } finally {
    await client.end();
  }
}

async function offer(server: RunningServer, members: readonly Member[]): Promise<Shot[]> {
  // Idle sockets are dropped before the server's 5 s keep-alive timeout would close them under us.
  const agent = new Agent({ keepAlive: true, timeout: 4000 });
  const total = RATE * SECONDS;
  const started = performance.now();
  const shots: Promise<Shot>[] = [];
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const member = members[i % members.length]!;
    const expected = `Name${i}`;
    shots.push(
      send(agent, {
        method: 'PATCH',
        url: `${server.url}/api/update-user`,
        headers: { authorization: `Bearer ${member.token}`, 'x-request-id': requestId(i) },
        body: JSON.stringify({ first_name: expected }),
      }).then((answer) => ({ answer, sequence: i, member })),
    );
  }
  const done = await Promise.all(shots);
  agent.destroy();
  return done;
}

export async function benchCommands(log: (line: string) => void): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  for (const target of benchTargets()) {
    const server = await startProduct(target);
    try {
      await catalogueProjected(server);
      // Quiet product: started, seeded, projected, nothing asked of it (15 s to settle first: seeding and the first checkpoint flushes).
      if (server.databaseUrl) await new Promise((r) => setTimeout(r, 15_000));
      const idle = server.databaseUrl ? await idleTransactionsPerSecond(server.databaseUrl, 10) : null;
      const members: Member[] = [];
      for (let n = 0; n < MEMBERS; n += 1) members.push(await signUp(server, n));
      const xactBefore = server.databaseUrl ? await committedTransactions(server.databaseUrl) : 0;
      const cpuBefore = cpuNow(server);
      const wallStart = performance.now();
      const shots = await offer(server, members);
      const wall = (performance.now() - wallStart) / 1000;
      const cpuAfter = cpuNow(server);
      const perCommand = (before: number | null, after: number | null) =>
        before === null || after === null ? null : Number(((after - before) / shots.length).toFixed(2));
      const serverCpu = perCommand(cpuBefore.server, cpuAfter.server);
      const databaseCpu = perCommand(cpuBefore.database, cpuAfter.database);
      // Projections and reactors finish their work on the last commands a little later.
      const xactPerCommand = server.databaseUrl ? ((await committedTransactions(server.databaseUrl)) - xactBefore) / shots.length : null;
      const ok = shots.filter((s) => s.answer.status === 200);
      const shown = (s: Shot) => (JSON.parse(s.answer.body) as { user?: { firstname?: string } }).user?.firstname ?? '';
      // Several requests of one member overlap. On PostgreSQL the log says which write came after
      // which; on PGlite (its database is inside the product's process) the order sent stands in.
      const order = server.databaseUrl ? await writeOrder(server.databaseUrl, members) : null;
      const fresh = ok.filter((s) => {
        if (!order) return /^Name\d+$/.test(shown(s)) && Number(shown(s).slice(4)) >= s.sequence;
        const names = order.get(s.member.streamId);
        const own = names?.get(`Name${s.sequence}`);
        const seen = names?.get(shown(s));
        return own !== undefined && seen !== undefined && seen >= own;
      });
      const stale = shots.filter((s) => s.answer.status === 202).length;
      const failed = shots.filter((s) => s.answer.status !== 200 && s.answer.status !== 202).length;
      const latencies = shots.map((s) => s.answer.ms).sort((a, b) => a - b);
      const achieved = ok.length / wall;
      const p50 = percentile(latencies, 50);
      const p99 = percentile(latencies, 99);
      const key = target === 'postgres' ? 'pg' : 'pglite';
      log(`commands (${target}): PATCH /api/update-user offered at ${RATE}/s for ${SECONDS} s across ${MEMBERS} members`);
      log(
        `  achieved ${achieved.toFixed(1)}/s answered 200, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (goal p99 < ${GOAL_P99[target]} ms: ${p99 < GOAL_P99[target] ? 'met' : 'NOT met'})`,
      );
      const statuses = new Map<number, number>();
      for (const s of shots) statuses.set(s.answer.status, (statuses.get(s.answer.status) ?? 0) + 1);
      const byStatus = [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status === 0 ? 'no answer' : status}: ${n}`)
        .join(', ');
      log(
        `  read-your-writes: ${fresh.length}/${shots.length} answers showed the name they set or one ${order ? 'written after it (the order in the log)' : 'sent after it'}; ${stale} answered 202 (projection wait ran out), ${failed} failed (${byStatus})`,
      );
      if (idle !== null) log(`  idle (started, seeded, no requests): ${idle.toFixed(1)} database transactions/s`);
      if (xactPerCommand !== null)
        log(`  database transactions per command (all of the process's work, counted by PostgreSQL): ${xactPerCommand.toFixed(1)}`);
      if (serverCpu !== null)
        log(
          `  CPU per command (during the offered load, /proc): the product's process ${serverCpu} ms${databaseCpu !== null ? `, its database's backends ${databaseCpu} ms` : ''}`,
        );
      Object.assign(figures, {
        [`commands_${key}_per_s`]: Number(achieved.toFixed(1)),
        [`commands_${key}_p50_ms`]: Number(p50.toFixed(1)),
        [`commands_${key}_p99_ms`]: Number(p99.toFixed(1)),
        [`commands_${key}_sent`]: shots.length,
        [`commands_${key}_fresh`]: fresh.length,
        [`commands_${key}_202`]: stale,
        [`commands_${key}_failed`]: failed,
        ...(idle !== null ? { [`idle_${key}_xact_per_s`]: Number(idle.toFixed(1)) } : {}),
        ...(xactPerCommand !== null ? { [`commands_${key}_xact_per_command`]: Number(xactPerCommand.toFixed(1)) } : {}),
        ...(serverCpu !== null ? { [`commands_${key}_server_cpu_ms`]: serverCpu } : {}),
        ...(databaseCpu !== null ? { [`commands_${key}_db_cpu_ms`]: databaseCpu } : {}),
      });
    } finally {
      await server.stop();
    }
    log('');
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchCommands((line) => process.stdout.write(`${line}\n`)).then(
    (f) => process.stdout.write(`${JSON.stringify(f)}\n`),
    (e: unknown) => {
      process.stderr.write(`${String(e instanceof Error ? e.stack : e)}\n`);
      process.exitCode = 1;
    },
  );
}
