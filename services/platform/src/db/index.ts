export * from './sql';
export { createPgSql, type PgOptions } from './pg';
export { createPgliteSql } from './pglite';
export { migrateExclusively, SCHEMA_MIGRATION_LOCK } from './migrate';
