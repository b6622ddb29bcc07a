import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '@roar/platform/testing';
import type { Permit, PermitFields } from '@roar/contracts/compliance';
import { createEventRegistry } from '../registry';
import { complianceRulesDecider, permitDecider, PERMIT_ENDS_BEFORE_START } from './decider';
import { businessDaysBetween, checkPublish, nationalValue, permitsRelied, rulesInForce, SEED_COMPLIANCE_RULES } from './rules';

const nswPermit: Permit = {
  id: 'permit-1',
  jurisdiction: 'NSW',
  number: 'TP/01234',
  holder: 'ROAR+ Pty Ltd',
  valid_from: '2026-11-01',
  valid_to: '2027-10-31',
  conditions: 'Scrutineer for electronic draws',
  document: null,
};
const draw = { openStates: ['NSW', 'VIC', 'QLD'] as const, totalPrizeCents: 2_500_000, publishDay: '2026-12-01', drawDay: '2026-12-20' };

describe('compliance rules as data', () => {
  it('seeds the research note figures, each with an effective date and a source', () => {
    const inForce = rulesInForce(SEED_COMPLIANCE_RULES, '2026-12-01');
    expect(inForce.jurisdictions.get('NSW')).toMatchObject({ permit_threshold_cents: 1_000_000, lead_time_business_days: 10 });
    expect(inForce.jurisdictions.get('SA')).toMatchObject({ permit_threshold_cents: 500_000, lead_time_business_days: 14 });
    expect(inForce.jurisdictions.get('ACT')?.permit_threshold_cents).toBe(300_000);
    expect(inForce.jurisdictions.get('NT')?.permit_threshold_cents).toBe(500_000);
    for (const s of ['VIC', 'QLD', 'WA', 'TAS'] as const) expect(inForce.jurisdictions.get(s)?.permit_threshold_cents).toBeNull();
    expect(nationalValue(inForce, 'entryMinimumAge')).toBe(18);
    expect(nationalValue(inForce, 'unclaimedRedrawMinMonths')).toBe(2);
    expect(nationalValue(inForce, 'recordsRetentionYears')).toBe(3);
    expect(nationalValue(inForce, 'winnersPublicationDays')).toBe(30);
    for (const r of [...SEED_COMPLIANCE_RULES.jurisdictions, ...SEED_COMPLIANCE_RULES.national]) expect(r.source.length).toBeGreaterThan(3);
  });

  it('takes the latest value in force on the day, not a later one', () => {
    const later = { ...SEED_COMPLIANCE_RULES.jurisdictions[0]!, permit_threshold_cents: 2_000_000, effective_from: '2027-01-01' };
    const rules = { ...SEED_COMPLIANCE_RULES, jurisdictions: [...SEED_COMPLIANCE_RULES.jurisdictions, later] };
    expect(rulesInForce(rules, '2026-12-31').jurisdictions.get('NSW')?.permit_threshold_cents).toBe(1_000_000);
    expect(rulesInForce(rules, '2027-01-01').jurisdictions.get('NSW')?.permit_threshold_cents).toBe(2_000_000);
  });

  it('counts business days Monday to Friday', () => {
    expect(businessDaysBetween('2026-11-27', '2026-11-30')).toBe(1); // Friday -> Monday
    expect(businessDaysBetween('2026-11-16', '2026-11-30')).toBe(10);
    expect(businessDaysBetween('2026-12-01', '2026-11-01')).toBe(0);
  });

  it('seeds once and keeps each admin edit with its reason as an event', () => {
    const given = DeciderSpecification.for(complianceRulesDecider);
    const seeded = given([]).when({ type: 'SeedComplianceRules', rules: SEED_COMPLIANCE_RULES });
    seeded.then([
      ...SEED_COMPLIANCE_RULES.jurisdictions.map((rule) => ({ type: 'JurisdictionRuleSet' as const, data: { rule, reason: null, seeded: true } })),
      ...SEED_COMPLIANCE_RULES.national.map((rule) => ({ type: 'NationalRuleSet' as const, data: { rule, reason: null, seeded: true } })),
    ]);
    const one = { type: 'JurisdictionRuleSet' as const, data: { rule: SEED_COMPLIANCE_RULES.jurisdictions[0]!, reason: null, seeded: true } };
    given([one]).when({ type: 'SeedComplianceRules', rules: SEED_COMPLIANCE_RULES }).then([]);
    const rule = { ...SEED_COMPLIANCE_RULES.jurisdictions[0]!, permit_threshold_cents: 1_500_000, effective_from: '2027-07-01' };
    given([one])
      .when({ type: 'SetJurisdictionRule', rule, reason: 'NSW raised the threshold' })
      .then([{ type: 'JurisdictionRuleSet', data: { rule, reason: 'NSW raised the threshold', seeded: false } }]);
    const registry = createEventRegistry();
    const metadata = {
      correlationId: 'c',
      causationId: 'c',
      actor: { type: 'system' as const, id: 't' },
      occurredAt: '2026-11-26T00:00:00.000Z',
      schemaVersion: 1,
    };
    expect(() => registry.validateNew({ id: 'x', type: 'JurisdictionRuleSet', data: { rule, reason: 'x', seeded: false }, metadata })).not.toThrow();
  });
});

