import type {
  MemberEmailChangedEvent,
  MemberProfileUpdatedEvent,
  MemberRegisteredEvent,
  MembershipActivatedEvent,
  MembershipCancelledEvent,
  MembershipPaymentFailedEvent,
  MembershipRenewedEvent,
} from '@roar/domain';
import { ident, type RecordedEvent, type Sql } from '@roar/platform';
import type { ApplyContext, Projector } from '../runner/projector';
import { withErasure } from '../runner/erasure';
import { MEMBER_COLUMNS, memberRowSchema, type MemberRow } from './row';
import { createTableSql, decodeAll, loadRows, occurredAt, upsertRows } from '../runner/table';

const HANDLES = [
  'MemberRegistered',
  'MemberProfileUpdated',
  'MembershipActivated',
  'MembershipRenewed',
  'MembershipPaymentFailed',
  'MembershipCancelled',
  'MemberSuspended',
  'MemberReinstated',
  'MemberEmailChanged',
] as const;

async function migrate(tx: Sql, schema: string): Promise<void> {
  const s = ident(schema);
  await tx.exec(`
    ${createTableSql(schema, 'members', MEMBER_COLUMNS, 'id')};
    alter table ${s}.members add column if not exists state text;
    create index if not exists members_email_lower on ${s}.members (lower(email));
    create index if not exists members_registered_at on ${s}.members (registered_at, id);
    create index if not exists members_referral_code on ${s}.members (referral_code);
    -- The staff dashboard's renewals due: renewing subscriptions by the end of their paid period.
    create index if not exists members_renewals_due on ${s}.members (membership_end_date) where membership_status = 'active' and membership_type = 'monthly-subscription';
  `);
}

function registered(d: MemberRegisteredEvent['data'], at: string): MemberRow {
  return {
    id: d.memberId,
    email: d.email,
    firstname: d.firstname,
    lastname: d.lastname,
    mobile: null,
    dob: d.dob ?? null,
    address: null,
    state: d.state ?? null,
    status: 'active',
    chosen_membership_id: d.chosenMembershipId,
    membership_id: null,
    membership_code: null,
    membership_tier: null,
    membership_type: null,
    membership_rewards_access: false,
    membership_shop_access: false,
    membership_start_date: null,
    membership_end_date: null,
    membership_status: 'none',
    subscription_id: null,
    referral_code: d.referralCode,
    registered_at: at,
    updated_at: at,
  };
}

function evolve(row: MemberRow, event: RecordedEvent, at: string): MemberRow {
  switch (event.type) {
    case 'MemberProfileUpdated':
      return { ...row, ...(event.data as MemberProfileUpdatedEvent['data']).changes, updated_at: at };
    case 'MembershipActivated': {
      const d = event.data as MembershipActivatedEvent['data'];
      return {
        ...row,
        membership_id: d.tier.membershipId,
        membership_code: d.tier.code,
        membership_tier: d.tier.tier,
        membership_type: d.tier.type,
        membership_rewards_access: d.tier.rewards_access,
        membership_shop_access: d.tier.shop_access,
        membership_start_date: new Date(d.periodStart).toISOString(),
        membership_end_date: d.periodEnd === null ? null : new Date(d.periodEnd).toISOString(),
        membership_status: 'active',
        subscription_id: d.subscriptionId,
        updated_at: at,
      };
    }
    case 'MembershipRenewed': {
      const d = event.data as MembershipRenewedEvent['data'];
      return {
        ...row,
        membership_end_date: new Date(d.periodEnd).toISOString(),
        membership_status: 'active',
        subscription_id: d.subscriptionId,
        updated_at: at,
      };
    }
    case 'MembershipPaymentFailed': {
      // Only a failed renewal of the current subscription marks the plan; a declined first
      // payment leaves the member on what they had.
      const d = event.data as MembershipPaymentFailedEvent['data'];
      if (d.subscriptionId === null || d.subscriptionId !== row.subscription_id) return row;
      return { ...row, membership_status: 'payment_failed', updated_at: at };
    }
    case 'MembershipCancelled': {
      const d = event.data as MembershipCancelledEvent['data'];
      return { ...row, membership_status: 'cancelled', membership_end_date: new Date(d.endsAt).toISOString(), updated_at: at };
    }
    // Staff suspension (issue 14): sign-in reads this status; the draw rule reads the events.
    case 'MemberSuspended':
      return { ...row, status: 'suspended', updated_at: at };
    case 'MemberReinstated':
      return { ...row, status: 'active', updated_at: at };
    case 'MemberEmailChanged':
      return { ...row, email: (event.data as MemberEmailChangedEvent['data']).email, updated_at: at };
    default:
      return row;
  }
}

/** Folds the batch into the members it touches (read once, written once). */
async function apply(tx: Sql, events: readonly RecordedEvent[], ctx: ApplyContext): Promise<void> {
  const decoded = decodeAll(events, ctx, 'members');
  const ids = decoded.map((e) => (e.data as { memberId: string }).memberId);
  const rows = new Map((await loadRows(tx, ctx.schema, 'members', 'id', ids, memberRowSchema, ctx)).map((r) => [r.id, r]));
  const touched = new Set<string>();
  for (const e of decoded) {
    const at = occurredAt(e);
    const id = (e.data as { memberId: string }).memberId;
    if (e.type === 'MemberRegistered') {
      if (rows.has(id)) {
        ctx.logger.warn({ eventId: e.id, memberId: id }, 'members: second registration of a member skipped');
        continue;
      }
      rows.set(id, registered(e.data as MemberRegisteredEvent['data'], at));
      touched.add(id);
      continue;
    }
    const row = rows.get(id);
    if (!row) {
      ctx.logger.warn({ eventId: e.id, type: e.type, memberId: id }, 'members: event for an unknown member skipped');
      continue;
    }
    rows.set(id, evolve(row, e, at));
    touched.add(id);
  }
  await upsertRows(
    tx,
    ctx.schema,
    'members',
    MEMBER_COLUMNS,
    'id',
    [...touched].map((id) => rows.get(id)!),
  );
}

export const membersProjector: Projector = withErasure(
  {
    name: 'members',
    version: 1,
    tables: [{ name: 'members', primaryKey: ['id'] }],
    handles: HANDLES,
    migrate,
    apply,
  },
  [
    {
      table: 'members',
      member: 'id',
      columns: { email: 'email', firstname: 'name', lastname: 'name', mobile: 'text', dob: 'date', address: 'text' },
    },
  ],
);
