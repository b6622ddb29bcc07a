import { ident, type Sql } from '@roar/platform';

/** Column name and SQL type of every column, in table order (also used by jsonb_to_recordset). */
export const MEMBERSHIP_COLUMNS = [
  ['id', 'integer'],
  ['sort', 'integer'],
  ['status', 'text'],
  ['visible', 'boolean'],
  ['code', 'text'],
  ['tier', 'text'],
  ['colour', 'text'],
  ['icon', 'text'],
  ['initial_tickets', 'integer'],
  ['cumulative_tickets', 'integer'],
  ['items', 'jsonb'],
  ['type', 'text'],
  ['bonus_draws', 'boolean'],
  ['weekly_draws', 'boolean'],
  ['rewards_access', 'boolean'],
  ['shop_access', 'boolean'],
  ['price_cents', 'integer'],
  ['currency', 'text'],
  ['referee_entries', 'integer'],
  ['referrer_entries', 'integer'],
  ['rewards_days', 'integer'],
  ['cashback_maximum_cents', 'integer'],
  ['stripe_id', 'text'],
  ['updated_at', 'timestamptz'],
] as const;

export async function migrateMemberships(tx: Sql, schema: string): Promise<void> {
  const s = ident(schema);
  const columns = MEMBERSHIP_COLUMNS.map(([name, type]) => {
    if (name === 'id') return 'id integer primary key';
    return `${ident(name)} ${type}${name === 'stripe_id' ? '' : ' not null'}`;
  });
  await tx.exec(`
    create table if not exists ${s}.memberships (${columns.join(', ')});
    create index if not exists memberships_status_sort on ${s}.memberships (status, sort);
  `);
}
