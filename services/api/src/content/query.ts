import { z } from 'zod';
import { int4 } from '@roar/domain';
import { HttpError } from '../http/errors';

/**
 * The content API's query language (`filter[field][_op]=value`, `sort=a,-b`, `limit=n`), as the
 * member console sends it. `filter` may also arrive as one JSON string. Only named fields and
 * the operators _eq and _in are understood; anything else is a 400, never silently ignored.
 */
const listValue = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean));
const operatorSchema = z.object({ _eq: z.string().optional(), _in: listValue.optional() }).strict();

export type FieldFilter = z.infer<typeof operatorSchema>;

export interface ItemsQuery {
  readonly filter: Readonly<Record<string, FieldFilter>>;
  readonly sort: readonly { field: string; desc: boolean }[];
  readonly limit: number | null;
}

function parseFilterParam(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw ?? {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new HttpError(400, 'filter is not valid JSON', 'INVALID_QUERY');
  }
}

export function parseItemsQuery(query: unknown, allowed: { filter: readonly string[]; sort: readonly string[]; maxLimit?: number }): ItemsQuery {
  const base = z
    .object({
      filter: z.unknown().optional(),
      sort: z.union([z.string(), z.array(z.string())]).optional(),
      limit: z.coerce.number().pipe(int4().min(-1)).optional(),
      fields: z.unknown().optional(),
      meta: z.unknown().optional(),
    })
    .strict()
    .safeParse(query);
  if (!base.success)
    throw new HttpError(400, base.error.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.message}`).join('; '), 'INVALID_QUERY');
  const filterObject = z.record(z.string(), operatorSchema).safeParse(parseFilterParam(base.data.filter));
  if (!filterObject.success) throw new HttpError(400, 'filter must look like filter[field][_eq|_in]=value', 'INVALID_QUERY');
  for (const field of Object.keys(filterObject.data)) {
    if (!allowed.filter.includes(field)) throw new HttpError(400, `cannot filter on ${field}`, 'INVALID_QUERY');
  }
  const sortList = (Array.isArray(base.data.sort) ? base.data.sort : (base.data.sort ?? '').split(',')).map((s) => s.trim()).filter(Boolean);
  const sort = sortList.map((s) => ({ field: s.replace(/^-/, ''), desc: s.startsWith('-') }));
  for (const s of sort) {
    if (!allowed.sort.includes(s.field)) throw new HttpError(400, `cannot sort on ${s.field}`, 'INVALID_QUERY');
  }
  const limit = base.data.limit === undefined || base.data.limit === -1 ? null : Math.min(base.data.limit, allowed.maxLimit ?? 1000);
  return { filter: filterObject.data, sort, limit };
}

/** True when a record's field value passes the field's filter (values compared as strings). */
export function matches(value: unknown, filter: FieldFilter | undefined): boolean {
  if (!filter) return true;
  const text = String(value);
  if (filter._eq !== undefined && text !== filter._eq) return false;
  if (filter._in !== undefined && !filter._in.includes(text)) return false;
  return true;
}

export function applySortAndLimit<T extends Record<string, unknown>>(rows: T[], q: ItemsQuery): T[] {
  const sorted = [...rows].sort((a, b) => {
    for (const { field, desc } of q.sort) {
      const x = a[field];
      const y = b[field];
      if (x === y) continue;
      const cmp = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return desc ? -cmp : cmp;
    }
    return 0;
  });
  return q.limit === null ? sorted : sorted.slice(0, q.limit);
}
