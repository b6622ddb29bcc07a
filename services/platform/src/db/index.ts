export * from './sql';
export { createPgSql, type PgOptions } from './pg';
export { createPgliteSql } from './pglite';
