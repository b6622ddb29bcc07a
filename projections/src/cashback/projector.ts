import { z } from 'zod';
import type {
  CashbackClaimApprovedEvent,
  CashbackClaimDeclinedEvent,
  CashbackClaimSubmittedEvent,
  CashbackPayoutPaidEvent,
  CashbackPayoutReversedEvent,
  CashbackPayoutScheduledEvent,
} from '@roar/domain';
import { ident, type RecordedEvent, type Sql } from '@roar/platform';
import { cashbackClaimSchema, cashbackPayoutSchema } from '@roar/contracts/cashback';
import { createTableSql, decodeAll, isoInstant, loadRows, occurredAt, upsertRows, type Columns } from '../runner/table';
import type { ApplyContext, Projector } from '../runner/projector';
import { withErasure } from '../runner/erasure';

const CLAIM_COLUMNS: Columns = [
  ['id', 'text'],
  ['member_id', 'text'],
  ['course', 'text'],
  ['played_on', 'text'],
  ['month', 'text'],
  ['amount_cents', 'integer'],
  ['maximum_cents', 'integer'],
  ['payout_cents', 'integer', 'null'],
  ['payout_id', 'text', 'null'],
  ['receipt_key', 'text'],
  ['receipt_type', 'text'],
  ['receipt_size', 'integer'],
  ['receipt_sha256', 'text'],
  ['status', 'text'],
  ['decline_reason', 'text', 'null'],
  ['decided_by', 'text', 'null'],
  ['submitted_at', 'timestamptz'],
  ['decision_due_by', 'timestamptz'],
  ['decided_at', 'timestamptz', 'null'],
  ['paid_at', 'timestamptz', 'null'],
  ['updated_at', 'timestamptz'],
];
const PAYOUT_COLUMNS: Columns = [
  ['id', 'text'],
  ['claim_id', 'text'],
  ['member_id', 'text'],
  ['amount_cents', 'integer'],
  ['status', 'text'],
  ['bank_reference', 'text', 'null'],
  ['reason', 'text', 'null'],
  ['scheduled_at', 'timestamptz'],
  ['paid_at', 'timestamptz', 'null'],
  ['reversed_at', 'timestamptz', 'null'],
];

/** The wire's claim row (@roar/contracts/cashback), its instants normalised from timestamptz. */
export const cashbackClaimRowSchema = cashbackClaimSchema.extend({
  submitted_at: isoInstant,
  decision_due_by: isoInstant,
  decided_at: isoInstant.nullable(),
  paid_at: isoInstant.nullable(),
  updated_at: isoInstant,
});
export type CashbackClaimRow = z.infer<typeof cashbackClaimRowSchema>;

export const cashbackPayoutRowSchema = cashbackPayoutSchema.extend({
  scheduled_at: isoInstant,
  paid_at: isoInstant.nullable(),
  reversed_at: isoInstant.nullable(),
});
export type CashbackPayoutRow = z.infer<typeof cashbackPayoutRowSchema>;

async function migrate(tx: Sql, schema: string): Promise<void> {
  const s = ident(schema);
  await tx.exec(`
    ${createTableSql(schema, 'cashback_claims', CLAIM_COLUMNS, 'id')};
    create index if not exists cashback_claims_member on ${s}.cashback_claims (member_id, submitted_at);
    create index if not exists cashback_claims_status on ${s}.cashback_claims (status, submitted_at);
    ${createTableSql(schema, 'cashback_payouts', PAYOUT_COLUMNS, 'id')};
    create index if not exists cashback_payouts_status on ${s}.cashback_payouts (status, scheduled_at);
  `);
}

const iso = (v: string): string => new Date(v).toISOString();
const staffOf = (e: RecordedEvent): string | null => {
  const actor = e.metadata.actor as { type?: string; id?: string } | undefined;
  return actor?.type === 'staff' && actor.id ? actor.id : null;
};

