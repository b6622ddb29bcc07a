import type { CheckoutCompletedEvent, CheckoutCreatedEvent, CheckoutFailedEvent, MembershipRenewedEvent, PaymentRefundedEvent } from '@roar/domain';
import { ident, type RecordedEvent, type Sql } from '@roar/platform';
import { createTableSql, decodeAll, loadRows, occurredAt, upsertRows } from '../runner/table';
import type { ApplyContext, Projector } from '../runner/projector';
import { PAYMENT_COLUMNS, paymentRowSchema, type PaymentRow } from './row';
import { withErasure } from '../runner/erasure';

async function migrate(tx: Sql, schema: string): Promise<void> {
  const s = ident(schema);
  await tx.exec(`
    ${createTableSql(schema, 'payments', PAYMENT_COLUMNS, 'id')};
    create index if not exists payments_member on ${s}.payments (member_id, created_at);
    create index if not exists payments_created on ${s}.payments (created_at, id);
  `);
}

const renewalId = (paymentId: string): string => `renewal:${paymentId}`;

function keyOf(e: RecordedEvent): string {
  if (e.type === 'MembershipRenewed') return renewalId((e.data as MembershipRenewedEvent['data']).paymentId);
  if (e.type === 'PaymentRefunded') {
    const d = e.data as PaymentRefundedEvent['data'];
    return d.checkoutId ?? renewalId(d.paymentId);
  }
  return (e.data as { checkoutId: string }).checkoutId;
}

function created(e: RecordedEvent): PaymentRow {
  const at = occurredAt(e);
  if (e.type === 'MembershipRenewed') {
    const d = e.data as MembershipRenewedEvent['data'];
    return {
      id: renewalId(d.paymentId),
      checkout_id: null,
      member_id: d.memberId,
      purpose: 'renewal',
      membership_id: d.tier.membershipId,
      tier_code: d.tier.code,
      amount_cents: d.tier.price_cents,
      currency: 'AUD',
      provider: null,
      status: 'paid',
      failure_reason: null,
      payment_id: d.paymentId,
      subscription_id: d.subscriptionId,
      card_brand: null,
      card_last4: null,
      created_at: at,
      completed_at: at,
    };
  }
  const d = e.data as CheckoutCreatedEvent['data'];
  return {
    id: d.checkoutId,
    checkout_id: d.checkoutId,
    member_id: d.memberId,
    purpose: d.purpose,
    membership_id: d.tier?.membershipId ?? null,
    tier_code: d.tier?.code ?? null,
    amount_cents: d.amount_cents,
    currency: d.currency,
    provider: d.provider,
    status: 'pending',
    failure_reason: null,
    payment_id: null,
    subscription_id: null,
    card_brand: null,
    card_last4: null,
    created_at: at,
    completed_at: null,
  };
}

function evolve(row: PaymentRow, e: RecordedEvent): PaymentRow {
  switch (e.type) {
    case 'CheckoutCompleted': {
      const d = e.data as CheckoutCompletedEvent['data'];
      return {
        ...row,
        status: 'paid',
        failure_reason: null,
        payment_id: d.paymentId,
        subscription_id: d.subscriptionId,
        amount_cents: d.amount_cents,
        card_brand: d.card?.brand ?? null,
        card_last4: d.card?.last4 ?? null,
        completed_at: occurredAt(e),
      };
    }
    case 'CheckoutFailed':
      // A decline (the provider's reason kept); a later card may still pay the same checkout.
      return row.status === 'paid' ? row : { ...row, status: 'declined', failure_reason: (e.data as CheckoutFailedEvent['data']).reason };
    case 'CheckoutExpired':
      return row.status === 'paid' ? row : { ...row, status: 'expired' };
    case 'PaymentRefunded':
      return { ...row, status: 'refunded', failure_reason: (e.data as PaymentRefundedEvent['data']).reason };
    default:
      return row;
  }
}

async function apply(tx: Sql, events: readonly RecordedEvent[], ctx: ApplyContext): Promise<void> {
  const decoded = decodeAll(events, ctx, 'payments');
  const rows = new Map((await loadRows(tx, ctx.schema, 'payments', 'id', decoded.map(keyOf), paymentRowSchema, ctx)).map((r) => [r.id, r]));
  const touched = new Set<string>();
  for (const e of decoded) {
    const id = keyOf(e);
    if (e.type === 'CheckoutCreated' || e.type === 'MembershipRenewed') {
      if (rows.has(id)) {
        ctx.logger.warn({ eventId: e.id, type: e.type, id }, 'payments: payment row already exists, event skipped');
        continue;
      }
      rows.set(id, created(e));
    } else {
      const row = rows.get(id);
      if (!row) {
        ctx.logger.warn({ eventId: e.id, type: e.type, id }, 'payments: event for an unknown checkout skipped');
        continue;
      }
      rows.set(id, evolve(row, e));
    }
    touched.add(id);
  }
  await upsertRows(
    tx,
    ctx.schema,
    'payments',
    PAYMENT_COLUMNS,
    'id',
    [...touched].map((id) => rows.get(id)!),
  );
}

export const paymentsProjector: Projector = withErasure(
  {
    name: 'payments',
    version: 3,
    tables: [{ name: 'payments', primaryKey: ['id'] }],
    handles: ['CheckoutCreated', 'CheckoutCompleted', 'CheckoutFailed', 'CheckoutExpired', 'MembershipRenewed', 'PaymentRefunded'],
    migrate,
    apply,
  },
  // A refund's reason is staff text about the member; a decline's is the provider's and stays.
  [{ table: 'payments', member: { where: "member_id = $1 and status = 'refunded'" }, columns: { failure_reason: 'text' } }],
);
