import { z } from 'zod';
import { defineEvent, type DomainEvent } from '@roar/platform';
import { cents, text } from '../primitives';

const id = text().min(1).max(200);
export const slugSchema = z.string().min(1).max(120).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A slug is lower-case letters, digits and single dashes');
export const skuSchema = z.string().min(1).max(64).regex(/^[A-Z0-9][A-Z0-9-]*$/, 'A SKU is upper-case letters, digits and dashes');
export const productTypeSchema = z.enum(['physical', 'digital']);
export type ProductType = z.infer<typeof productTypeSchema>;
/** An image path under the configured base path or an image staff uploaded (/media/..., served by the app), never a foreign URL. */
export const imagePathSchema = z.string().min(1).max(300).regex(/^\/(images|media)\/[a-z0-9/_.-]+$/, 'An image is a path under /images/ or an uploaded image under /media/');

export const variantSchema = z
  .object({
    sku: skuSchema,
    /** Size, colour, ... keyed by the shop's attribute keys. */
    attributes: z.record(z.string().min(1).max(40), text().min(1).max(60)),
    /** GST-inclusive. */
    price_cents: cents().min(1),
  })
  .strict();
export type Variant = z.infer<typeof variantSchema>;

export const productFieldsSchema = z
  .object({
    slug: slugSchema,
    name: text().trim().min(1).max(160),
    description: text().max(4000),
    product_type: productTypeSchema,
    category: slugSchema,
    brand: slugSchema,
    supplier: text().min(1).max(120),
    image_portrait: imagePathSchema.nullable(),
    image_landscape: imagePathSchema.nullable(),
    /** A digital gift card's face value is its price; physical goods ship. */
    gift_card: z.boolean(),
  })
  .strict();
export type ProductFields = z.infer<typeof productFieldsSchema>;

export const ProductCreated = defineEvent(
  'ProductCreated',
  z.object({ productId: id, fields: productFieldsSchema, variants: z.array(variantSchema).min(1).max(50), createdAt: z.iso.datetime({ offset: true }) }).strict(),
);
/** A staff edit of the product's own fields (never its variants or prices): the whole new field set. */
export const ProductEdited = defineEvent('ProductEdited', z.object({ productId: id, fields: productFieldsSchema, reason: text().min(1).max(500) }).strict());
export const VariantAdded = defineEvent('VariantAdded', z.object({ productId: id, variant: variantSchema, reason: text().min(1).max(500) }).strict());
/** Carries the old price too: an auditor sees the change without replaying. */
export const VariantRepriced = defineEvent(
  'VariantRepriced',
  z.object({ productId: id, sku: skuSchema, from_cents: cents(), to_cents: cents().min(1), reason: text().min(1).max(500) }).strict(),
);
export const ProductPublished = defineEvent('ProductPublished', z.object({ productId: id, published: z.boolean(), reason: text().min(1).max(500) }).strict());

export const catalogueEvents = [ProductCreated, ProductEdited, VariantAdded, VariantRepriced, ProductPublished] as const;

type Ev<D extends { type: string; schema: z.ZodType }> = DomainEvent<D['type'], z.infer<D['schema']>>;
export type ProductEvent = Ev<typeof ProductCreated> | Ev<typeof ProductEdited> | Ev<typeof VariantAdded> | Ev<typeof VariantRepriced> | Ev<typeof ProductPublished>;

/** A product's id is its slug: creating it on a new stream is what keeps slugs unique (SKUs: their stock streams). */
export const productStreamId = (productId: string): string => `product-${productId}`;
