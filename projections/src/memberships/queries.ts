import { ident, type Sql } from '@roar/platform';
import { MEMBERSHIP_COLUMNS } from './migration';
import type { MembershipRow } from './row';

export interface ListMembershipsOptions {
  readonly statuses?: readonly string[];
  /** Column names, `-` in front for descending (`['sort', '-price_cents']`); default by sort then id. */
  readonly sort?: readonly string[];
  readonly ids?: readonly number[];
}

const SORTABLE = new Set<string>(MEMBERSHIP_COLUMNS.map(([n]) => n).filter((n) => n !== 'items'));

function orderBy(sort: readonly string[]): string {
  const terms = sort.map((s) => {
    const desc = s.startsWith('-');
    const column = desc ? s.slice(1) : s;
    if (!SORTABLE.has(column)) throw new Error(`cannot sort memberships by ${column}`);
    return `${ident(column)} ${desc ? 'desc' : 'asc'}`;
  });
  return [...terms, 'id asc'].join(', ');
}

/**
 * Rows this projector wrote itself, in columns typed by its own migration: read back without a
 * schema check per row (the read path of the public catalogue). Only the timestamp is normalised,
 * since to_jsonb spells it differently from toISOString. membershipRowSchema stays for tests.
 */
function parseRows(rows: readonly { row: unknown }[]): MembershipRow[] {
  return rows.map(({ row }) => {
    const r = row as MembershipRow;
    return { ...r, updated_at: new Date(r.updated_at).toISOString() };
  });
}

/**
 * The catalogue from read.memberships. Eventually consistent with the event log: a command waits
 * for the projections (daemon.waitFor) before it answers, so a caller sees its own write.
 */
export async function listMemberships(sql: Sql, options: ListMembershipsOptions = {}): Promise<MembershipRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (options.statuses) {
    params.push(JSON.stringify(options.statuses));
    where.push(`status in (select jsonb_array_elements_text($${params.length}::jsonb))`);
  }
  if (options.ids) {
    params.push(JSON.stringify(options.ids));
    where.push(`id in (select (jsonb_array_elements_text($${params.length}::jsonb))::int)`);
  }
  const r = await sql.query<{ row: unknown }>(
    `select to_jsonb(m) as row from read.memberships m ${where.length ? `where ${where.join(' and ')}` : ''} order by ${orderBy(options.sort ?? ['sort'])}`,
    params,
  );
  return parseRows(r.rows);
}

export async function getMembership(sql: Sql, id: number): Promise<MembershipRow | null> {
  const r = await sql.query<{ row: unknown }>('select to_jsonb(m) as row from read.memberships m where id = $1', [id]);
  return parseRows(r.rows)[0] ?? null;
}
