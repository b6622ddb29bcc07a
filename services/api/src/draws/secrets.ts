import { randomBytes } from 'node:crypto';
import type { Sql } from '@roar/platform';

/**
 * The draw module's own table: the commit-reveal secret and the entrant-id salt of each draw.
 * They never enter the event log before the reveal (only the secret's SHA-256 does, at schedule
 * time); the reveal copies them into RandomnessRevealed so the log alone re-checks the draw.
 */
export interface DrawSecret {
  readonly secret: string;
  readonly salt: string;
}

let migrated: WeakSet<Sql> = new WeakSet();

async function migrate(sql: Sql): Promise<void> {
  if (migrated.has(sql)) return;
  await sql.exec(`
    create schema if not exists draw;
    create table if not exists draw.secrets (
      prize_id text primary key, secret text not null, salt text not null, created_at timestamptz not null default now());
    create table if not exists draw.redraw_secrets (
      prize_id text primary key, secret text not null, chain_length int not null, created_at timestamptz not null default now());`);
  migrated.add(sql);
}

/** The draw's secret, created once: a retried schedule finds the first one. */
export async function ensureDrawSecret(sql: Sql, prizeId: string): Promise<DrawSecret> {
  await migrate(sql);
  await sql.query('insert into draw.secrets (prize_id, secret, salt) values ($1, $2, $3) on conflict (prize_id) do nothing', [
    prizeId,
    randomBytes(32).toString('hex'),
    randomBytes(16).toString('hex'),
  ]);
  const secret = await readDrawSecret(sql, prizeId);
  if (!secret) throw new Error(`draw secret of ${prizeId} vanished`);
  return secret;
}

export async function readDrawSecret(sql: Sql, prizeId: string): Promise<DrawSecret | null> {
  await migrate(sql);
  const r = await sql.query<{ secret: string; salt: string }>('select secret, salt from draw.secrets where prize_id = $1', [prizeId]);
  return r.rows[0] ?? null;
}

/** For tests that open a fresh database on the same Sql object. */
export function forgetDrawSecretMigration(): void {
  migrated = new WeakSet();
}

/** How many redraws a draw's redraw chain holds (each reveals one link). */
export const REDRAW_CHAIN_LENGTH = 32;

/**
 * The secret of the draw's redraw hash chain (issue 22), created once like the draw secret: only the
 * chain's end enters the log at schedule time; each redraw reveals the next link back.
 */
export async function ensureRedrawSecret(sql: Sql, prizeId: string): Promise<{ secret: string; chainLength: number }> {
  await migrate(sql);
  await sql.query('insert into draw.redraw_secrets (prize_id, secret, chain_length) values ($1, $2, $3) on conflict (prize_id) do nothing', [
    prizeId,
    randomBytes(32).toString('hex'),
    REDRAW_CHAIN_LENGTH,
  ]);
  const found = await readRedrawSecret(sql, prizeId);
  if (!found) throw new Error(`redraw secret of ${prizeId} vanished`);
  return found;
}

export async function readRedrawSecret(sql: Sql, prizeId: string): Promise<{ secret: string; chainLength: number } | null> {
  await migrate(sql);
  const r = await sql.query<{ secret: string; chain_length: number }>('select secret, chain_length from draw.redraw_secrets where prize_id = $1', [
    prizeId,
  ]);
  const row = r.rows[0];
  return row ? { secret: row.secret, chainLength: Number(row.chain_length) } : null;
}
