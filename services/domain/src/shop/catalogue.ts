import { DomainError, type Decider } from '@roar/platform';
import type { ProductEvent, ProductFields, Variant } from './catalogue-events';

export type ProductState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'live';
      readonly productId: string;
      readonly fields: ProductFields;
      readonly variants: readonly Variant[];
      readonly published: boolean;
    };

export type ProductCommand =
  | {
      readonly type: 'CreateProduct';
      readonly productId: string;
      readonly fields: ProductFields;
      readonly variants: readonly Variant[];
      readonly at: string;
    }
  | { readonly type: 'EditProduct'; readonly fields: ProductFields; readonly reason: string }
  | { readonly type: 'AddVariant'; readonly variant: Variant; readonly reason: string }
  | { readonly type: 'RepriceVariant'; readonly sku: string; readonly price_cents: number; readonly reason: string }
  | { readonly type: 'PublishProduct'; readonly published: boolean; readonly reason: string };

export function evolveProduct(state: ProductState, event: ProductEvent): ProductState {
  if (event.type === 'ProductCreated') {
    const { productId, fields, variants } = event.data;
    return { status: 'live', productId, fields, variants, published: true };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'ProductEdited':
      return { ...state, fields: event.data.fields };
    case 'VariantAdded':
      return { ...state, variants: [...state.variants, event.data.variant] };
    case 'VariantRepriced':
      return { ...state, variants: state.variants.map((v) => (v.sku === event.data.sku ? { ...v, price_cents: event.data.to_cents } : v)) };
    case 'ProductPublished':
      return { ...state, published: event.data.published };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

function live(state: ProductState): Extract<ProductState, { status: 'live' }> {
  if (state.status === 'absent') throw new DomainError('not_found', 'This product does not exist.');
  return state;
}

function checkVariants(variants: readonly Variant[], fields: ProductFields): void {
  const skus = new Set(variants.map((v) => v.sku));
  if (skus.size !== variants.length) throw new DomainError('invalid', 'Each variant needs its own SKU.');
  if (fields.gift_card && fields.product_type !== 'digital') throw new DomainError('invalid', 'A gift card is a digital product.');
}

const reasonOf = (reason: string): string => {
  const r = reason.trim();
  if (!r) throw new DomainError('invalid', 'Give a reason for this change.');
  return r;
};

export function decideProduct(command: ProductCommand, state: ProductState): ProductEvent[] {
  switch (command.type) {
    case 'CreateProduct': {
      if (state.status !== 'absent') throw new DomainError('conflict', 'This product already exists.');
      checkVariants(command.variants, command.fields);
      return [
        {
          type: 'ProductCreated',
          data: { productId: command.productId, fields: command.fields, variants: [...command.variants], createdAt: command.at },
        },
      ];
    }
    case 'EditProduct': {
      const p = live(state);
      checkVariants(p.variants, command.fields);
      if (command.fields.slug !== p.fields.slug) throw new DomainError('invalid', 'The slug of a product cannot change: it is its address.');
      if (command.fields.product_type !== p.fields.product_type)
        throw new DomainError('invalid', 'A product cannot change between physical and digital; create a new one.');
      return [{ type: 'ProductEdited', data: { productId: p.productId, fields: command.fields, reason: reasonOf(command.reason) } }];
    }
    case 'AddVariant': {
      const p = live(state);
      if (p.variants.some((v) => v.sku === command.variant.sku)) throw new DomainError('conflict', 'This SKU already exists.');
      return [{ type: 'VariantAdded', data: { productId: p.productId, variant: command.variant, reason: reasonOf(command.reason) } }];
    }
    case 'RepriceVariant': {
      const p = live(state);
      const v = p.variants.find((x) => x.sku === command.sku);
      if (!v) throw new DomainError('not_found', 'This SKU does not belong to this product.');
      if (v.price_cents === command.price_cents) return [];
      return [
        {
          type: 'VariantRepriced',
          data: { productId: p.productId, sku: v.sku, from_cents: v.price_cents, to_cents: command.price_cents, reason: reasonOf(command.reason) },
        },
      ];
    }
    case 'PublishProduct': {
      const p = live(state);
      if (p.published === command.published) return [];
      return [{ type: 'ProductPublished', data: { productId: p.productId, published: command.published, reason: reasonOf(command.reason) } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const productDecider: Decider<ProductCommand, ProductEvent, ProductState> = {
  decide: decideProduct,
  evolve: evolveProduct,
  initialState: { status: 'absent' },
};