describe('permits', () => {
  const { id: _id, ...fields } = nswPermit;
  const given = DeciderSpecification.for(permitDecider);
  it('registers a permit and refuses one that ends before it starts (400)', () => {
    given([])
      .when({ type: 'RegisterPermit', permitId: 'permit-1', fields })
      .then([{ type: 'PermitRegistered', data: { permitId: 'permit-1', fields } }]);
    const backwards: PermitFields = { ...fields, valid_from: '2026-12-01', valid_to: '2026-11-30' };
    given([]).when({ type: 'RegisterPermit', permitId: 'permit-1', fields: backwards }).thenThrows(PERMIT_ENDS_BEFORE_START);
    const registered = { type: 'PermitRegistered' as const, data: { permitId: 'permit-1', fields } };
    given([registered])
      .when({ type: 'UpdatePermit', changes: { valid_to: '2026-10-01' } })
      .thenThrows(PERMIT_ENDS_BEFORE_START);
    given([registered])
      .when({ type: 'UpdatePermit', changes: { number: 'TP/01235', holder: fields.holder } })
      .then([{ type: 'PermitUpdated', data: { permitId: 'permit-1', changes: { number: 'TP/01235' } } }]);
  });
});

describe('checkPublish', () => {
  it('refuses a NSW draw over $10,000 without a NSW permit, naming the state and the rule', () => {
    const check = checkPublish(draw, SEED_COMPLIANCE_RULES, []);
    expect(check).toEqual({
      ok: false,
      state: 'NSW',
      message: 'A draw open in NSW with prizes over $10,000 needs a NSW permit covering 1 Dec 2026 to 20 Dec 2026.',
    });
  });

  it('publishes once a NSW permit covers the dates, relying on it; VIC and QLD need none', () => {
    expect(checkPublish(draw, SEED_COMPLIANCE_RULES, [nswPermit])).toEqual({ ok: true, permits: [nswPermit] });
    expect(checkPublish({ ...draw, openStates: ['VIC', 'QLD'] }, SEED_COMPLIANCE_RULES, [])).toEqual({ ok: true, permits: [] });
    expect(checkPublish({ ...draw, totalPrizeCents: 1_000_000 }, SEED_COMPLIANCE_RULES, [])).toEqual({ ok: true, permits: [] });
  });

  it('refuses a permit that ends before the draw, or another state’s permit', () => {
    expect(checkPublish(draw, SEED_COMPLIANCE_RULES, [{ ...nswPermit, valid_to: '2026-12-19' }])).toMatchObject({ ok: false, state: 'NSW' });
    expect(checkPublish({ ...draw, openStates: ['SA'] }, SEED_COMPLIANCE_RULES, [nswPermit])).toMatchObject({
      ok: false,
      state: 'SA',
      message: 'A draw open in SA with prizes over $5,000 needs a SA permit covering 1 Dec 2026 to 20 Dec 2026.',
    });
  });

  it('refuses when the lead time is not met', () => {
    const late = { ...nswPermit, valid_from: '2026-11-24' };
    const check = checkPublish(draw, SEED_COMPLIANCE_RULES, [late]);
    expect(check).toMatchObject({ ok: false, state: 'NSW' });
    expect(check.ok ? '' : check.message).toContain('10 business days');
  });

  it('names the permits a close relies on per open state', () => {
    expect(permitsRelied(['NSW', 'VIC'], [nswPermit], '2026-12-20')).toEqual([nswPermit]);
    expect(permitsRelied(['VIC'], [nswPermit], '2026-12-20')).toEqual([]);
  });
});
