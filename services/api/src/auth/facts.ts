import { memberLoginStreamId } from '@roar/domain';
import { toNewEvents, WrongExpectedRevisionError, type AppendResult, type CommandContext, type ExpectedRevision } from '@roar/platform';
import type { AppContext } from '../context';

/**
 * Appends one fact that has no decision behind it (a sign-in, a reset request, an invite sent) and
 * whose side effects a reactor carries out: the route writes the fact, never the email or the job
 * (docs/decisions/side-effects-from-events.md). The store checks the event against its schema.
 */
export function recordFact(
  app: Pick<AppContext, 'store' | 'registry'>,
  streamId: string,
  type: string,
  data: unknown,
  ctx: CommandContext,
  expected: ExpectedRevision = 'any',
): Promise<AppendResult> {
  return app.store.append(streamId, toNewEvents(app.registry, [{ type, data }], ctx), expected);
}

/**
 * Records, once, that a member's sign-up finished: its login exists. The welcome email goes out
 * from this fact. Called after the credentials are written; a failure here never fails the sign-up
 * (the account works), it only costs the welcome, and says so in the log.
 */
export async function recordSignUpCompleted(
  app: Pick<AppContext, 'store' | 'registry' | 'logger'>,
  memberId: string,
  ctx: CommandContext,
): Promise<void> {
  const stream = memberLoginStreamId(memberId);
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const login = await app.store.readStream(stream);
      if (login.some((e) => e.type === 'MemberSignUpCompleted')) return;
      try {
        await recordFact(app, stream, 'MemberSignUpCompleted', { memberId }, ctx, login.at(-1)?.revision ?? 'no_stream');
        return;
      } catch (error) {
        // A twin sign-up finishing at the same moment, or a reset request: read again.
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
  } catch (error) {
    app.logger.error(
      { err: error instanceof Error ? error.message : String(error), memberId },
      'could not record the completed sign-up; no welcome email',
    );
  }
}
