import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent, EventRegistry } from '../eventstore/registry';
import { toNewEvents, type CommandContext } from './handle';

const GrantGiven = defineEvent('GrantGiven', z.object({ memberId: z.string(), reason: z.string() }).strict(), {
  personal: { subject: 'memberId', fields: { reason: 'text' } },
});
const TierChanged = defineEvent('TierChanged', z.object({ tierId: z.string() }).strict());
const registry = new EventRegistry().register(GrantGiven, TierChanged);
const ctx: CommandContext = {
  actor: { type: 'staff', id: 's1', role: 'admin' },
  correlationId: 'c1',
  occurredAt: new Date('2026-03-01T00:00:00.000Z'),
  reason: 'Lost his card at Dubbo ',
};

describe('toNewEvents: the staff reason in the metadata (issue 24)', () => {
  it('is left out where the data carries it in a personal field (sealed under the member), and kept elsewhere', () => {
    const [grant, tier, other] = toNewEvents(
      registry,
      [
        { type: 'GrantGiven', data: { memberId: 'm1', reason: 'Lost his card at Dubbo' } },
        { type: 'TierChanged', data: { tierId: 't1' } },
        { type: 'GrantGiven', data: { memberId: 'm1', reason: 'Something else' } },
      ],
      ctx,
    );
    expect(grant!.metadata).not.toHaveProperty('reason');
    expect(tier!.metadata).toMatchObject({ reason: 'Lost his card at Dubbo ' });
    expect(other!.metadata).toMatchObject({ reason: 'Lost his card at Dubbo ' });
  });
});
