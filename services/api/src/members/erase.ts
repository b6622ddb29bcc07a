import { z } from 'zod';
import { ACCOUNT_ALREADY_DELETED } from '@roar/contracts/erasure';
import {
  emailReservationDecider,
  emailReservationStreamId,
  memberDecider,
  memberStreamId,
  membershipInEffect,
  normaliseEmail,
  type MemberEvent,
  type MemberState,
} from '@roar/domain';
import { DomainError, fold, handleCommand, type CommandContext } from '@roar/platform';
import type { AppContext } from '../context';
import { emailReservationKeyOf } from '../secrets';
import { executeCommand } from '../http/commands';
import { HttpError } from '../http/errors';
import type { MembersPorts } from '../kernel/ports';
import { PaymentProviderError } from '../kernel/payment-port';

async function memberState(app: AppContext, memberId: string): Promise<MemberState> {
  const events = await app.store.readStream(memberStreamId(memberId));
  return fold(
    memberDecider,
    events.map((e) => ({ type: e.type, data: e.data }) as MemberEvent),
  );
}

/** The sign-in address on file: the credentials' (staff may have changed it), else the member stream's. */
async function signInAddress(app: AppContext, memberId: string, state: MemberState): Promise<string | null> {
  const held = z.uuid().safeParse(memberId).success
    ? await app.sql.query<{ email: string }>('select email from auth.member_credentials where member_id = $1', [memberId])
    : { rows: [] };
  return held.rows[0]?.email ?? (state.status === 'absent' ? null : state.email);
}

/**
 * The login goes with the account: credentials, every refresh token (so every access token dies with
 * its family at once) and any reset link. Idempotent: a retry after a crash finishes it.
 */
async function removeLogin(app: AppContext, memberId: string): Promise<void> {
  if (!z.uuid().safeParse(memberId).success) return;
  await app.sql.transaction(async (tx) => {
    await tx.query('delete from auth.refresh_tokens where member_id = $1', [memberId]);
    await tx.query('delete from auth.reset_tokens where member_id = $1', [memberId]);
    await tx.query('delete from auth.member_credentials where member_id = $1', [memberId]);
  });
}

/** The address may join again as a new member (a new member id): its reservation stream records EmailReleased. */
async function releaseAddress(app: AppContext, memberId: string, email: string | null, ctx: CommandContext): Promise<void> {
  if (!email) return;
  const address = normaliseEmail(email);
  try {
    await handleCommand(
      app.store,
      app.registry,
      emailReservationStreamId(address, emailReservationKeyOf(app)),
      emailReservationDecider,
      { type: 'ReleaseEmail', email: address, memberId },
      ctx,
    );
  } catch (error) {
    // Held by another account (an old address staff changed away from): nothing of this member's to release.
    if (!(error instanceof DomainError && error.code === 'conflict')) throw error;
  }
}

export interface ErasureOutcome {
  readonly memberId: string;
  /** The subscription cancelled with the provider before the erasure, if there was one. */
  readonly cancelledSubscription: string | null;
}

/**
 * Deletes a member's account (issue 24), in the order that never bills an erased member and never
 * leaves a sign-in behind:
 * 1. the decider judges first (pure, nothing written): an unknown member is 404, a second erasure 409;
 * 2. a running monthly subscription is cancelled with the payment provider (no renewal is ever
 *    charged after deletion; the provider's own "already cancelled" is fine);
 * 3. MemberErased is recorded on the member stream (the member-erasure reactor then emails the
 *    member and deletes their key: side effects come from events only);
 * 4. the login is removed (credentials, sessions, reset links): sign-in and refresh answer as for an
 *    unknown account from now on, before the key is even deleted;
 * 5. the email reservation is released, so the address may join again as a new member.
 * A crash between 3 and 5 is finished by asking again: an erased member's erasure is refused (409)
 * only after steps 4 and 5 have been made sure of.
 */
export async function eraseMember(
  app: AppContext,
  ports: MembersPorts,
  memberId: string,
  requestedBy: 'member' | 'staff',
  ctx: CommandContext,
): Promise<ErasureOutcome> {
  const state = await memberState(app, memberId);
  if (state.status === 'absent') throw new HttpError(404, 'Not found.', 'NOT_FOUND');
  const address = await signInAddress(app, memberId, state);
  if (state.erased) {
    await removeLogin(app, memberId);
    await releaseAddress(app, memberId, address, ctx);
    throw new HttpError(409, ACCOUNT_ALREADY_DELETED, 'CONFLICT');
  }
  const command = { type: 'EraseMember', memberId, requestedBy } as const;
  memberDecider.decide(command, state);
  const current = membershipInEffect(state, app.now().toISOString());
  const subscriptionId = current && !current.cancelled && current.tier.type === 'monthly-subscription' ? current.subscriptionId : null;
  if (subscriptionId) {
    try {
      await ports.payments.cancelSubscription(subscriptionId, { atPeriodEnd: true });
    } catch (error) {
      // Already cancelled (or gone) at the provider: nothing will be billed either way.
      if (!(error instanceof PaymentProviderError && error.status === 404)) throw error;
    }
  }
  await executeCommand(app, memberStreamId(memberId), memberDecider, command, ctx, { readModels: ['members'] });
  await removeLogin(app, memberId);
  await releaseAddress(app, memberId, address, ctx);
  app.logger.info({ memberId, requestedBy, cancelledSubscription: subscriptionId }, 'member erased');
  return { memberId, cancelledSubscription: subscriptionId };
}
