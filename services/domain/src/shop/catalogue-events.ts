import { z } from 'zod';
import { defineEvent, type DomainEvent } from '@roar/platform';
import { productFieldsSchema, skuSchema, variantSchema } from '@roar/contracts/shop';
import { cents, text } from '../primitives';

const id = text().min(1).max(200);
/** The catalogue's wire shapes (slugs, SKUs, image paths, a variant, a product's fields) are the contract's. */
export {
  productFieldsSchema,
  productTypeSchema,
  shopImagePathSchema as imagePathSchema,
  shopSlugSchema as slugSchema,
  skuSchema,
  variantSchema,
  type ProductFields,
  type ProductType,
  type Variant,
} from '@roar/contracts/shop';

export const ProductCreated = defineEvent(
  'ProductCreated',
  z
    .object({
      productId: id,
      fields: productFieldsSchema,
      variants: z.array(variantSchema).min(1).max(50),
      createdAt: z.iso.datetime({ offset: true }),
    })
    .strict(),
);
/** A staff edit of the product's own fields (never its variants or prices): the whole new field set. */
export const ProductEdited = defineEvent(
  'ProductEdited',
  z.object({ productId: id, fields: productFieldsSchema, reason: text().min(1).max(500) }).strict(),
);
export const VariantAdded = defineEvent('VariantAdded', z.object({ productId: id, variant: variantSchema, reason: text().min(1).max(500) }).strict());
/** Carries the old price too: an auditor sees the change without replaying. */
export const VariantRepriced = defineEvent(
  'VariantRepriced',
  z.object({ productId: id, sku: skuSchema, from_cents: cents(), to_cents: cents().min(1), reason: text().min(1).max(500) }).strict(),
);
export const ProductPublished = defineEvent(
  'ProductPublished',
  z.object({ productId: id, published: z.boolean(), reason: text().min(1).max(500) }).strict(),
);

export const catalogueEvents = [ProductCreated, ProductEdited, VariantAdded, VariantRepriced, ProductPublished] as const;

type Ev<D extends { type: string; schema: z.ZodType }> = DomainEvent<D['type'], z.infer<D['schema']>>;
export type ProductEvent =
  Ev<typeof ProductCreated> | Ev<typeof ProductEdited> | Ev<typeof VariantAdded> | Ev<typeof VariantRepriced> | Ev<typeof ProductPublished>;

/** A product's id is its slug: creating it on a new stream is what keeps slugs unique (SKUs: their stock streams). */
export const productStreamId = (productId: string): string => `product-${productId}`;
