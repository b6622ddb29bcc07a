import type { Sql } from '@roar/platform';

/**
 * The local provider's own tables: what Stripe would hold on its side. Kept apart from the
 * event store and read models; nothing else reads them. No card numbers are stored, only
 * brand, last4 and whether the test card declines later charges.
 */
export const LOCAL_PAYMENTS_MIGRATION = `
create schema if not exists local_payments;
create table if not exists local_payments.sessions (
  id text primary key,
  checkout_id text not null,
  customer text not null,
  email text not null,
  purpose text not null,
  mode text not null check (mode in ('payment', 'subscription')),
  amount_cents integer not null check (amount_cents >= 0),
  currency text not null,
  description text not null,
  price_id text,
  success_url text not null,
  cancel_url text not null,
  status text not null default 'open' check (status in ('open', 'complete', 'expired')),
  payment_id text,
  subscription_id text,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index if not exists sessions_open_expiry on local_payments.sessions (expires_at) where status = 'open';
create table if not exists local_payments.subscriptions (
  id text primary key,
  customer text not null,
  session_id text not null references local_payments.sessions (id),
  amount_cents integer not null,
  currency text not null,
  description text not null,
  status text not null check (status in ('active', 'past_due', 'canceled')),
  current_period_start timestamptz not null,
  current_period_end timestamptz not null,
  cancel_at_period_end boolean not null default false,
  card_brand text not null,
  card_last4 text not null,
  card_declines boolean not null default false,
  created_at timestamptz not null
);
create table if not exists local_payments.payments (
  id text primary key,
  invoice_id text,
  session_id text,
  subscription_id text,
  customer text not null,
  amount_cents integer not null,
  status text not null check (status in ('succeeded', 'failed')),
  card_brand text not null,
  card_last4 text not null,
  failure_code text,
  created_at timestamptz not null
);
create table if not exists local_payments.refunds (
  payment_id text primary key,
  amount_cents integer not null,
  reason text not null,
  created_at timestamptz not null
);
-- Issue 23: a member's break pauses collection (like Stripe's pause_collection): no renewal is charged.
alter table local_payments.subscriptions add column if not exists collection_paused boolean not null default false;
-- The period whose renewal was announced (invoice.created) before it is charged: announced once.
alter table local_payments.subscriptions add column if not exists announced_period_end timestamptz;
`;

export async function migrateLocalPayments(sql: Sql): Promise<void> {
  await sql.exec(LOCAL_PAYMENTS_MIGRATION);
  await sql.exec(WEBHOOK_DELIVERIES_MIGRATION);
}

export interface SessionRow {
  id: string;
  checkout_id: string;
  customer: string;
  email: string;
  purpose: string;
  mode: 'payment' | 'subscription';
  amount_cents: number;
  currency: string;
  description: string;
  price_id: string | null;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'complete' | 'expired';
  payment_id: string | null;
  subscription_id: string | null;
  created_at: Date;
  expires_at: Date;
}

export interface SubscriptionRow {
  id: string;
  customer: string;
  session_id: string;
  amount_cents: number;
  currency: string;
  description: string;
  status: 'active' | 'past_due' | 'canceled';
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  collection_paused?: boolean;
  announced_period_end?: Date | string | null;
  card_brand: string;
  card_last4: string;
  card_declines: boolean;
}

/** One calendar month later, clamped to the month's last day (31 Jan → 28/29 Feb), as Stripe bills. */
export function addMonth(d: Date): Date {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + 1;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d.getUTCDate(), last), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
}

/** timestamptz comes back as Date from pg and PGlite; be lenient about strings anyway. */
export const asDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

/**
 * Webhooks waiting for the endpoint's 2xx (delivery.ts). A row is written in the same
 * transaction as the change it reports, so a restart never loses one.
 */
export const WEBHOOK_DELIVERIES_MIGRATION = `
create table if not exists local_payments.webhook_deliveries (
  event_id text primary key,
  type text not null,
  object_id text not null,
  body text not null,
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  delivered_at timestamptz,
  gave_up_at timestamptz,
  last_error text
);
create index if not exists webhook_deliveries_due on local_payments.webhook_deliveries (next_attempt_at) where delivered_at is null and gave_up_at is null;
create index if not exists webhook_deliveries_object on local_payments.webhook_deliveries (object_id, type);
`;
