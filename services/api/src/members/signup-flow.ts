import { randomUUID } from 'node:crypto';
import {
  causationKeys,
  type AuState,
  emailReservationDecider,
  emailReservationStreamId,
  memberDecider,
  memberStreamId,
  normaliseEmail,
} from '@roar/domain';
import { DomainError, fold, handleCommand, testHold, WrongExpectedRevisionError, type CommandContext, type Position } from '@roar/platform';
import type { AppContext } from '../context';
import { createCredentials, credentialsOwner, EmailTakenError, recordSignUpCompleted } from '../auth/member';
import { startCheckout } from './checkout';
import { grantEntries } from '../kernel/ledger';
import type { MembersPorts } from '../kernel/ports';
import type { CatalogueTier } from './tiers';
import { emailReservationKeyOf } from '../secrets';

export interface SignUpInput {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly password: string;
  readonly tier: CatalogueTier;
  readonly referral: { readonly referrerId: string; readonly code: string } | null;
  /** Where the member's browser comes back to after checkout. */
  readonly origin: string;
  readonly referralCode: string;
  /** Residence facts (issue 22), checked by the sign-up route. */
  readonly state?: AuState | null;
  readonly dob?: string | null;
  /** Issue 23: consent to promotional email given at sign-up. */
  readonly marketingOptIn?: boolean;
}

/**
 * The referral feature's part in a sign-up, wired by the composition root (app.ts), so the
 * membership feature imports no other feature.
 */
export interface SignUpReferrals {
  /** The code's owner, or the sign-up's refusal: checked before anything is written. */
  check(app: AppContext, code: string): Promise<{ readonly ok: true; readonly referrerId: string } | { readonly ok: false; readonly error: string }>;
  /** Records who referred the new member; the same referrer again is done, another is a DomainError 'conflict'. */
  record(app: AppContext, ctx: CommandContext, refereeId: string, referrerId: string, code: string): Promise<{ position: Position } | null>;
}

export type SignUpResult =
  { readonly ok: true; readonly memberId: string; readonly redirectUrl: string; readonly position: Position | null } | { readonly ok: false };

type Claim = { readonly memberId: string; readonly hasCredentials: boolean };

/**
 * Sign-up as steps whose LAST write is the commit: the credentials row. Before it nobody can
 * log in, so a sign-up that fails or whose process dies at any step leaves no account a member
 * can trip over (login answers 401 as for any unknown email, the email is not "taken"); the
 * steps before it are each idempotent, so a retry with the same input adopts the reservation,
 * skips what is done and finishes. Steps, in order:
 * 1. the email reservation stream (no_stream): decides between concurrent sign-ups; an existing
 *    reservation without credentials is an unfinished sign-up, and this one adopts its member id;
 * 2. `RegisterMember` (skipped when an earlier attempt registered this id);
 * 3. the referral (the decider treats the same referrer again as done);
 * 4. a free plan's initial entries (keyed `freeJoin(memberId)`), or a paid plan's checkout
 *    (a new one per attempt; an unpaid checkout simply expires);
 * 5. the credentials: a twin attempt that got there first makes this one a 409.
 * A member registered but never given credentials (the process died before step 5) holds no
 * login and is finished by the next sign-up with that email; their welcome waits for that (MemberSignUpCompleted).
 */
