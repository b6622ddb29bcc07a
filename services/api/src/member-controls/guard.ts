import { CLUB_TIME_ZONE, clubMonth } from '@roar/contracts/time';
import { controlText, type ControlRule, type MemberControls } from '@roar/contracts/member-controls';
import { activePause, limitInForce, memberControlsDecider, memberControlsStreamId, pendingLimit, type MemberControlsState } from '@roar/domain';
import { DomainError, fold } from '@roar/platform';
import { drawSpendInMonth } from '@roar/projections';
import { nationalRuleAt } from '../compliance/rules';
import type { AppContext } from '../context';

/** Each control rule's row among the club's compliance rules (issue 22's `compliance-rules` stream, which admins edit). */
const COMPLIANCE_KEY = { min_self_exclusion_months: 'selfExclusionMinMonths', limit_raise_delay_hours: 'limitRaiseDelayHours' } as const;

/**
 * The code-of-practice numbers in force at `at` (minimum self-exclusion, delay before a raised limit), each with
 * its source and effective date: compliance rules that admins edit with a date, seeded from the research note.
 */
export async function controlRules(app: Pick<AppContext, 'store'>, at: Date): Promise<ControlRule[]> {
  return Promise.all(
    (Object.keys(COMPLIANCE_KEY) as Array<keyof typeof COMPLIANCE_KEY>).map(async (key) => {
      const row = await nationalRuleAt(app, COMPLIANCE_KEY[key], at);
      return { key, value: row.value, source: row.source, effective_from: row.effective_from };
    }),
  );
}
export async function ruleValue(app: Pick<AppContext, 'store'>, key: ControlRule['key'], at: Date): Promise<number> {
  return (await nationalRuleAt(app, COMPLIANCE_KEY[key], at)).value;
}

export async function memberControlsState(app: AppContext, memberId: string): Promise<MemberControlsState> {
  const events = await app.store.readStream(memberControlsStreamId(memberId));
  return fold(memberControlsDecider, events as Parameters<typeof memberControlsDecider.evolve>[1][]);
}

/** A draw purchase refused by the member's own controls (403 with the sentence). */
export class DrawPurchaseRefused extends DomainError {
  constructor(message: string) {
    super('forbidden', message);
  }
}

/** The member's controls as they read them (and staff see them) at `now`. */
export async function memberControlsView(app: AppContext, memberId: string, now: Date): Promise<MemberControls> {
  const state = await memberControlsState(app, memberId);
  const limit = limitInForce(state, now);
  const pending = pendingLimit(state, now);
  const pause = activePause(state, now);
  const spent = await drawSpendInMonth(app.sql, memberId, clubMonth(now), CLUB_TIME_ZONE);
  const left = limit === null ? null : Math.max(0, limit - spent);
  const messages: string[] = [];
  if (pause) messages.push(pause.kind === 'break' ? controlText.onBreak(pause.endsAt) : controlText.excluded(pause.endsAt));
  if (left !== null) messages.push(controlText.left(left));
  if (pending && pending.limitCents !== null) messages.push(controlText.raisedFrom(pending.limitCents, pending.effectiveAt));
  if (pending && pending.limitCents === null) messages.push(`Your limit is removed from ${pending.effectiveAt}.`);
  if (!pause && state.billingPaused) messages.push('Your plan\u2019s billing is paused. Resume it when you are ready.');
  return {
    monthly_limit_cents: limit,
    pending_limit_cents: pending?.limitCents ?? null,
    pending_limit_applies_at: pending?.effectiveAt ?? null,
    spent_this_month_cents: spent,
    left_this_month_cents: left,
    pause: pause ? { kind: pause.kind, length: pause.length, billing: pause.billing, started_at: pause.startedAt, ends_at: pause.endsAt } : null,
    billing_paused: state.billingPaused,
    messages,
  };
}

/**
 * Checked before any checkout for a draw purchase is created (join, upgrade, single entry, team
 * fee; never the pro shop): a break or self-exclusion refuses it, and so does a purchase beyond the
 * month's limit, with the amount left this club month.
 */
export async function guardDrawPurchase(app: AppContext, memberId: string, amountCents: number, now: Date): Promise<void> {
  const state = await memberControlsState(app, memberId);
  const pause = activePause(state, now);
  if (pause) throw new DrawPurchaseRefused(pause.kind === 'break' ? controlText.onBreak(pause.endsAt) : controlText.excluded(pause.endsAt));
  const limit = limitInForce(state, now);
  if (limit === null) return;
  const spent = await drawSpendInMonth(app.sql, memberId, clubMonth(now), CLUB_TIME_ZONE);
  const left = Math.max(0, limit - spent);
  if (amountCents > left) throw new DrawPurchaseRefused(`${controlText.over(limit)} ${controlText.left(left)}`);
}

/** Renewals: true while the member's billing is paused (a pause with billing 'pause', until they resume). */
export async function renewalPaused(app: AppContext, memberId: string, now: Date): Promise<boolean> {
  const state = await memberControlsState(app, memberId);
  return state.billingPaused || activePause(state, now) !== null;
}
