import type { Sql } from '@roar/platform';

/**
 * Every saved version of an editable content item, with who saved it and why: the history staff
 * read, and what a restore copies back. Append-only; the live tables hold the current version.
 */
export async function migrateContentVersions(tx: Sql): Promise<void> {
  await tx.exec(`
    create table if not exists content.versions (
      id serial primary key,
      collection text not null,
      item_key text not null,
      version int not null,
      data jsonb not null,
      staff_id text not null,
      staff_email text not null,
      reason text not null,
      restored_from int,
      created_at timestamptz not null,
      unique (collection, item_key, version)
    );`);
}

export interface ContentVersion {
  readonly id: number;
  readonly version: number;
  readonly data: Record<string, unknown>;
  readonly staff_id: string;
  readonly staff_email: string;
  readonly reason: string;
  readonly restored_from: number | null;
  readonly created_at: string;
}

/**
 * The latest content version recorded (every staff edit and restore records one): the prerendered
 * public pages are drawn again once it moves, as they are when the read models they show move.
 */
export async function latestContentVersion(sql: Sql): Promise<string> {
  const r = await sql.query<{ id: number | null }>('select max(id) as id from content.versions');
  return String(r.rows[0]?.id ?? 0);
}

export async function listVersions(sql: Sql, collection: string, key: string): Promise<ContentVersion[]> {
  const r = await sql.query<ContentVersion & { created_at: Date | string }>(
    'select id, version, data, staff_id, staff_email, reason, restored_from, created_at from content.versions where collection = $1 and item_key = $2 order by version desc',
    [collection, key],
  );
  return r.rows.map((v) => ({ ...v, created_at: new Date(v.created_at).toISOString() }));
}

/** Records a version inside the caller's transaction; the number is one past the last (the unique key refuses a lost race). */
export async function recordVersion(
  tx: Sql,
  v: {
    collection: string;
    key: string;
    data: Record<string, unknown>;
    staffId: string;
    staffEmail: string;
    reason: string;
    restoredFrom?: number | null;
    at: Date;
  },
): Promise<number> {
  const r = await tx.query<{ version: number }>(
    `insert into content.versions (collection, item_key, version, data, staff_id, staff_email, reason, restored_from, created_at)
     select $1, $2, coalesce(max(version), 0) + 1, $3::jsonb, $4, $5, $6, $7, $8 from content.versions where collection = $1 and item_key = $2
     returning version`,
    [v.collection, v.key, JSON.stringify(v.data), v.staffId, v.staffEmail, v.reason, v.restoredFrom ?? null, v.at.toISOString()],
  );
  return r.rows[0]!.version;
}
