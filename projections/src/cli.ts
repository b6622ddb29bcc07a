import { join, resolve } from 'node:path';
import { createEventRegistry } from '@roar/domain';
import {
  createLogger,
  createPersonalDataKeyStore,
  createPgliteSql,
  createPgSql,
  createPostgresEventStore,
  loadConfig,
  personalDataMasterKeyOf,
  positionToString,
  protectingStore,
  type Config,
  type Sql,
} from '@roar/platform';
import { allProjectors } from './index';
import { checkpointLags, describeLag } from './runner/lag';
import { ProjectorBusyError } from './runner/lock';
import { renderProgressBar } from './runner/progress';
import type { Projector } from './runner/projector';
import { rebuildProjector } from './runner/rebuild';
import type { ReplayProgress } from './runner/replay';
import { verifyProjector } from './runner/verify';

const USAGE = `usage: npm run projections -- rebuild <name|all> | verify <name|all> | status
  projectors: ${allProjectors.map((p) => p.name).join(', ')}
  DATABASE_URL: PostgreSQL holding the event store tables and read models;
  otherwise PGlite under DATA_DIR (default .data); stop the server first, PGlite is one process.`;

/** Redraws one line on a terminal; prints a line per 10% when stderr is a file or a pipe. */
function progressPrinter(label: string): (p: ReplayProgress) => void {
  let lastDecile = -1;
  return (p) => {
    const line = `${label} ${renderProgressBar(p)}`;
    if (process.stderr.isTTY) {
      process.stderr.write(`\r${line}`);
      return;
    }
    const decile = p.total ? Math.floor((10 * p.events) / p.total) : Math.floor(p.events / 10_000);
    if (decile !== lastDecile) process.stderr.write(`${line}\n`);
    lastDecile = decile;
  };
}

async function openSql(config: Config): Promise<Sql> {
  if (config.EVENTSTORE_URL) process.stderr.write('note: EVENTSTORE_URL is set, but this CLI replays the PostgreSQL-table event store\n');
  if (config.DATABASE_URL) return createPgSql({ connectionString: config.DATABASE_URL, max: 4, applicationName: 'roar-projections-cli' });
  return createPgliteSql(join(resolve(config.DATA_DIR), 'pglite'));
}

function pick(name: string | undefined): Projector[] {
  if (name === 'all') return [...allProjectors];
  const p = allProjectors.find((x) => x.name === name);
  if (!p) throw new UsageError(name ? `unknown projector ${name}` : 'name a projector');
  return [p];
}

class UsageError extends Error {}

async function main(argv: readonly string[]): Promise<number> {
  const [command, name] = argv;
  if (command !== 'rebuild' && command !== 'verify' && command !== 'status')
    throw new UsageError(command ? `unknown command ${command}` : 'name a command');
  const projectors = command === 'status' ? [] : pick(name);
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn', 'projections-cli');
  const config = loadConfig();
  const sql = await openSql(config);
  try {
    // Replays read personal fields as the product does: opened, erased members' as erased (issue 24).
    const keys = await createPersonalDataKeyStore({ sql, masterKey: personalDataMasterKeyOf(config), logger });
    const store = protectingStore(await createPostgresEventStore(sql), createEventRegistry(), keys);
    const countEvents = async () => Number((await sql.query<{ n: unknown }>('select count(*)::text as n from es.events')).rows[0]?.n ?? 0);
    if (command === 'status') {
      const head = await store.headPosition();
      process.stdout.write(`head ${positionToString(head)}\n`);
      for (const lag of await checkpointLags(sql)) {
        const label = lag.version === null ? 'reactor' : `v${lag.version}`;
        process.stdout.write(`${lag.name.padEnd(24)} ${label} at ${positionToString(lag.position)} ${describeLag(lag)} (${lag.updatedAt})\n`);
      }
      return 0;
    }
    let failed = 0;
    for (const projector of projectors) {
      const onProgress = progressPrinter(`${command} ${projector.name}`);
      if (command === 'rebuild') {
        const r = await rebuildProjector({ sql, store, projector, logger, countEvents, onProgress });
        process.stderr.write('\n');
        process.stdout.write(`rebuilt ${r.projector}: ${r.events} events in ${(r.ms / 1000).toFixed(1)} s, at ${positionToString(r.position)}\n`);
        continue;
      }
      const report = await verifyProjector({ sql, store, projector, logger, countEvents, onProgress });
      process.stderr.write('\n');
      for (const t of report.tables)
        process.stdout.write(`${report.projector}.${t.name}: ${t.liveRows} live rows, ${t.expectedRows} expected, ${t.differences} differing\n`);
      for (const d of report.differences) {
        const key = JSON.stringify(d.key);
        const detail =
          d.kind === 'different'
            ? ` columns ${d.columns.join(', ')}: live ${JSON.stringify(pickColumns(d.actual, d.columns))} expected ${JSON.stringify(pickColumns(d.expected, d.columns))}`
            : '';
        process.stdout.write(`  ${d.kind} ${d.table} ${key}${detail}\n`);
      }
      if (report.differences.length < report.differenceCount)
        process.stdout.write(`  ... and ${report.differenceCount - report.differences.length} more\n`);
      process.stdout.write(
        report.ok
          ? `verify ${report.projector}: OK at ${positionToString(report.position)}\n`
          : `verify ${report.projector}: ${report.differenceCount} differences\n`,
      );
      if (report.stoppedAt) {
        const e = report.stoppedAt;
        process.stdout.write(`verify ${report.projector}: stopped at ${e.type} ${e.id} (stream ${e.streamId} revision ${e.revision}): ${e.error}\n`);
      }
      if (!report.ok) failed += 1;
    }
    return failed > 0 ? 1 : 0;
  } finally {
    await sql.close();
  }
}

function pickColumns(row: Readonly<Record<string, unknown>> | null, columns: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((c) => [c, row?.[c]]));
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) process.stderr.write(`${error.message}\n${USAGE}\n`);
    else if (error instanceof ProjectorBusyError) process.stderr.write(`${error.message}\n`);
    else process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(2);
  },
);
