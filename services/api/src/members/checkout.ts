import { randomUUID } from 'node:crypto';
import { checkoutDecider, checkoutStreamId, memberDecider, memberStreamId, type CheckoutPurpose, type TierSnapshot } from '@roar/domain';
import { handleCommand, type CommandContext } from '@roar/platform';
import type { AppContext } from '../context';
import type { MembersPorts } from '../kernel/ports';
import { SELF_ORIGIN } from '../payments/self-origin';
import { checkoutReturnUrl } from '../payments/reconcile';
import { guardDrawPurchase } from '../member-controls/guard';

export interface StartedCheckout {
  readonly checkoutId: string;
  readonly url: string;
}

/**
 * Starts paying for a tier: the member's decider checks the rules first (no upgrade from the
 * top, no unpublished tier...), then the provider opens a checkout session and the checkout's
 * own stream records it. Nothing is granted until the provider confirms payment by webhook.
 */
export async function startCheckout(
  app: AppContext,
  ports: MembersPorts,
  input: {
    memberId: string;
    email: string;
    tier: TierSnapshot;
    tierPublished: boolean;
    purpose: CheckoutPurpose;
    origin: string;
    priceId: string | null;
  },
  ctx: CommandContext,
): Promise<StartedCheckout> {
  const checkoutId = randomUUID();
  const at = ctx.occurredAt.toISOString();
  // Issue 23: the member's own limit, break or self-exclusion, before any payment page opens.
  await guardDrawPurchase(app, input.memberId, input.tier.price_cents, ctx.occurredAt);
  await handleCommand(
    app.store,
    app.registry,
    memberStreamId(input.memberId),
    memberDecider,
    {
      type: 'StartMembershipCheckout',
      memberId: input.memberId,
      checkoutId,
      purpose: input.purpose,
      tier: input.tier,
      tierPublished: input.tierPublished,
      amount_cents: input.tier.price_cents,
      at,
    },
    ctx,
  );
  const mode = input.purpose !== 'single-entry' && input.tier.type === 'monthly-subscription' ? 'subscription' : 'payment';
  const session = await ports.payments.createCheckout({
    checkoutId,
    memberId: input.memberId,
    email: input.email,
    purpose: input.purpose,
    mode,
    amount_cents: input.tier.price_cents,
    description:
      input.purpose === 'single-entry'
        ? `${input.tier.tier}: one-off entry`
        : `${input.tier.tier} membership${mode === 'subscription' ? ', monthly' : ''}`,
    ...(input.priceId && ports.payments.name === 'stripe' ? { priceId: input.priceId } : {}),
    successUrl: checkoutReturnUrl(input.origin, '/dashboard?checkout=success'),
    cancelUrl: `${input.origin}/membership?checkout=cancelled`,
  });
  await handleCommand(
    app.store,
    app.registry,
    checkoutStreamId(checkoutId),
    checkoutDecider,
    {
      type: 'CreateCheckout',
      checkoutId,
      memberId: input.memberId,
      purpose: input.purpose,
      tier: input.tier,
      amount_cents: input.tier.price_cents,
      currency: 'AUD',
      provider: ports.payments.name,
      providerSessionId: session.sessionId,
      mode,
    },
    ctx,
    { mustBeNew: true },
  );
  // The local provider's hosted page lives on this server: send the member to it on their own origin.
  const url = session.url.startsWith(SELF_ORIGIN) ? `${input.origin}${session.url.slice(SELF_ORIGIN.length)}` : session.url;
  return { checkoutId, url };
}
