import { clubDay } from '@roar/contracts/time';
import {
  COMPLIANCE_RULES_STREAM,
  complianceRulesDecider,
  nationalValue,
  rulesInForce,
  SEED_COMPLIANCE_RULES,
  type ComplianceRules,
  type RulesInForce,
} from '@roar/domain';
import { handleCommand, loadState, WrongExpectedRevisionError, type EventRegistry, type EventStore, type Logger } from '@roar/platform';
import type { AppContext } from '../context';

/**
 * The club's compliance rules (issue 22): the `compliance-rules` stream, every value with its
 * effective date and source. Before the stream is seeded, readers get the seed itself (the figures
 * of research/trade-promotions.md), so no reader ever falls back to a number written in code.
 */
export async function readComplianceRules(app: Pick<AppContext, 'store'>): Promise<ComplianceRules> {
  const { state } = await loadState(app.store, COMPLIANCE_RULES_STREAM, complianceRulesDecider);
  return state.jurisdictions.length === 0 && state.national.length === 0 ? SEED_COMPLIANCE_RULES : state;
}

/** The rules in force on today's club day (app.now()). */
export async function complianceRulesToday(app: Pick<AppContext, 'store' | 'now'>): Promise<RulesInForce> {
  return rulesInForce(await readComplianceRules(app), clubDay(app.now()));
}

/** A national rule's value in force today; before it takes effect, the seed's own row (still data, with its source). */
async function nationalRuleToday(app: Pick<AppContext, 'store' | 'now'>, key: Parameters<typeof nationalValue>[1]): Promise<number> {
  const value = nationalValue(await complianceRulesToday(app), key);
  if (value !== null) return value;
  return SEED_COMPLIANCE_RULES.national.find((r) => r.key === key)!.value;
}

/** A national rule's row in force on the club day of `at` (the seed's row before any is in force), with its source. */
export async function nationalRuleAt(
  app: Pick<AppContext, 'store'>,
  key: Parameters<typeof nationalValue>[1],
  at: Date,
): Promise<{ key: string; value: number; effective_from: string; source: string }> {
  const inForce = rulesInForce(await readComplianceRules(app), clubDay(at)).national.get(key);
  return inForce ?? SEED_COMPLIANCE_RULES.national.find((r) => r.key === key)!;
}

/** The minimum entry age in force today (compliance rule `entryMinimumAge`). */
export function minimumEntryAge(app: Pick<AppContext, 'store' | 'now'>): Promise<number> {
  return nationalRuleToday(app, 'entryMinimumAge');
}

/** Unclaimed prizes are redrawn at least this many months after the draw (rule `unclaimedRedrawMinMonths`). */
export function unclaimedRedrawMonths(app: Pick<AppContext, 'store' | 'now'>): Promise<number> {
  return nationalRuleToday(app, 'unclaimedRedrawMinMonths');
}

/** Draw records are kept at least this many years (rule `recordsRetentionYears`). */
export function recordsRetentionYears(app: Pick<AppContext, 'store' | 'now'>): Promise<number> {
  return nationalRuleToday(app, 'recordsRetentionYears');
}

/** Writes the seed once at start-up, as seedCatalogue does: a stream that holds any rule is left as it is. */
export async function seedComplianceRules(store: EventStore, registry: EventRegistry, logger: Logger, now: Date): Promise<boolean> {
  if ((await store.readStream(COMPLIANCE_RULES_STREAM)).length > 0) return false;
  try {
    await handleCommand(
      store,
      registry,
      COMPLIANCE_RULES_STREAM,
      complianceRulesDecider,
      { type: 'SeedComplianceRules', rules: SEED_COMPLIANCE_RULES },
      { actor: { type: 'system', id: 'compliance-seed' }, correlationId: 'compliance-seed', occurredAt: now, reason: 'research/trade-promotions.md' },
      { mustBeNew: true },
    );
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    return false;
  }
  logger.info('compliance rules seeded');
  return true;
}
