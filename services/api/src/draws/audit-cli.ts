import { join, resolve } from 'node:path';
import {
  createLogger,
  createPersonalDataKeyStore,
  createPgliteSql,
  createPgSql,
  createPostgresEventStore,
  loadConfig,
  personalDataMasterKeyOf,
  protectingStore,
  START,
  type EventStore,
  type Position,
} from '@roar/platform';
import { createEventRegistry, drawStreamId } from '@roar/domain';
import { verifyDraw } from './lifecycle';

const USAGE = `usage: npm run audit:draw -- <prize id or slug>
  Replays the event log (never the read models): rebuilds the entry list, checks its hash, the
  reveal against the commitment, and every winner including redraws (each redraw's fresh randomness
  against the redraw commitment made before the close). Prints VERIFIED or each
  difference; exits 1 on a difference, 2 on bad usage.
  DATABASE_URL: PostgreSQL holding the event store; otherwise PGlite under DATA_DIR (stop the server first).`;

/** A prize id as given, or the id of the prize whose slug (latest, from the log) is `arg`. */
export async function resolvePrizeId(store: EventStore, arg: string): Promise<string | null> {
  if ((await store.readStream(drawStreamId(arg))).length > 0) return arg;
  const slugs = new Map<string, string>();
  let after: Position = START;
  for (;;) {
    const batch = await store.readAll(after, 1000);
    if (batch.length === 0) break;
    for (const e of batch) {
      const d = e.data as { prizeId?: string; fields?: { slug?: string }; changes?: { slug?: string } };
      const slug = e.type === 'PrizeCreated' ? d.fields?.slug : e.type === 'PrizeUpdated' ? d.changes?.slug : undefined;
      if (slug && d.prizeId) slugs.set(slug, d.prizeId);
    }
    after = batch[batch.length - 1]!.position;
  }
  return slugs.get(arg) ?? null;
}

async function main(argv: readonly string[]): Promise<number> {
  const arg = argv[0];
  if (!arg || argv.length > 1) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const sql = config.DATABASE_URL
    ? await createPgSql({ connectionString: config.DATABASE_URL, max: 2, applicationName: 'roar-audit-draw' })
    : await createPgliteSql(join(resolve(config.DATA_DIR), 'pglite'));
  try {
    // The eligibility rules read a personal field (the date of birth): the log is read opened, as the
    // close read it. An erased member's reads 1900-01-01, of age as before (docs/personal-data.md).
    const keys = await createPersonalDataKeyStore({ sql, masterKey: personalDataMasterKeyOf(config), logger: createLogger('warn', 'audit-draw') });
    const store = protectingStore(await createPostgresEventStore(sql), createEventRegistry(), keys);
    const prizeId = await resolvePrizeId(store, arg);
    if (!prizeId) {
      process.stdout.write(`No prize ${arg} in the event log.\n`);
      return 1;
    }
    const report = await verifyDraw(store, prizeId);
    for (const line of report.lines) process.stdout.write(`${line}\n`);
    return report.verified ? 0 : 1;
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
