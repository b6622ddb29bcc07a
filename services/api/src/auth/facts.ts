import { toNewEvents, type AppendResult, type CommandContext, type ExpectedRevision } from '@roar/platform';
import type { AppContext } from '../context';

/**
 * Appends one fact that has no decision behind it (a sign-in, a reset request, an invite sent) and
 * whose side effects a reactor carries out: the route writes the fact, never the email or the job
 * (docs/decisions/side-effects-from-events.md). The store checks the event against its schema.
 */
export function recordFact(app: Pick<AppContext, 'store' | 'registry'>, streamId: string, type: string, data: unknown, ctx: CommandContext, expected: ExpectedRevision = 'any'): Promise<AppendResult> {
  return app.store.append(streamId, toNewEvents(app.registry, [{ type, data }], ctx), expected);
}
