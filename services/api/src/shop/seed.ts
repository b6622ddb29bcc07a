import {
  couponDecider,
  couponStreamId,
  DEFAULT_GIFT_CARD_TERMS,
  GIFT_CARD_TERMS_STREAM,
  giftCardTermsDecider,
  productStreamId,
  SHOP_SETTINGS_STREAM,
  shopSettingsDecider,
} from '@roar/domain';
import {
  DomainError,
  handleCommand,
  WrongExpectedRevisionError,
  type CommandContext,
  type EventRegistry,
  type EventStore,
  type Logger,
} from '@roar/platform';
import { createProduct } from './catalogue';
import { LAUNCH_BANNERS, LAUNCH_PRODUCTS, LAUNCH_TERMS } from './launch-catalogue';

/** The launch welcome coupon: 10% off merchandise, once per member, until the end of 2027 (Sydney). */
export const WELCOME_COUPON = {
  code: 'WELCOME10',
  kind: 'percent',
  value: 10,
  expiresAt: '2027-12-31T13:00:00.000Z',
  totalLimit: null,
  perMemberLimit: 1,
  memberId: null,
} as const;

/**
 * Seeds the pro shop's launch catalogue as events, once: a product whose stream exists is left
 * alone, so a restart (or a second replica) adds nothing twice; staff edits are never overwritten.
 */
export async function seedShop(store: EventStore, registry: EventRegistry, logger: Logger, now: Date): Promise<number> {
  const ctx: CommandContext = { actor: { type: 'system', id: 'shop-seed' }, correlationId: 'shop-seed', occurredAt: now, reason: 'Launch catalogue' };
  const deps = { store, registry };
  const tolerate = async (work: () => Promise<unknown>) => {
    try {
      await work();
      return true;
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError || (error instanceof DomainError && error.code === 'conflict')) return false;
      throw error;
    }
  };
  if ((await store.readStream(SHOP_SETTINGS_STREAM)).length === 0) {
    for (const term of LAUNCH_TERMS)
      await tolerate(() =>
        handleCommand(store, registry, SHOP_SETTINGS_STREAM, shopSettingsDecider, { type: 'SaveTerm', term, reason: 'Launch catalogue' }, ctx),
      );
    for (const banner of LAUNCH_BANNERS)
      await tolerate(() =>
        handleCommand(store, registry, SHOP_SETTINGS_STREAM, shopSettingsDecider, { type: 'SaveBanner', banner, reason: 'Launch catalogue' }, ctx),
      );
  }
  let created = 0;
  for (const p of LAUNCH_PRODUCTS) {
    if ((await store.readStream(productStreamId(p.fields.slug))).length > 0) continue;
    const stock = Object.fromEntries(p.variants.map((v) => [v.sku, p.stock]));
    if (await tolerate(() => createProduct(deps, ctx, { fields: p.fields, variants: p.variants, stock }))) created += 1;
  }
  if ((await store.readStream(couponStreamId(WELCOME_COUPON.code))).length === 0) {
    await tolerate(() =>
      handleCommand(
        store,
        registry,
        couponStreamId(WELCOME_COUPON.code),
        couponDecider,
        { type: 'CreateCoupon', terms: WELCOME_COUPON, reason: 'Launch offer' },
        ctx,
        { mustBeNew: true },
      ),
    );
  }
  // The gift card terms start as the law's (3 years, no fees after sale): staff extend them under Gift card terms.
  if ((await store.readStream(GIFT_CARD_TERMS_STREAM)).length === 0) {
    await tolerate(() =>
      handleCommand(
        store,
        registry,
        GIFT_CARD_TERMS_STREAM,
        giftCardTermsDecider,
        { type: 'SetGiftCardTerms', terms: DEFAULT_GIFT_CARD_TERMS, reason: 'Launch terms: the Australian Consumer Law minimum' },
        ctx,
        { mustBeNew: true },
      ),
    );
  }
  if (created > 0) logger.info({ created }, 'pro shop catalogue seeded');
  return created;
}
