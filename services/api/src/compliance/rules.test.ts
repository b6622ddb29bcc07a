import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLIANCE_RULES_STREAM, complianceRulesDecider, createEventRegistry, SEED_COMPLIANCE_RULES } from '@roar/domain';
import { handleCommand, type Logger } from '@roar/platform';
import { openScratchPostgresStore, type ScratchPostgresStore } from '@roar/platform/testing';
import { complianceRulesToday, minimumEntryAge, readComplianceRules, seedComplianceRules } from './rules';

let scratch: ScratchPostgresStore;
const registry = createEventRegistry();
const logs: string[] = [];
const logger = { info: (msg: string) => logs.push(msg) } as unknown as Logger;

beforeAll(async () => {
  scratch = await openScratchPostgresStore('compliance_rules');
});
afterAll(async () => {
  await scratch?.close();
});

describe('compliance rules in the api', () => {
  it('reads the seed before the stream exists, seeds once, and reads an admin edit from its effective date', async () => {
    const app = { store: scratch.store, now: () => new Date('2026-12-01T00:00:00.000Z') };
    expect(await readComplianceRules(app)).toBe(SEED_COMPLIANCE_RULES);
    expect(await minimumEntryAge(app)).toBe(18);
    expect(await seedComplianceRules(scratch.store, registry, logger, new Date())).toBe(true);
    expect(await seedComplianceRules(scratch.store, registry, logger, new Date())).toBe(false);
    expect(logs).toEqual(['compliance rules seeded']);
    const events = await scratch.store.readStream(COMPLIANCE_RULES_STREAM);
    expect(events).toHaveLength(SEED_COMPLIANCE_RULES.jurisdictions.length + SEED_COMPLIANCE_RULES.national.length);

    const rule = { key: 'entryMinimumAge' as const, value: 21, effective_from: '2027-01-01', source: 'a test regulator' };
    await handleCommand(
      scratch.store,
      registry,
      COMPLIANCE_RULES_STREAM,
      complianceRulesDecider,
      { type: 'SetNationalRule', rule, reason: 'Raised' },
      {
        actor: { type: 'staff', id: 'admin-1' },
        correlationId: 'c-1',
        occurredAt: new Date(),
      },
    );
    expect(await minimumEntryAge(app)).toBe(18);
    expect(await minimumEntryAge({ ...app, now: () => new Date('2027-01-01T00:00:00.000+11:00') })).toBe(21);
    expect((await complianceRulesToday(app)).jurisdictions.get('NSW')?.permit_threshold_cents).toBe(1_000_000);
  });
});
