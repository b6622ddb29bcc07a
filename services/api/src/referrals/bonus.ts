import {
  referralCausationKeys,
  referralDecider,
  referralStreamId,
  type ReferralBonusGrantedEvent,
  type ReferralEvent,
  type TierSnapshot,
} from '@roar/domain';
import { fold, handleCommand, type CommandContext, type Position } from '@roar/platform';
import { getMember } from '@roar/projections';
import type { AppContext } from '../context';
import { grantEntries, revokeGrantedEntries } from '../kernel/ledger';
import { shortName } from './referrer';

type Appended = { position: Position } | null;

async function referralEvents(app: AppContext, refereeId: string): Promise<ReferralEvent[]> {
  const events = await app.store.readStream(referralStreamId(refereeId));
  return events.map((e) => ({ type: e.type, data: e.data }) as ReferralEvent);
}

const nameOf = async (app: AppContext, memberId: string): Promise<string> => {
  const m = await getMember(app.sql, memberId);
  return m ? shortName(m.firstname, m.lastname) : 'another member';
};

/** Records who referred the new member (sign-up, after the code was checked). */
export async function recordReferral(
  app: AppContext,
  ctx: CommandContext,
  refereeId: string,
  referrerId: string,
  referralCode: string,
): Promise<Appended> {
  const outcome = await handleCommand(
    app.store,
    app.registry,
    referralStreamId(refereeId),
    referralDecider,
    {
      type: 'RecordReferral',
      refereeId,
      referrerId,
      referralCode,
      at: ctx.occurredAt.toISOString(),
    },
    ctx,
  );
  return outcome.appended;
}

/**
 * A referred member's paid checkout completed (join, upgrade or single entry): the first one grants
 * the bonus, from that tier's counts, as two ledger grants (source `referral`) naming the other
 * member. Each step is idempotent (the referral decider grants once; the ledger keys each grant),
 * so a replayed or retried webhook grants nothing twice, and a crash between steps heals on retry.
 */
export async function grantReferralBonus(
  app: AppContext,
  ctx: CommandContext,
  payment: { refereeId: string; paymentId: string; amount_cents: number; tier: TierSnapshot },
): Promise<Appended> {
  const before = await referralEvents(app, payment.refereeId);
  if (before.length === 0) return null;
  const state = fold(referralDecider, before);
  if (state.status === 'recorded') {
    await handleCommand(
      app.store,
      app.registry,
      referralStreamId(payment.refereeId),
      referralDecider,
      {
        type: 'GrantReferralBonus',
        paymentId: payment.paymentId,
        amount_cents: payment.amount_cents,
        referrerEntries: payment.tier.referrer_entries,
        refereeEntries: payment.tier.referee_entries,
        tierCode: payment.tier.code,
        at: ctx.occurredAt.toISOString(),
      },
      ctx,
    );
  }
  const granted = (await referralEvents(app, payment.refereeId)).find((e): e is ReferralBonusGrantedEvent => e.type === 'ReferralBonusGranted');
  // Only the payment that earned the bonus grants its entries (again idempotently, after a crash).
  if (!granted || granted.data.paymentId !== payment.paymentId) return null;
  const d = granted.data;
  const [refereeName, referrerName] = await Promise.all([nameOf(app, d.refereeId), nameOf(app, d.referrerId)]);
  let last: Appended = null;
  const grant = async (memberId: string, count: number, causationKey: string, reason: string) => {
    last =
      (await grantEntries(app, ctx, {
        memberId,
        source: 'referral',
        count,
        causationKey,
        reason,
        membershipId: payment.tier.membershipId,
        tierCode: d.tierCode,
      })) ?? last;
  };
  await grant(d.referrerId, d.referrerEntries, referralCausationKeys.referrer(d.refereeId), `Referral bonus: ${refereeName} joined with your link`);
  await grant(d.refereeId, d.refereeEntries, referralCausationKeys.referee(d.refereeId), `Referral bonus: you were referred by ${referrerName}`);
  return last;
}

/**
 * A payment was refunded. When it is the payment that earned a referral bonus, the referral is
 * voided and the bonus entries taken back from both members (keyed, so a replay revokes once).
 */
export async function voidReferralForRefund(
  app: AppContext,
  ctx: CommandContext,
  refereeId: string,
  paymentId: string,
  reason: string,
): Promise<Appended> {
  const events = await referralEvents(app, refereeId);
  const granted = events.find((e): e is ReferralBonusGrantedEvent => e.type === 'ReferralBonusGranted');
  if (!granted || granted.data.paymentId !== paymentId) return null;
  await handleCommand(
    app.store,
    app.registry,
    referralStreamId(refereeId),
    referralDecider,
    {
      type: 'VoidReferral',
      reason: `Payment refunded: ${reason}`.slice(0, 1000),
      at: ctx.occurredAt.toISOString(),
    },
    ctx,
  );
  const d = granted.data;
  let last: Appended = null;
  const revoke = async (memberId: string, count: number, grantKey: string) => {
    const reason = 'Referral bonus revoked: the payment was refunded';
    last = (await revokeGrantedEntries(app, ctx, { memberId, count, grantKey, revokeKey: `${grantKey}:revoked`, reason })) ?? last;
  };
  await revoke(d.referrerId, d.referrerEntries, referralCausationKeys.referrer(refereeId));
  await revoke(d.refereeId, d.refereeEntries, referralCausationKeys.referee(refereeId));
  return last;
}
