import { z } from 'zod';
import type { OfferAddedEvent, OfferRevealedEvent, PartnerAddedEvent } from '@roar/domain';
import { ident, type RecordedEvent, type Sql } from '@roar/platform';
import { staffOfferSchema, staffPartnerSchema } from '@roar/contracts/rewards';
import { createTableSql, decodeAll, isoInstant, occurredAt, upsertRows, type Columns } from '../runner/table';
import type { ApplyContext, Projector } from '../runner/projector';

const PARTNER_COLUMNS: Columns = [
  ['id', 'text'],
  ['name', 'text'],
  ['logo', 'text'],
  ['category', 'text'],
  ['sample', 'boolean'],
  ['status', 'text'],
  ['sort', 'integer'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];
const OFFER_COLUMNS: Columns = [
  ['id', 'text'],
  ['partner_id', 'text'],
  ['title', 'text'],
  ['saving', 'text'],
  ['terms', 'text'],
  ['redeem_method', 'text'],
  ['redeem_value', 'text'],
  ['starts_at', 'timestamptz', 'null'],
  ['ends_at', 'timestamptz', 'null'],
  ['status', 'text'],
  ['featured', 'boolean'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];
const REVEAL_COLUMNS: Columns = [
  ['id', 'text'],
  ['member_id', 'text'],
  ['partner_id', 'text'],
  ['offer_id', 'text'],
  ['redeem_method', 'text'],
  ['month', 'text'],
  ['revealed_at', 'timestamptz'],
];

/** The wire's partner and offer rows (@roar/contracts/rewards), their instants normalised from timestamptz. */
export const partnerRowSchema = staffPartnerSchema.extend({ created_at: isoInstant, updated_at: isoInstant });
export type PartnerRow = z.infer<typeof partnerRowSchema>;

export const offerRowSchema = staffOfferSchema.extend({
  starts_at: isoInstant.nullable(),
  ends_at: isoInstant.nullable(),
  created_at: isoInstant,
  updated_at: isoInstant,
});
export type OfferRow = z.infer<typeof offerRowSchema>;

async function migrate(tx: Sql, schema: string): Promise<void> {
  const s = ident(schema);
  await tx.exec(`
    ${createTableSql(schema, 'partners', PARTNER_COLUMNS, 'id')};
    ${createTableSql(schema, 'offers', OFFER_COLUMNS, 'id')};
    create index if not exists offers_partner on ${s}.offers (partner_id);
    ${createTableSql(schema, 'offer_reveals', REVEAL_COLUMNS, 'id')};
    create index if not exists offer_reveals_partner_month on ${s}.offer_reveals (partner_id, month);
  `);
}

const iso = (v: string | null): string | null => (v === null ? null : new Date(v).toISOString());

/**
 * Partner and offer events carry the whole record (staff save a form), so each one replaces its row;
 * created_at is kept from the row already there. Reveals are one row each, keyed by event id.
 */
async function apply(tx: Sql, events: readonly RecordedEvent[], ctx: ApplyContext): Promise<void> {
  const partners = new Map<string, Record<string, unknown>>();
  const offers = new Map<string, Record<string, unknown>>();
  const reveals: Record<string, unknown>[] = [];
  const s = ident(ctx.schema);
  const createdAt = async (table: 'partners' | 'offers', id: string, at: string): Promise<string> => {
    const pending = (table === 'partners' ? partners : offers).get(id);
    if (pending) return pending.created_at as string;
    const r = await tx.query<{ created_at: Date | string }>(`select created_at from ${s}.${table} where id = $1`, [id]);
    return r.rows[0] ? new Date(r.rows[0].created_at).toISOString() : at;
  };
  for (const e of decodeAll(events, ctx, 'rewards')) {
    const at = occurredAt(e);
    if (e.type === 'PartnerAdded' || e.type === 'PartnerChanged') {
      const d = e.data as PartnerAddedEvent['data'];
      partners.set(d.partnerId, { id: d.partnerId, ...d.fields, created_at: await createdAt('partners', d.partnerId, at), updated_at: at });
    } else if (e.type === 'OfferAdded' || e.type === 'OfferChanged') {
      const d = e.data as OfferAddedEvent['data'];
      const f = d.fields;
      offers.set(d.offerId, {
        id: d.offerId,
        partner_id: d.partnerId,
        ...f,
        starts_at: iso(f.starts_at),
        ends_at: iso(f.ends_at),
        created_at: await createdAt('offers', d.offerId, at),
        updated_at: at,
      });
    } else if (e.type === 'OfferRevealed') {
      const d = e.data as OfferRevealedEvent['data'];
      reveals.push({
        id: e.id,
        member_id: d.memberId,
        partner_id: d.partnerId,
        offer_id: d.offerId,
        redeem_method: d.redeemMethod,
        month: d.month,
        revealed_at: iso(d.revealedAt),
      });
    }
  }
  await upsertRows(tx, ctx.schema, 'partners', PARTNER_COLUMNS, 'id', [...partners.values()]);
  await upsertRows(tx, ctx.schema, 'offers', OFFER_COLUMNS, 'id', [...offers.values()]);
  await upsertRows(tx, ctx.schema, 'offer_reveals', REVEAL_COLUMNS, 'id', reveals);
}

export const rewardsProjector: Projector = {
  name: 'rewards',
  version: 1,
  tables: [
    { name: 'partners', primaryKey: ['id'] },
    { name: 'offers', primaryKey: ['id'] },
    { name: 'offer_reveals', primaryKey: ['id'] },
  ],
  handles: ['PartnerAdded', 'PartnerChanged', 'OfferAdded', 'OfferChanged', 'OfferRevealed'],
  migrate,
  apply,
};
