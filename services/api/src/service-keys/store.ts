import { z } from 'zod';
import { SERVICE_KEY_NAMES, type ServiceKeyName } from '@roar/contracts/content';
import { text } from '@roar/domain';
import type { Sql } from '@roar/platform';

/**
 * Service keys behind `/items/tokens` (spec: records of name and token). `public` keys go to every
 * browser (tag manager id, chat provider, maps key); the others (the Instagram token) stay on the
 * server. Only admins edit them; each save is a content version with who and why.
 */

export { SERVICE_KEY_NAMES, type ServiceKeyName };
const PUBLIC_KEYS: ReadonlySet<ServiceKeyName> = new Set(['tag_manager_id', 'chat_provider', 'chat_id', 'maps_key', 'payment_url']);
export const isPublicKey = (name: ServiceKeyName): boolean => PUBLIC_KEYS.has(name);

/** Per key, what a valid token looks like: a malformed id never reaches a script tag. */
export const serviceKeyTokenSchema: Record<ServiceKeyName, z.ZodType<string>> = {
  tag_manager_id: z.string().regex(/^(GTM-[A-Z0-9]{4,12})?$/, 'A tag manager id looks like GTM-XXXXXXX'),
  chat_provider: z.enum(['', 'crisp', 'tawk']),
  chat_id: z.string().regex(/^[A-Za-z0-9/_-]{0,100}$/, 'Letters, digits, dashes, underscores and slashes only'),
  maps_key: text().max(200),
  payment_url: z.union([z.literal(''), z.url().max(500)]),
  instagram_token: text().max(1000),
  instagram_user_id: z.string().regex(/^\d{0,30}$/, 'Digits only'),
};

export async function migrateServiceKeys(tx: Sql): Promise<void> {
  await tx.exec('create table if not exists content.service_keys (name text primary key, token text not null)');
}

export async function readServiceKeys(sql: Sql): Promise<Partial<Record<ServiceKeyName, string>>> {
  const r = await sql.query<{ name: ServiceKeyName; token: string }>('select name, token from content.service_keys');
  return Object.fromEntries(r.rows.filter((k) => k.token !== '').map((k) => [k.name, k.token]));
}

export async function writeServiceKey(tx: Sql, name: ServiceKeyName, token: string): Promise<void> {
  await tx.query('insert into content.service_keys (name, token) values ($1, $2) on conflict (name) do update set token = excluded.token', [
    name,
    token,
  ]);
}