export async function signUpMember(
  app: AppContext,
  ports: MembersPorts,
  input: SignUpInput,
  contextFor: (memberId: string) => CommandContext,
  referrals: SignUpReferrals | null = null,
): Promise<SignUpResult> {
  if (input.referral && !referrals) throw new Error('a sign-up with a referral needs the referral step');
  const email = normaliseEmail(input.email);
  const claim = await claimEmail(app, email, input.password, contextFor);
  if (!claim) return { ok: false };
  await testHold('sign-up:reserved', email);
  const { memberId } = claim;
  const ctx = contextFor(memberId);
  const free = input.tier.row.type === 'free' || input.tier.row.price_cents === 0;
  let position: Position | null = null;

  const member = fold(
    memberDecider,
    (await app.store.readStream(memberStreamId(memberId))).map((e) => ({ type: e.type, data: e.data }) as Parameters<typeof memberDecider.evolve>[1]),
  );
  if (member.status === 'absent') {
    try {
      const registered = await handleCommand(
        app.store,
        app.registry,
        memberStreamId(memberId),
        memberDecider,
        {
          type: 'RegisterMember',
          memberId,
          email,
          firstname: input.firstName,
          lastname: input.lastName,
          referralCode: input.referralCode,
          chosenTier: free ? input.tier.snapshot : null,
          at: ctx.occurredAt.toISOString(),
          state: input.state ?? null,
          dob: input.dob ?? null,
          marketingOptIn: input.marketingOptIn === true,
        },
        ctx,
        { mustBeNew: true },
      );
      position = registered.appended?.position ?? null;
    } catch (error) {
      // A twin attempt (same email, same moment) registered the adopted id first: carry on.
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  if (input.referral) {
    try {
      position = (await referrals!.record(app, ctx, memberId, input.referral.referrerId, input.referral.code))?.position ?? position;
    } catch (error) {
      // An earlier attempt recorded another referrer: the first referral stands.
      if (!(error instanceof DomainError && error.code === 'conflict')) throw error;
    }
  }
  let redirectUrl = '/dashboard';
  if (free) {
    const t = input.tier.snapshot;
    const granted = await grantEntries(app, ctx, {
      memberId,
      source: 'initial',
      count: t.initial_tickets,
      causationKey: causationKeys.freeJoin(memberId),
      membershipId: t.membershipId,
      tierCode: t.code,
    });
    position = granted?.position ?? position;
  } else {
    const checkout = await startCheckout(
      app,
      ports,
      {
        memberId,
        email,
        tier: input.tier.snapshot,
        tierPublished: input.tier.published,
        purpose: input.tier.row.type === 'single-entry' ? 'single-entry' : 'join',
        origin: input.origin,
        priceId: input.tier.row.stripe_id,
      },
      ctx,
    );
    redirectUrl = checkout.url;
  }
  await testHold('sign-up:before-credentials', email);
  if (!claim.hasCredentials) {
    try {
      await createCredentials(app.sql, { memberId, email, password: input.password, names: [input.firstName, input.lastName] });
    } catch (error) {
      if (error instanceof EmailTakenError) return { ok: false };
      throw error;
    }
  }
  // The login exists: the welcome goes out from this fact (member-emails), never before the login.
  await recordSignUpCompleted(app, memberId, ctx);
  return { ok: true, memberId, redirectUrl, position: position ?? (await app.store.headPosition()) };
}

/** Reserves the email for a new member id, or adopts the id of an unfinished sign-up; null when an account holds it. */
async function claimEmail(app: AppContext, email: string, password: string, contextFor: (memberId: string) => CommandContext): Promise<Claim | null> {
  const fresh = randomUUID();
  const stream = emailReservationStreamId(email, emailReservationKeyOf(app));
  try {
    await handleCommand(
      app.store,
      app.registry,
      stream,
      emailReservationDecider,
      { type: 'ReserveEmail', email, memberId: fresh },
      contextFor(fresh),
      { mustBeNew: true },
    );
    return { memberId: fresh, hasCredentials: false };
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
  }
  const reservation = fold(
    emailReservationDecider,
    (await app.store.readStream(stream)).map((e) => ({ type: e.type, data: e.data }) as Parameters<typeof emailReservationDecider.evolve>[1]),
  );
  if (reservation.status !== 'reserved') {
    // Released (staff moved its member to another address): reserve it again at the stream's revision.
    try {
      await handleCommand(
        app.store,
        app.registry,
        stream,
        emailReservationDecider,
        { type: 'ReserveEmail', email, memberId: fresh },
        contextFor(fresh),
      );
      return { memberId: fresh, hasCredentials: false };
    } catch (error) {
      if (error instanceof DomainError && error.code === 'conflict') return null;
      throw error;
    }
  }
  const owner = await credentialsOwner(app.sql, email, password);
  if (!owner) return { memberId: reservation.memberId, hasCredentials: false };
  // Credentials written before the registration (the order of earlier releases) with no member
  // behind them: a half account, finished by its owner (the same password), refused to anyone else.
  const registered = (await app.store.readStream(memberStreamId(reservation.memberId))).length > 0;
  if (owner.memberId === reservation.memberId && owner.passwordMatches && !registered)
    return { memberId: reservation.memberId, hasCredentials: true };
  return null;
}
