import type { Request, Response } from 'express';
import { newCorrelationId, type CommandContext, type Decider, type DomainEvent } from '@roar/platform';
import type { AppContext } from '../context';
import { staffOf } from '../auth/staff-tokens';

const CORRELATION_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/** Metadata of a staff command: the signed-in staff member as actor, the reason they gave. */
export function staffCommandContext(app: AppContext, req: Request, res: Response, reason: string): CommandContext {
  const user = staffOf(res);
  const given = req.get('x-correlation-id');
  return {
    actor: { type: 'staff', id: user.id, role: user.role },
    correlationId: given && CORRELATION_ID.test(given) ? given : newCorrelationId(),
    causationId: null,
    occurredAt: app.now(),
    reason,
  };
}

/**
 * Runs several commands of one aggregate as one decision: each sees the state the previous one
 * produced, and all resulting events go out in a single append, so an edit that changes both
 * the fields and the status of a tier is recorded entirely or not at all.
 */
export function sequenceDecider<Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
): Decider<readonly Command[], Event, State> {
  return {
    initialState: decider.initialState,
    evolve: decider.evolve,
    decide(commands, state) {
      const events: Event[] = [];
      let current = state;
      for (const command of commands) {
        const decided = decider.decide(command, current);
        events.push(...decided);
        current = decided.reduce(decider.evolve, current);
      }
      return events;
    },
  };
}
