import type { Request, Response } from 'express';
import { z } from 'zod';
import { uint4 } from '@roar/domain';
import { HttpError, zodItems } from '../http/errors';
import { firstUnstorableField } from '../http/storable';

/**
 * The query dialect of ra-data-simple-rest: `sort=["field","ASC"]`, `range=[0,24]`,
 * `filter={...}` (getMany sends `filter={"id":[...]}` and no sort or range). Every part is JSON
 * in a query string, so it is parsed twice: JSON first, then the zod schema of the resource.
 */
function jsonParam<S extends z.ZodType>(name: string, schema: S) {
  return z
    .string()
    .optional()
    .transform((text, ctx): unknown => {
      if (text === undefined) return undefined;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${name} is not valid JSON` });
        return z.NEVER;
      }
      // JSON escapes (\u0000, \ud800) smuggle past the gate on the raw query string.
      const field = firstUnstorableField(value);
      if (field !== null) {
        ctx.addIssue({ code: 'custom', message: `${name}: Text must not contain NUL characters or unpaired surrogates` });
        return z.NEVER;
      }
      return value;
    })
    .pipe(schema);
}

export type SortOrder = 'ASC' | 'DESC';

export interface ListQuery<Field extends string, Filter> {
  readonly sort: { readonly field: Field; readonly order: SortOrder };
  /** Inclusive bounds; null when the client asked for everything (getMany). */
  readonly range: { readonly start: number; readonly end: number } | null;
  readonly filter: Filter;
}

export interface ListQuerySpec<Field extends string, Filter> {
  readonly sortFields: readonly [Field, ...Field[]];
  readonly defaultSort: { readonly field: Field; readonly order: SortOrder };
  readonly filter: z.ZodType<Filter>;
  /** Most records one page may ask for. */
  readonly maxPageSize?: number;
}

export function parseListQuery<Field extends string, Filter>(req: Request, spec: ListQuerySpec<Field, Filter>): ListQuery<Field, Filter> {
  const maxPageSize = spec.maxPageSize ?? 500;
  const schema = z.object({
    sort: jsonParam('sort', z.tuple([z.enum(spec.sortFields), z.enum(['ASC', 'DESC'])]).optional()),
    range: jsonParam(
      'range',
      z
        .tuple([uint4(), uint4()])
        .refine(([start, end]) => end >= start, 'range end must not be before its start')
        .refine(([start, end]) => end - start < maxPageSize, `a page holds at most ${maxPageSize} records`)
        .optional(),
    ),
    filter: jsonParam('filter', spec.filter.optional()),
  });
  const parsed = schema.strict().safeParse(req.query);
  if (!parsed.success) throw new HttpError(400, 'Invalid query', 'INVALID_QUERY', zodItems(parsed.error));
  const { sort, range, filter } = parsed.data;
  const emptyFilter = spec.filter.safeParse({});
  return {
    sort: sort ? { field: sort[0], order: sort[1] } : spec.defaultSort,
    range: range ? { start: range[0], end: range[1] } : null,
    filter: filter ?? (emptyFilter.success ? emptyFilter.data : ({} as Filter)),
  };
}

/** Offset and limit for SQL; an open range still has a ceiling so no list is unbounded. */
export function pageOf(range: ListQuery<string, unknown>['range'], ceiling = 1000): { offset: number; limit: number } {
  return range ? { offset: range.start, limit: range.end - range.start + 1 } : { offset: 0, limit: ceiling };
}

/** Sends a page with `Content-Range: <resource> start-end/total`, readable across origins. */
export function sendList(res: Response, resource: string, records: readonly unknown[], offset: number, total: number): void {
  const range = records.length > 0 ? `${offset}-${offset + records.length - 1}` : '*';
  res.setHeader('Content-Range', `${resource} ${range}/${total}`);
  res.setHeader('Access-Control-Expose-Headers', 'Content-Range');
  res.json(records);
}

/** A filter value that is either one value or a list of them (getMany, reference inputs). */
export function oneOrMany<S extends z.ZodType>(schema: S) {
  return z.union([schema, z.array(schema).max(500)]).transform((v): z.infer<S>[] => (Array.isArray(v) ? v : [v]));
}
