import { teamDecider, teamSeatDecider, teamSeatStreamId, teamStreamId, type TeamEvent } from '@roar/domain';
import { DomainError, fold, handleCommand, type EventRegistry, type EventStore, type Logger, type Sql } from '@roar/platform';
import { findMemberByEmail, listExpiredPendingInvites } from '@roar/projections';
import { startBillingClock } from '../payments';
import { systemCommandContext } from '../kernel/context';

export interface SweeperDeps {
  readonly sql: Sql;
  readonly store: EventStore;
  readonly registry: EventRegistry;
  readonly logger: Logger;
}

/**
 * Records InviteExpired for every pending invite past its expiry at `at`, and frees a seat the
 * invited member reserved for that team without paying (an abandoned checkout). Idempotent: an
 * invite already expired or paid is left alone by the decider. Returns how many it expired.
 */
export async function sweepExpiredInvites(deps: SweeperDeps, at: Date): Promise<number> {
  const due = await listExpiredPendingInvites(deps.sql, at);
  let expired = 0;
  for (const invite of due) {
    const ctx = systemCommandContext('team-invite-sweeper', `sweep:${invite.id}`, at);
    try {
      const outcome = await handleCommand(
        deps.store,
        deps.registry,
        teamStreamId(invite.team_id),
        teamDecider,
        { type: 'ExpireInvite', inviteId: invite.id, at: at.toISOString() },
        ctx,
      );
      if (outcome.appended) expired += 1;
      const invited = await findMemberByEmail(deps.sql, invite.email);
      const team = fold(
        teamDecider,
        (await deps.store.readStream(teamStreamId(invite.team_id))).map((e) => ({ type: e.type, data: e.data }) as TeamEvent),
      );
      const paidHere = team.status !== 'none' && team.invites.some((i) => i.memberId === invited?.id && i.status === 'paid');
      if (invited && !paidHere) {
        await handleCommand(
          deps.store,
          deps.registry,
          teamSeatStreamId(invited.id),
          teamSeatDecider,
          { type: 'ReleaseTeamSeat', memberId: invited.id, teamId: invite.team_id, reason: 'abandoned', at: at.toISOString() },
          ctx,
        );
      }
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      deps.logger.warn({ err, inviteId: invite.id }, 'invite not expired');
    }
  }
  return expired;
}

/** Every minute in the worker process (the embedded default's `all` role included). Returns a stop function. */
export function startInviteSweeper(deps: SweeperDeps, intervalMs = 60_000, now: () => Date = () => new Date()): () => void {
  return startBillingClock(
    () => sweepExpiredInvites(deps, now()),
    intervalMs,
    (err) => deps.logger.error({ err }, 'invite sweep failed'),
  );
}
