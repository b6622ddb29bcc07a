import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  auditLog,
  createEventStoreDbAdapter,
  createPgliteSql,
  createPgSql,
  createPostgresEventStore,
  describeDifference,
  loadConfig,
  migrateTransparency,
} from '@roar/platform';
import { transparencyKeyOf } from './key';

const USAGE = `usage: npm run audit:log [-- --public-key <file.pem>]
  Verifies the whole event log against every signed tree head: recomputes the Merkle tree (RFC 9162)
  from the events as the store holds them, checks every head's signature and every head's consistency
  with the heads before it. Prints VERIFIED, or each difference with its global position and stream
  (an edited, deleted, inserted or reordered event, a tree head that contradicts an earlier one).
  Exits 1 on a difference, 2 on bad usage.
  DATABASE_URL: PostgreSQL holding the sealed tree (and the event store unless EVENTSTORE_URL names
  EventStoreDB, read through its readAll); otherwise PGlite under DATA_DIR (stop the server first).
  --public-key: the club's published key (default: the configured or generated signing key's own).`;

async function main(argv: readonly string[]): Promise<number> {
  let keyFile: string | null = null;
  if (argv.length === 2 && argv[0] === '--public-key') keyFile = argv[1]!;
  else if (argv.length > 0) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const publicKey = keyFile ? createPublicKey(readFileSync(keyFile, 'utf8')) : transparencyKeyOf(config).publicKey;
  const sql = config.DATABASE_URL
    ? await createPgSql({ connectionString: config.DATABASE_URL, max: 2, applicationName: 'roar-audit-log' })
    : await createPgliteSql(join(resolve(config.DATA_DIR), 'pglite'));
  try {
    await migrateTransparency(sql);
    const store = config.EVENTSTORE_URL ? createEventStoreDbAdapter(config.EVENTSTORE_URL) : await createPostgresEventStore(sql);
    try {
      const report = await auditLog({ sql, store, publicKey });
      if (report.verified) {
        const latest = report.latest ? `latest tree head: size ${report.latest.treeSize}, root ${report.latest.rootHash}` : 'no tree head signed yet';
        process.stdout.write(`VERIFIED: ${report.events} events, ${report.heads} tree heads (${latest}; store: ${store.name})\n`);
        return 0;
      }
      for (const d of report.differences) process.stdout.write(`DIFFERENCE: ${describeDifference(d)}\n`);
      process.stdout.write(`NOT VERIFIED: ${report.differences.length} difference(s) in ${report.events} events and ${report.heads} tree heads\n`);
      return 1;
    } finally {
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
