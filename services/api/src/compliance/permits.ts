import type { Permit } from '@roar/contracts/compliance';
import { evolvePermit, initialPermitState, type PermitEvent, type PermitState } from '@roar/domain';
import { START, type EventStore, type Position } from '@roar/platform';

const PERMIT_TYPES = ['PermitRegistered', 'PermitUpdated'];
const PAGE = 500;

/**
 * Every registered permit, folded from the log's permit events (the register is small: a club holds
 * a handful of permits). A read model for the staff console's list is still to come.
 */
export async function readPermits(store: EventStore): Promise<Permit[]> {
  const until = await store.headPosition();
  const states = new Map<string, PermitState>();
  let after: Position = START;
  for (let attempts = 0; attempts < 1000;) {
    const page = await store.readTypesUpTo(after, until, PERMIT_TYPES, PAGE);
    if (!page.complete) {
      attempts += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      continue;
    }
    for (const e of page.events) {
      const event = { type: e.type, data: e.data } as PermitEvent;
      states.set(event.data.permitId, evolvePermit(states.get(event.data.permitId) ?? initialPermitState(), event));
    }
    if (page.events.length < PAGE) break;
    after = page.events[page.events.length - 1]!.position;
  }
  return [...states.values()].flatMap((s) => (s.status === 'registered' ? [s.permit] : []));
}
