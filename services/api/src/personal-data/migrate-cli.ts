import { join, resolve } from 'node:path';
import {
  createLogger,
  createPersonalDataKeyStore,
  createPgliteSql,
  createPgSql,
  createPostgresEventStore,
  loadConfig,
  migratePlainPersonalData,
  personalDataMasterKeyOf,
} from '@roar/platform';
import { createEventRegistry } from '@roar/domain';

const USAGE = `usage: npm run migrate:personal-data
  The one-time re-write of personal data stored in plain before the one encryption path (issue 24):
  every stored event whose personal fields are still plain gets them sealed in place, under each
  member's key (an erased member's become the erased values). Idempotent; the server also runs it at
  start-up, before the sealer. Refused once a tree head has been signed (a signed head is never
  contradicted): the events are then left as they are. Exits 0 when done or nothing was left, 1 when
  refused or on EventStoreDB (copy the streams instead: docs/personal-data.md), 2 on bad usage.
  DATABASE_URL: PostgreSQL holding the event store tables; otherwise PGlite under DATA_DIR (stop the
  server first). PERSONAL_DATA_KEY (or DATA_DIR's generated key) as the server has it.`;

async function main(argv: readonly string[]): Promise<number> {
  if (argv.length > 0) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  if (config.EVENTSTORE_URL) {
    process.stdout.write('EVENTSTORE_URL is set: EventStoreDB events are not re-written in place; copy the streams (docs/personal-data.md).\n');
    return 1;
  }
  const logger = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL, 'migrate-personal-data');
  const sql = config.DATABASE_URL
    ? createPgSql({ connectionString: config.DATABASE_URL, max: 3, applicationName: 'roar-migrate-personal-data' })
    : await createPgliteSql(join(resolve(config.DATA_DIR), 'pglite'));
  try {
    // The event store's tables exist (created if this is a new database).
    const store = await createPostgresEventStore(sql);
    const keys = await createPersonalDataKeyStore({ sql, masterKey: personalDataMasterKeyOf(config), logger });
    try {
      const report = await migratePlainPersonalData({ sql, registry: createEventRegistry(), keys, logger });
      if (report.status === 'skipped') {
        process.stdout.write('Nothing to do: every event type with personal fields was migrated already.\n');
        return 0;
      }
      if (report.status === 'refused') {
        const f = report.firstPlain!;
        process.stdout.write(
          `REFUSED: tree heads are signed over events that still hold plain personal data (first: global position ${f.globalPosition}, stream ${f.streamId}, ${f.type}); nothing was changed.\n`,
        );
        return 1;
      }
      process.stdout.write(
        `DONE: ${report.valuesSealed} plain values sealed in ${report.eventsRewritten} of ${report.eventsScanned} events of ${report.types.length} types` +
          `${report.valuesWithoutSubject > 0 ? `; ${report.valuesWithoutSubject} values name no member and were left (see the log)` : ''}.\n`,
      );
      return 0;
    } finally {
      await keys.close();
      await store.close();
    }
  } finally {
    await sql.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
