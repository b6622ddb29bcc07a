/**
 * The projector-role process of the transparency bench: an event store client (listening for
 * appends, as the projector process always is) whose sealer is switched on and off from stdin
 * (`start` answers `active`, `stop` answers `stopped`), so that the two sides of a pair differ only
 * by the sealer. `node --import tsx bench/sealer-process.ts <database url>`.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createInterface } from 'node:readline';
import { createLogger, createPgSql, createPostgresEventStore, createSealer, signingKeyFromPem } from '@roar/platform';

const url = process.argv[2];
if (!url) throw new Error('usage: sealer-process.ts <database url>');
const sql = createPgSql({ connectionString: url, max: 3, applicationName: 'roar-bench-sealer' });
const store = await createPostgresEventStore(sql);
const key = signingKeyFromPem(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
const sealer = createSealer({ sql, store, key, logger: createLogger('silent'), headIntervalMs: 1000 });
process.stdout.write('ready\n');
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'start') {
    await sealer.start();
    while (sealer.state !== 'active') await new Promise((r) => setTimeout(r, 10));
    process.stdout.write('active\n');
  } else if (line === 'stop') {
    await sealer.stop();
    process.stdout.write('stopped\n');
  }
}
await sealer.stop();
await store.close();
await sql.close();
