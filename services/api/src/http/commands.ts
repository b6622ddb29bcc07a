import type { Response } from 'express';
import {
  handleCommand,
  positionToString,
  type CommandContext,
  type CommandOutcome,
  type Decider,
  type DomainEvent,
  type HandleOptions,
} from '@roar/platform';
import type { AppContext } from '../context';

export interface ExecutedCommand<State> extends CommandOutcome<State> {
  /** False when projections had not passed the appended position within the wait. */
  readonly caughtUp: boolean;
}

export interface ExecuteOptions extends HandleOptions {
  /**
   * The projectors (read models) this request reads after the command, by name: the wait covers
   * only those of them that handle an appended event type. Absent: every projector that does.
   */
  readonly readModels?: readonly string[];
}

/**
 * Runs a command through the generic handler, then waits (bounded) for the projections to pass
 * the appended position, so the console reading a read model right after sees its own write.
 * Only projectors that handle one of the appended event types are waited for (the others have
 * nothing to show for it), narrowed to `readModels` when the route names what it reads.
 */
export async function executeCommand<Command, Event extends DomainEvent, State>(
  app: AppContext,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  ctx: CommandContext,
  options?: ExecuteOptions,
): Promise<ExecutedCommand<State>> {
  const outcome = await handleCommand(app.store, app.registry, streamId, decider, command, ctx, options);
  return awaitProjections(app, outcome, options?.readModels);
}

/** The wait of `executeCommand`, for a caller that runs the handler itself (and does work of its own beside the wait). */
export async function awaitProjections<State>(
  app: AppContext,
  outcome: CommandOutcome<State>,
  readModels?: readonly string[],
): Promise<ExecutedCommand<State>> {
  if (!outcome.appended) return { ...outcome, caughtUp: true };
  const types = [...new Set(outcome.events.map((e) => e.type))];
  const caughtUp = await app.projections.waitFor(outcome.appended.position, app.config.PROJECTION_WAIT_MS, {
    types,
    ...(readModels ? { readModels } : {}),
  });
  return { ...outcome, caughtUp };
}

/**
 * Answers a command: `status` (200/201) when projections caught up, otherwise 202 with the same
 * body and the appended position in `X-Pending-Position`, so a client knows the read models are
 * still behind. The write itself is durable either way.
 */
export function sendCommandResult<State>(res: Response, result: ExecutedCommand<State>, status: 200 | 201, body: unknown): void {
  if (!result.caughtUp && result.appended) {
    res.setHeader('X-Pending-Position', positionToString(result.appended.position));
    res.status(202).json(body);
    return;
  }
  res.status(status).json(body);
}
