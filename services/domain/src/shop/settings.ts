import { z } from 'zod';
import { defineEvent, DomainError, type Decider, type DomainEvent } from '@roar/platform';
import { text } from '../primitives';
import {
  shopBannerSchema as bannerSchema,
  shopSlugSchema as slugSchema,
  shopTermKindSchema as termKindSchema,
  shopTermSchema as termSchema,
  type ShopBanner,
  type ShopTerm,
  type ShopTermKind as TermKind,
} from '@roar/contracts/shop';

/** The shop's lists (spec "Shop settings": attributes, banners, brands, categories, suppliers) in one stream. */
export const SHOP_SETTINGS_STREAM = 'shop-settings';
const reason = text().trim().min(1).max(500);

/** The shop's lists on the wire are the contract's: a term (kind, slug, name) and a banner. */
export {
  shopBannerSchema as bannerSchema,
  shopTermKindSchema as termKindSchema,
  shopTermSchema as termSchema,
  type ShopBanner,
  type ShopTerm,
  type ShopTermKind as TermKind,
} from '@roar/contracts/shop';

export const ShopTermSaved = defineEvent('ShopTermSaved', z.object({ term: termSchema, reason }).strict());
export const ShopTermRemoved = defineEvent('ShopTermRemoved', z.object({ kind: termKindSchema, slug: slugSchema, reason }).strict());
export const ShopBannerSaved = defineEvent('ShopBannerSaved', z.object({ banner: bannerSchema, reason }).strict());
export const ShopBannerRemoved = defineEvent('ShopBannerRemoved', z.object({ bannerId: slugSchema, reason }).strict());
export const shopSettingsEvents = [ShopTermSaved, ShopTermRemoved, ShopBannerSaved, ShopBannerRemoved] as const;

type Ev<D extends { type: string; schema: z.ZodType }> = DomainEvent<D['type'], z.infer<D['schema']>>;
export type ShopSettingsEvent = Ev<typeof ShopTermSaved> | Ev<typeof ShopTermRemoved> | Ev<typeof ShopBannerSaved> | Ev<typeof ShopBannerRemoved>;

export interface ShopSettingsState {
  readonly terms: readonly ShopTerm[];
  readonly banners: readonly ShopBanner[];
}

export type ShopSettingsCommand =
  | { readonly type: 'SaveTerm'; readonly term: ShopTerm; readonly reason: string }
  | { readonly type: 'RemoveTerm'; readonly kind: TermKind; readonly slug: string; readonly reason: string }
  | { readonly type: 'SaveBanner'; readonly banner: ShopBanner; readonly reason: string }
  | { readonly type: 'RemoveBanner'; readonly bannerId: string; readonly reason: string };

const same = (a: { kind: string; slug: string }, b: { kind: string; slug: string }) => a.kind === b.kind && a.slug === b.slug;

export function evolveShopSettings(state: ShopSettingsState, event: ShopSettingsEvent): ShopSettingsState {
  switch (event.type) {
    case 'ShopTermSaved':
      return { ...state, terms: [...state.terms.filter((t) => !same(t, event.data.term)), event.data.term] };
    case 'ShopTermRemoved':
      return { ...state, terms: state.terms.filter((t) => !same(t, event.data)) };
    case 'ShopBannerSaved':
      return { ...state, banners: [...state.banners.filter((b) => b.bannerId !== event.data.banner.bannerId), event.data.banner] };
    case 'ShopBannerRemoved':
      return { ...state, banners: state.banners.filter((b) => b.bannerId !== event.data.bannerId) };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export function decideShopSettings(command: ShopSettingsCommand, state: ShopSettingsState): ShopSettingsEvent[] {
  const r = command.reason.trim();
  if (!r) throw new DomainError('invalid', 'Give a reason for this change.');
  switch (command.type) {
    case 'SaveTerm': {
      const old = state.terms.find((t) => same(t, command.term));
      if (old && old.name === command.term.name) return [];
      return [{ type: 'ShopTermSaved', data: { term: command.term, reason: r } }];
    }
    case 'RemoveTerm':
      if (!state.terms.some((t) => same(t, command))) throw new DomainError('not_found', 'This entry does not exist.');
      return [{ type: 'ShopTermRemoved', data: { kind: command.kind, slug: command.slug, reason: r } }];
    case 'SaveBanner':
      return [{ type: 'ShopBannerSaved', data: { banner: command.banner, reason: r } }];
    case 'RemoveBanner':
      if (!state.banners.some((b) => b.bannerId === command.bannerId)) throw new DomainError('not_found', 'This banner does not exist.');
      return [{ type: 'ShopBannerRemoved', data: { bannerId: command.bannerId, reason: r } }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const shopSettingsDecider: Decider<ShopSettingsCommand, ShopSettingsEvent, ShopSettingsState> = {
  decide: decideShopSettings,
  evolve: evolveShopSettings,
  initialState: { terms: [], banners: [] },
};
