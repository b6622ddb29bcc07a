import { z } from 'zod';
import { createEventRegistry } from '@roar/domain';
import { ident, type RecordedEvent, type Sql } from '@roar/platform';
import type { ApplyContext } from './projector';

/**
 * The table toolkit every projector shares: columns declared once, rows read with to_jsonb (same shape on pg and PGlite) and
 * written with one multi-row jsonb_to_recordset statement per batch.
 */
export type Columns = readonly (readonly [name: string, sqlType: string, nullable?: 'null'])[];

export function createTableSql(schema: string, table: string, columns: Columns, primaryKey: string): string {
  const defs = columns.map(([name, type, nullable]) => `${ident(name)} ${type}${name === primaryKey ? ' primary key' : nullable ? '' : ' not null'}`);
  return `create table if not exists ${ident(schema)}.${ident(table)} (${defs.join(', ')})`;
}

/** Inserts or replaces whole rows by primary key. */
export async function upsertRows(
  tx: Sql,
  schema: string,
  table: string,
  columns: Columns,
  primaryKey: string,
  rows: readonly object[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map(([n]) => ident(n));
  const recordType = columns.map(([n, t]) => `${ident(n)} ${t}`).join(', ');
  const updates = names.filter((n) => n !== ident(primaryKey)).map((n) => `${n} = excluded.${n}`);
  await tx.query(
    `insert into ${ident(schema)}.${ident(table)} (${names.join(', ')})
     select ${names.join(', ')} from jsonb_to_recordset($1::jsonb) as x(${recordType})
     on conflict (${ident(primaryKey)}) do ${updates.length ? `update set ${updates.join(', ')}` : 'nothing'}`,
    [JSON.stringify(rows)],
  );
}

/** Loads the rows with the given keys, parsed; unreadable rows are logged and left out. */
export async function loadRows<T>(
  tx: Sql,
  schema: string,
  table: string,
  key: string,
  keys: readonly string[],
  rowSchema: z.ZodType<T>,
  ctx: ApplyContext,
): Promise<T[]> {
  if (keys.length === 0) return [];
  const r = await tx.query<{ row: unknown }>(
    `select to_jsonb(t) as row from ${ident(schema)}.${ident(table)} t where ${ident(key)} in (select jsonb_array_elements_text($1::jsonb))`,
    [JSON.stringify([...new Set(keys)])],
  );
  const out: T[] = [];
  for (const { row } of r.rows) {
    const parsed = rowSchema.safeParse(row);
    if (parsed.success) out.push(parsed.data);
    else ctx.logger.warn({ table, issues: parsed.error.issues }, 'read model: unreadable stored row ignored');
  }
  return out;
}

const registry = createEventRegistry();

/**
 * Decodes (upcasts and checks) each event. One that does not decode cannot be applied: it throws,
 * and the runner stops the projector at that event and reports it (never skipped in silence).
 */
export function decodeAll(events: readonly RecordedEvent[], _ctx: ApplyContext, _projector: string): RecordedEvent[] {
  return events.map((event) => registry.decode(event));
}

/** The event's own time, never now(): a replay gives the same rows (verify depends on it). */
export const occurredAt = (event: RecordedEvent): string => new Date(event.metadata.occurredAt).toISOString();

/** A timestamptz read back through to_jsonb, normalised to ISO-8601 UTC. */
export const isoInstant = z.string().transform((v, ctx) => {
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'not a timestamp' });
    return z.NEVER;
  }
  return d.toISOString();
});

export type SortOrder = 'asc' | 'desc' | 'ASC' | 'DESC';

export interface Page {
  readonly offset?: number;
  readonly limit?: number;
}

/** A bounded page: never more than 500 rows at once. */
export function pageOf(page: Page): { offset: number; limit: number } {
  const offset = Math.max(0, Math.floor(page.offset ?? 0));
  const limit = Math.min(500, Math.max(1, Math.floor(page.limit ?? 25)));
  return { offset, limit };
}

export function orderOf(order: SortOrder | undefined, fallback: 'asc' | 'desc'): 'asc' | 'desc' {
  return (order ?? fallback).toLowerCase() === 'desc' ? 'desc' : 'asc';
}

/** The columns of a table of the read schema, in their order (the header of a staff export). */
export async function readTableColumns(sql: Sql, table: string): Promise<string[]> {
  const cols = await sql.query<{ column_name: string }>(
    `select column_name from information_schema.columns where table_schema = 'read' and table_name = $1 order by ordinal_position`,
    [table],
  );
  return cols.rows.map((c) => c.column_name);
}

/**
 * A page of a read-schema table in key order (as text), after the key `after` (null: from the
 * start), every column as stored. `table` and `key` are the caller's fixed names, never request text.
 */
export async function readTablePage(sql: Sql, table: string, key: string, after: string | null, limit: number): Promise<Record<string, unknown>[]> {
  const PAGE = limit;
  const r = await sql.query<{ row: Record<string, unknown> }>(
    `select to_jsonb(t) as row from read.${table} t where ($1::text is null or ${key}::text > $1) order by ${key}::text limit ${PAGE}`,
    [after],
  );
  return r.rows.map((row) => row.row);
}
