import { useMemo } from 'react';
import { useGetList } from 'react-admin';

/** The words members read on the shop's product pages for a product's stock. */
export const STOCK_LABELS: Readonly<Record<string, string>> = { in_stock: 'In stock', low_stock: 'Low stock', out_of_stock: 'Out of stock' };
export const PRODUCT_TYPES: { id: string; name: string }[] = [
  { id: 'physical', name: 'Physical' },
  { id: 'digital', name: 'Digital' },
];

export const stockLabel = (state: unknown): string => STOCK_LABELS[String(state)] ?? String(state ?? '-');
export const productTypeLabel = (type: unknown): string => PRODUCT_TYPES.find((t) => t.id === type)?.name ?? String(type ?? '-');

export type TermKind = 'category' | 'brand' | 'supplier';

/**
 * The names staff gave the shop's categories, brands and suppliers (Shop terms), keyed by slug: a
 * product stores the slug, staff read the name. One request for the page; a slug without a term
 * (removed since) shows as the slug.
 */
export function useShopTermNames(): {
  nameOf: (kind: TermKind, slug: unknown) => string;
  choicesOf: (kind: TermKind) => { id: string; name: string }[];
  pending: boolean;
} {
  const { data, isPending } = useGetList<{ id: string; kind: string; slug: string; name: string }>('shop-terms', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  return useMemo(() => {
    const terms = data ?? [];
    return {
      nameOf: (kind, slug) => terms.find((t) => t.kind === kind && t.slug === slug)?.name ?? String(slug ?? '-'),
      choicesOf: (kind) => terms.filter((t) => t.kind === kind).map((t) => ({ id: t.slug, name: t.name })),
      pending: isPending,
    };
  }, [data, isPending]);
}
