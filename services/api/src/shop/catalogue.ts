import { productDecider, productStreamId, stockDecider, stockStreamId, type ProductCommand, type ProductFields, type Variant } from '@roar/domain';
import { DomainError, handleCommand, type CommandContext, type EventRegistry, type EventStore, type Position } from '@roar/platform';

export interface CatalogueDeps {
  readonly store: EventStore;
  readonly registry: EventRegistry;
}

/**
 * A new product: each SKU's stock stream is opened first ("no stream": a SKU used by another
 * product is refused before anything is written), then the product stream, whose id is the slug.
 * Opening stock is received with the reason given.
 */
export async function createProduct(
  deps: CatalogueDeps,
  ctx: CommandContext,
  p: { fields: ProductFields; variants: readonly Variant[]; stock: Readonly<Record<string, number>> },
): Promise<Position | null> {
  const productId = p.fields.slug;
  if ((await deps.store.readStream(productStreamId(productId))).length > 0)
    throw new DomainError('conflict', 'A product with this slug already exists.');
  for (const v of p.variants) {
    const existing = await deps.store.readStream(stockStreamId(v.sku));
    if (existing.length > 0) throw new DomainError('conflict', `SKU ${v.sku} is already used.`);
  }
  // Pure check before any write: the decider refuses bad variants (duplicate SKUs, gift card not digital).
  productDecider.decide(
    { type: 'CreateProduct', productId, fields: p.fields, variants: p.variants, at: ctx.occurredAt.toISOString() },
    productDecider.initialState,
  );
  let position: Position | null = null;
  for (const v of p.variants) {
    await handleCommand(deps.store, deps.registry, stockStreamId(v.sku), stockDecider, { type: 'OpenStock', sku: v.sku, productId }, ctx, {
      mustBeNew: true,
    });
    const qty = p.stock[v.sku] ?? 0;
    if (qty > 0)
      position =
        (
          await handleCommand(
            deps.store,
            deps.registry,
            stockStreamId(v.sku),
            stockDecider,
            { type: 'ReceiveStock', qty, reason: ctx.reason ?? 'Opening stock' },
            ctx,
          )
        ).appended?.position ?? position;
  }
  const created = await handleCommand(
    deps.store,
    deps.registry,
    productStreamId(productId),
    productDecider,
    { type: 'CreateProduct', productId, fields: p.fields, variants: p.variants, at: ctx.occurredAt.toISOString() },
    ctx,
    { mustBeNew: true },
  );
  return created.appended?.position ?? position;
}

/** A staff edit as one decision: field changes, new variants (their stock opened) and new prices. */
export async function editProduct(
  deps: CatalogueDeps,
  ctx: CommandContext,
  productId: string,
  commands: readonly ProductCommand[],
  newSkus: readonly string[],
): Promise<Position | null> {
  for (const sku of newSkus) {
    if ((await deps.store.readStream(stockStreamId(sku))).length > 0) throw new DomainError('conflict', `SKU ${sku} is already used.`);
  }
  let position: Position | null = null;
  for (const sku of newSkus)
    await handleCommand(deps.store, deps.registry, stockStreamId(sku), stockDecider, { type: 'OpenStock', sku, productId }, ctx, { mustBeNew: true });
  for (const command of commands) {
    position =
      (await handleCommand(deps.store, deps.registry, productStreamId(productId), productDecider, command, ctx)).appended?.position ?? position;
  }
  return position;
}
