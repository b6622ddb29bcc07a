import { describe, it } from 'vitest';
import { createPgliteSql } from '../src/db';
import { createEventStoreDbAdapter, createPostgresEventStore, EventRegistry } from '../src/eventstore';
import { protectingStore } from '../src/personal-data';
import { findEventStoreDb, findPostgres, openScratchPostgresStore, servicesRequired, testPersonalDataKeys } from '../src/testing';
import { eventStoreContract } from './contract';

// Decided before collection: a suite that cannot run is reported as skipped, never as passed,
// and in CI (REQUIRE_SERVICES=1) a missing PostgreSQL throws here, failing the file.
const postgresAdmin = await findPostgres();
if (!postgresAdmin && servicesRequired()) throw new Error('PostgreSQL is required (REQUIRE_SERVICES=1) but none was found');
const eventStoreDbUrl = await findEventStoreDb();

eventStoreContract('PGlite (in process)', async () => {
  const sql = await createPgliteSql(null);
  const store = await createPostgresEventStore(sql, { pollIntervalMs: 20 });
  return {
    store,
    async close() {
      await store.close();
      await sql.close();
    },
  };
});

// The product reads and writes through the protecting store (personal fields, issue 24): it keeps the port's every promise.
eventStoreContract('PGlite behind the protecting store', async () => {
  const sql = await createPgliteSql(null);
  const keys = await testPersonalDataKeys(sql);
  const store = protectingStore(await createPostgresEventStore(sql, { pollIntervalMs: 20 }), new EventRegistry(), keys);
  return {
    store,
    async close() {
      await store.close();
      await keys.close();
      await sql.close();
    },
  };
});

if (postgresAdmin) {
  eventStoreContract('PostgreSQL', async () => {
    const { store, close } = await openScratchPostgresStore('roar_es_contract', { max: 12 });
    return { store, close };
  });
} else {
  describe.skip('EventStore contract: PostgreSQL (no server reachable)', () => it.skip('needs PostgreSQL', () => undefined));
}

if (eventStoreDbUrl) {
  eventStoreContract('EventStoreDB', async () => {
    const store = createEventStoreDbAdapter(eventStoreDbUrl);
    await store.ping();
    return { store, close: () => store.close() };
  });
} else {
  describe.skip('EventStore contract: EventStoreDB (set EVENTSTORE_URL or run Docker)', () => it.skip('needs EventStoreDB', () => undefined));
}
