import { z } from 'zod';
import type { ReferralBonusGrantedEvent, ReferralRecordedEvent, ReferralVoidedEvent } from '@roar/domain';
import { ident, type RecordedEvent, type Sql } from '@roar/platform';
import { createTableSql, decodeAll, isoInstant, loadRows, occurredAt, upsertRows, type Columns } from '../runner/table';
import type { ApplyContext, Projector } from '../runner/projector';

export const REFERRAL_COLUMNS: Columns = [
  ['referee_id', 'text'],
  ['referrer_id', 'text'],
  ['referral_code', 'text'],
  ['status', 'text'],
  ['tier_code', 'text', 'null'],
  ['payment_id', 'text', 'null'],
  ['referrer_entries', 'integer', 'null'],
  ['referee_entries', 'integer', 'null'],
  ['bonus_was_granted', 'boolean'],
  ['void_reason', 'text', 'null'],
  ['recorded_at', 'timestamptz'],
  ['granted_at', 'timestamptz', 'null'],
  ['voided_at', 'timestamptz', 'null'],
  ['updated_at', 'timestamptz'],
];

/** One row of read.referrals: one referred member (the stream `referral-<refereeId>`). */
export const referralRowSchema = z.object({
  referee_id: z.string(),
  referrer_id: z.string(),
  referral_code: z.string(),
  status: z.enum(['recorded', 'bonus-granted', 'voided']),
  tier_code: z.string().nullable(),
  payment_id: z.string().nullable(),
  referrer_entries: z.number().int().nullable(),
  referee_entries: z.number().int().nullable(),
  bonus_was_granted: z.boolean(),
  void_reason: z.string().nullable(),
  recorded_at: isoInstant,
  granted_at: isoInstant.nullable(),
  voided_at: isoInstant.nullable(),
  updated_at: isoInstant,
});
export type ReferralRow = z.infer<typeof referralRowSchema>;

async function migrate(tx: Sql, schema: string): Promise<void> {
  const s = ident(schema);
  await tx.exec(`
    ${createTableSql(schema, 'referrals', REFERRAL_COLUMNS, 'referee_id')};
    create index if not exists referrals_referrer on ${s}.referrals (referrer_id, recorded_at);
  `);
}

function evolve(row: ReferralRow | undefined, e: RecordedEvent): ReferralRow | undefined {
  const at = occurredAt(e);
  switch (e.type) {
    case 'ReferralRecorded': {
      const d = e.data as ReferralRecordedEvent['data'];
      return {
        referee_id: d.refereeId,
        referrer_id: d.referrerId,
        referral_code: d.referralCode,
        status: 'recorded',
        tier_code: null,
        payment_id: null,
        referrer_entries: null,
        referee_entries: null,
        bonus_was_granted: false,
        void_reason: null,
        recorded_at: new Date(d.recordedAt).toISOString(),
        granted_at: null,
        voided_at: null,
        updated_at: at,
      };
    }
    case 'ReferralBonusGranted': {
      if (!row) return row;
      const d = e.data as ReferralBonusGrantedEvent['data'];
      return {
        ...row,
        status: 'bonus-granted',
        tier_code: d.tierCode,
        payment_id: d.paymentId,
        referrer_entries: d.referrerEntries,
        referee_entries: d.refereeEntries,
        bonus_was_granted: true,
        granted_at: new Date(d.grantedAt).toISOString(),
        updated_at: at,
      };
    }
    case 'ReferralVoided': {
      if (!row) return row;
      const d = e.data as ReferralVoidedEvent['data'];
      return { ...row, status: 'voided', void_reason: d.reason, voided_at: new Date(d.voidedAt).toISOString(), updated_at: at };
    }
    default:
      return row;
  }
}

async function apply(tx: Sql, events: readonly RecordedEvent[], ctx: ApplyContext): Promise<void> {
  const decoded = decodeAll(events, ctx, 'referrals');
  const keys = decoded.map((e) => (e.data as { refereeId: string }).refereeId);
  const rows = new Map((await loadRows(tx, ctx.schema, 'referrals', 'referee_id', keys, referralRowSchema, ctx)).map((r) => [r.referee_id, r]));
  const touched = new Set<string>();
  for (const e of decoded) {
    const key = (e.data as { refereeId: string }).refereeId;
    const next = evolve(rows.get(key), e);
    if (!next) {
      ctx.logger.warn({ eventId: e.id, type: e.type }, 'referrals: event for an unrecorded referral skipped');
      continue;
    }
    rows.set(key, next);
    touched.add(key);
  }
  await upsertRows(
    tx,
    ctx.schema,
    'referrals',
    REFERRAL_COLUMNS,
    'referee_id',
    [...touched].map((k) => rows.get(k)!),
  );
}

export const referralsProjector: Projector = {
  name: 'referrals',
  version: 1,
  tables: [{ name: 'referrals', primaryKey: ['referee_id'] }],
  handles: ['ReferralRecorded', 'ReferralBonusGranted', 'ReferralVoided'],
  migrate,
  apply,
};
