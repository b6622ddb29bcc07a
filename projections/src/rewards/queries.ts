import type { Sql } from '@roar/platform';
import { offerRowSchema, partnerRowSchema, type OfferRow, type PartnerRow } from './projector';

export interface OfferWithPartner extends OfferRow {
  readonly partner: PartnerRow;
}

/** Every partner (staff), or only published ones (members), in the catalogue's order. */
export async function listPartners(sql: Sql, options: { publishedOnly: boolean; ids?: readonly string[] }): Promise<PartnerRow[]> {
  const r = await sql.query<{ row: unknown }>(
    `select to_jsonb(p) as row from read.partners p
     where ($1::boolean = false or status = 'published') and ($2::jsonb is null or id in (select jsonb_array_elements_text($2::jsonb)))
     order by sort, name, id`,
    [options.publishedOnly, options.ids ? JSON.stringify(options.ids) : null],
  );
  return r.rows.map(({ row }) => partnerRowSchema.parse(row));
}

export async function getPartner(sql: Sql, id: string): Promise<PartnerRow | null> {
  const r = await sql.query<{ row: unknown }>('select to_jsonb(p) as row from read.partners p where id = $1', [id]);
  return r.rows[0] ? partnerRowSchema.parse(r.rows[0].row) : null;
}

/** Offers with their partner; `publishedOnly` keeps published offers of published partners. Dates are checked by the caller. */
export async function listOffers(
  sql: Sql,
  options: { publishedOnly: boolean; partnerId?: string; ids?: readonly string[] },
): Promise<OfferWithPartner[]> {
  const r = await sql.query<{ offer: unknown; partner: unknown }>(
    `select to_jsonb(o) as offer, to_jsonb(p) as partner from read.offers o join read.partners p on p.id = o.partner_id
     where ($1::boolean = false or (o.status = 'published' and p.status = 'published'))
       and ($2::text is null or o.partner_id = $2)
       and ($3::jsonb is null or o.id in (select jsonb_array_elements_text($3::jsonb)))
     order by p.sort, p.name, o.created_at, o.id`,
    [options.publishedOnly, options.partnerId ?? null, options.ids ? JSON.stringify(options.ids) : null],
  );
  return r.rows.map(({ offer, partner }) => ({ ...offerRowSchema.parse(offer), partner: partnerRowSchema.parse(partner) }));
}

export async function getOffer(sql: Sql, id: string): Promise<OfferWithPartner | null> {
  return (await listOffers(sql, { publishedOnly: false, ids: [id] }))[0] ?? null;
}

export interface RedemptionRow {
  readonly id: string;
  readonly partner_id: string;
  readonly partner_name: string;
  readonly month: string;
  readonly reveals: number;
  readonly members: number;
}

/** Reveals per partner and Sydney month, newest month first: what staff report to partners. */
export async function redemptionsByPartnerMonth(sql: Sql, filter: { partnerId?: string; month?: string } = {}): Promise<RedemptionRow[]> {
  const r = await sql.query<{ partner_id: string; partner_name: string; month: string; reveals: string | number; members: string | number }>(
    `select r.partner_id, coalesce(p.name, r.partner_id) as partner_name, r.month, count(*) as reveals, count(distinct r.member_id) as members
     from read.offer_reveals r left join read.partners p on p.id = r.partner_id
     where ($1::text is null or r.partner_id = $1) and ($2::text is null or r.month = $2)
     group by r.partner_id, p.name, r.month order by r.month desc, partner_name`,
    [filter.partnerId ?? null, filter.month ?? null],
  );
  return r.rows.map((x) => ({
    id: `${x.partner_id}:${x.month}`,
    partner_id: x.partner_id,
    partner_name: x.partner_name,
    month: x.month,
    reveals: Number(x.reveals),
    members: Number(x.members),
  }));
}
