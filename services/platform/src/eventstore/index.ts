export * from './types';
export * from './registry';
export { withTimeout } from './timeout';
export { createPostgresEventStore, migrateEventStore, EVENT_STORE_SCHEMA_SQL, type PostgresEventStoreOptions } from './postgres';
export { createEventStoreDbAdapter, type EventStoreDbAdapterOptions } from './esdb';