async function apply(tx: Sql, events: readonly RecordedEvent[], ctx: ApplyContext): Promise<void> {
  const decoded = decodeAll(events, ctx, 'cashback');
  const claimIds = decoded.map((e) => (e.data as { claimId: string }).claimId);
  const payoutIds = decoded.flatMap((e) => ('payoutId' in (e.data as object) ? [(e.data as { payoutId: string }).payoutId] : []));
  const claims = new Map((await loadRows(tx, ctx.schema, 'cashback_claims', 'id', claimIds, cashbackClaimRowSchema, ctx)).map((r) => [r.id, r]));
  const payouts = new Map((await loadRows(tx, ctx.schema, 'cashback_payouts', 'id', payoutIds, cashbackPayoutRowSchema, ctx)).map((r) => [r.id, r]));
  const touchedClaims = new Set<string>();
  const touchedPayouts = new Set<string>();
  const setClaim = (id: string, change: Partial<CashbackClaimRow>, at: string) => {
    const row = claims.get(id);
    if (!row) return ctx.logger.warn({ claimId: id }, 'cashback: event for an unknown claim skipped');
    claims.set(id, { ...row, ...change, updated_at: at });
    touchedClaims.add(id);
  };
  const setPayout = (id: string, change: Partial<CashbackPayoutRow>) => {
    const row = payouts.get(id);
    if (!row) return ctx.logger.warn({ payoutId: id }, 'cashback: event for an unknown payout skipped');
    payouts.set(id, { ...row, ...change });
    touchedPayouts.add(id);
  };
  for (const e of decoded) {
    const at = occurredAt(e);
    switch (e.type) {
      case 'CashbackClaimSubmitted': {
        const d = e.data as CashbackClaimSubmittedEvent['data'];
        claims.set(d.claimId, {
          id: d.claimId,
          member_id: d.memberId,
          course: d.course,
          played_on: d.playedOn,
          month: d.month,
          amount_cents: d.amountCents,
          maximum_cents: d.maximumCents,
          payout_cents: null,
          payout_id: null,
          receipt_key: d.receipt.key,
          receipt_type: d.receipt.contentType,
          receipt_size: d.receipt.size,
          receipt_sha256: d.receipt.sha256,
          status: 'submitted',
          decline_reason: null,
          decided_by: null,
          submitted_at: iso(d.submittedAt),
          decision_due_by: iso(d.decisionDueBy),
          decided_at: null,
          paid_at: null,
          updated_at: at,
        });
        touchedClaims.add(d.claimId);
        break;
      }
      case 'CashbackClaimApproved': {
        const d = e.data as CashbackClaimApprovedEvent['data'];
        setClaim(
          d.claimId,
          { status: 'approved', payout_cents: d.payoutCents, payout_id: d.payoutId, decided_at: iso(d.approvedAt), decided_by: staffOf(e) },
          at,
        );
        break;
      }
      case 'CashbackClaimDeclined': {
        const d = e.data as CashbackClaimDeclinedEvent['data'];
        setClaim(d.claimId, { status: 'declined', decline_reason: d.reason, decided_at: iso(d.declinedAt), decided_by: staffOf(e) }, at);
        break;
      }
      case 'CashbackPayoutScheduled': {
        const d = e.data as CashbackPayoutScheduledEvent['data'];
        payouts.set(d.payoutId, {
          id: d.payoutId,
          claim_id: d.claimId,
          member_id: d.memberId,
          amount_cents: d.amountCents,
          status: 'scheduled',
          bank_reference: null,
          reason: null,
          scheduled_at: iso(d.scheduledAt),
          paid_at: null,
          reversed_at: null,
        });
        touchedPayouts.add(d.payoutId);
        break;
      }
      case 'CashbackPayoutPaid': {
        const d = e.data as CashbackPayoutPaidEvent['data'];
        setPayout(d.payoutId, { status: 'paid', bank_reference: d.bankReference, paid_at: iso(d.paidAt) });
        setClaim(d.claimId, { status: 'paid', paid_at: iso(d.paidAt) }, at);
        break;
      }
      case 'CashbackPayoutReversed': {
        const d = e.data as CashbackPayoutReversedEvent['data'];
        setPayout(d.payoutId, { status: 'reversed', reason: d.reason, reversed_at: iso(d.reversedAt) });
        setClaim(d.claimId, { status: 'reversed' }, at);
        break;
      }
      default:
        break;
    }
  }
  await upsertRows(
    tx,
    ctx.schema,
    'cashback_claims',
    CLAIM_COLUMNS,
    'id',
    [...touchedClaims].map((id) => claims.get(id)!),
  );
  await upsertRows(
    tx,
    ctx.schema,
    'cashback_payouts',
    PAYOUT_COLUMNS,
    'id',
    [...touchedPayouts].map((id) => payouts.get(id)!),
  );
}

export const cashbackProjector: Projector = withErasure(
  {
    name: 'cashback',
    version: 1,
    tables: [
      { name: 'cashback_claims', primaryKey: ['id'] },
      { name: 'cashback_payouts', primaryKey: ['id'] },
    ],
    handles: [
      'CashbackClaimSubmitted',
      'CashbackClaimApproved',
      'CashbackClaimDeclined',
      'CashbackPayoutScheduled',
      'CashbackPayoutPaid',
      'CashbackPayoutReversed',
    ],
    migrate,
    apply,
  },
  [
    { table: 'cashback_claims', member: 'member_id', columns: { course: 'text', decline_reason: 'text' } },
    { table: 'cashback_payouts', member: 'member_id', columns: { reason: 'text' } },
  ],
);
