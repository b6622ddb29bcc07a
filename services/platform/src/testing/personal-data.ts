import { createHash } from 'node:crypto';
import type { Sql } from '../db';
import { validatingStore, type EventRegistry, type EventStore } from '../eventstore';
import type { Logger } from '../logger';
import { createPersonalDataKeyStore, protectingStore, type PersonalDataKeyStore } from '../personal-data';

/** The master key tests and benches use (the same in every process of a test, so children agree). */
export const TEST_PERSONAL_DATA_MASTER_KEY: Buffer = createHash('sha256').update('roar test personal data master key').digest();

/** A key store on `sql` under the test master key. */
export function testPersonalDataKeys(sql: Sql, logger?: Logger): Promise<PersonalDataKeyStore> {
  return createPersonalDataKeyStore({ sql, masterKey: TEST_PERSONAL_DATA_MASTER_KEY, logger });
}

/**
 * The product's wiring of a store for tests and benches: `validatingStore(protectingStore(base))`,
 * personal fields sealed under the test master key. Closing the store closes the key store's LISTEN too.
 */
export async function productStore(
  base: EventStore,
  sql: Sql,
  registry: EventRegistry,
  logger?: Logger,
): Promise<{ readonly store: EventStore; readonly keys: PersonalDataKeyStore }> {
  const keys = await testPersonalDataKeys(sql, logger);
  const store = validatingStore(protectingStore(base, registry, keys), registry);
  return {
    keys,
    store: {
      ...store,
      async close() {
        await store.close();
        await keys.close();
      },
    },
  };
}
