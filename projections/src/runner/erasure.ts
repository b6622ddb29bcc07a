import { erasedValue, ident, type PersonalFieldKind, type PersonalFieldSpec, type RecordedEvent, type Sql } from '@roar/platform';
import { handlesType, type ApplyContext, type Projector } from './projector';

/**
 * Erasure in the read models (issue 24). Once a member is erased their key is gone, so every event
 * a rebuild reads gives the erased values ("Erased member", `erased-<id>@erased.invalid`,
 * 1900-01-01). The live rows were written while the key existed: on MemberErased a projector
 * overwrites the same columns with the same erased values, so the live rows and a rebuild's rows
 * agree (verify compares them). Amounts, dates, statuses and pseudonymous ids stay.
 *
 * A projector declares what to erase (`ErasureTarget`s) and is wrapped with `withErasure`: the
 * wrapper applies the batch in segments, cut at each MemberErased, so an erasure lands after the
 * events before it and before the events after it, in one transaction with the checkpoint.
 */

/** How one column of a member's row is erased. */
export type ErasedColumn =
  /** A scalar column: the kind's erased value (a null stays null, as an absent field does in events). */
  | PersonalFieldKind
  /** A jsonb object (an address): these keys, where present and not null, take the kind's erased value. */
  | { readonly object: Readonly<Record<string, PersonalFieldKind>> }
  /** A jsonb array of objects (replies): in every element, these keys take the kind's erased value. */
  | { readonly array: Readonly<Record<string, PersonalFieldKind>> };

export interface ErasureTarget {
  readonly table: string;
  /** The column naming the member the row's personal columns belong to, or a condition on `$1` (the member id); `{s}` is the schema. */
  readonly member: string | { readonly where: string };
  /** Columns overwritten with the erased values. */
  readonly columns?: Readonly<Record<string, ErasedColumn>>;
  /** The rows exist only for this person: deleted instead. */
  readonly delete?: true;
}

const memberOf = (event: RecordedEvent): string | null => {
  const id = (event.data as { memberId?: unknown } | null)?.memberId;
  return typeof id === 'string' && id.length > 0 ? id : null;
};

function whereOf(target: ErasureTarget, schema: string): string {
  if (typeof target.member === 'string') return `${ident(target.member)} = $1`;
  return target.member.where.replaceAll('{s}', ident(schema));
}

function eraseJson(value: unknown, how: Exclude<ErasedColumn, PersonalFieldKind>, memberId: string): unknown {
  const eraseObject = (o: unknown, keys: Readonly<Record<string, PersonalFieldKind>>): unknown => {
    if (typeof o !== 'object' || o === null || Array.isArray(o)) return o;
    const out: Record<string, unknown> = { ...(o as Record<string, unknown>) };
    for (const [key, kind] of Object.entries(keys)) if (out[key] !== undefined && out[key] !== null) out[key] = erasedValue(kind, memberId);
    return out;
  };
  if ('object' in how) return eraseObject(value, how.object);
  return Array.isArray(value) ? value.map((e) => eraseObject(e, how.array)) : value;
}

/** Overwrites (or deletes) one member's personal columns in the targets' tables of `schema`. */
export async function eraseMemberRows(
  tx: Sql,
  schema: string,
  targets: readonly ErasureTarget[],
  memberId: string,
  primaryKeys: ReadonlyMap<string, readonly string[]>,
): Promise<void> {
  for (const target of targets) {
    const table = `${ident(schema)}.${ident(target.table)}`;
    const where = whereOf(target, schema);
    if (target.delete) {
      await tx.query(`delete from ${table} where ${where}`, [memberId]);
      continue;
    }
    const columns = Object.entries(target.columns ?? {});
    const scalars = columns.filter((c): c is [string, PersonalFieldKind] => typeof c[1] === 'string');
    if (scalars.length > 0) {
      const sets = scalars.map(([col], i) => `${ident(col)} = case when ${ident(col)} is null then null else $${i + 2} end`);
      await tx.query(`update ${table} set ${sets.join(', ')} where ${where}`, [memberId, ...scalars.map(([, kind]) => erasedValue(kind, memberId))]);
    }
    const json = columns.filter((c): c is [string, Exclude<ErasedColumn, PersonalFieldKind>] => typeof c[1] !== 'string');
    if (json.length === 0) continue;
    const key = primaryKeys.get(target.table);
    if (!key) throw new Error(`erasure: no primary key for ${target.table}`);
    const rows = await tx.query<{ k: unknown; row: Record<string, unknown> }>(
      `select jsonb_build_array(${key.map((k) => `${ident(k)}::text`).join(', ')}) as k, to_jsonb(t) as row from ${table} t where ${where}`,
      [memberId],
    );
    for (const { k, row } of rows.rows) {
      const keys = k as string[];
      const sets = json.map(([col], i) => `${ident(col)} = $${i + 1}::jsonb`);
      const values = json.map(([col, how]) => JSON.stringify(eraseJson(row[col], how, memberId)));
      const match = key.map((name, i) => `${ident(name)}::text = $${json.length + i + 1}`).join(' and ');
      await tx.query(`update ${table} set ${sets.join(', ')} where ${match}`, [...values, ...keys]);
    }
  }
}

/**
 * The projector, also applying MemberErased to `targets`. Events before an erasure in a batch are
 * applied first, then the erasure, then the rest: a batch gives the rows the same events one by
 * one give. The version is the inner one: the row shape does not change.
 */
export function withErasure(inner: Projector, targets: readonly ErasureTarget[]): Projector {
  const primaryKeys = new Map(inner.tables.map((t) => [t.name, t.primaryKey]));
  for (const t of targets) if (!primaryKeys.has(t.table)) throw new Error(`erasure: ${inner.name} does not own ${t.table}`);
  const innerApply = async (tx: Sql, events: readonly RecordedEvent[], ctx: ApplyContext): Promise<void> => {
    const handled = events.filter((e) => handlesType(inner, e.type));
    if (handled.length > 0) await inner.apply(tx, handled, ctx);
  };
  return {
    ...inner,
    handles: inner.handles === 'all' ? 'all' : [...new Set([...inner.handles, 'MemberErased'])],
    async apply(tx, events, ctx) {
      let start = 0;
      for (let i = 0; i < events.length; i += 1) {
        const event = events[i]!;
        if (event.type !== 'MemberErased') continue;
        await innerApply(tx, events.slice(start, i + 1), ctx);
        const memberId = memberOf(event);
        if (memberId) await eraseMemberRows(tx, ctx.schema, targets, memberId, primaryKeys);
        else ctx.logger.warn({ eventId: event.id, projector: inner.name }, 'erasure: MemberErased without a member id skipped');
        start = i + 1;
      }
      await innerApply(tx, events.slice(start), ctx);
    },
  };
}

function getPath(data: unknown, path: string): unknown {
  let at: unknown = data;
  for (const part of path.split('.')) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

function setPath(data: unknown, path: string, value: unknown): void {
  const parts = path.split('.');
  let at: unknown = data;
  for (const part of parts.slice(0, -1)) {
    if (typeof at !== 'object' || at === null) return;
    at = (at as Record<string, unknown>)[part];
  }
  if (typeof at === 'object' && at !== null) (at as Record<string, unknown>)[parts[parts.length - 1]!] = value;
}

/**
 * An event's data with the personal fields of `memberId` (by the event's own specs) read as an
 * erased member's: what opening the stored event gives once the member's key is deleted. Used on
 * copies of event payloads (the staff event log); other members' fields stay as they are.
 */
export function eraseEventData(data: unknown, specs: readonly PersonalFieldSpec[], memberId: string): { data: unknown; changed: boolean } {
  const copy = structuredClone(data);
  let changed = false;
  const eraseIn = (scope: unknown, spec: PersonalFieldSpec): void => {
    if (getPath(scope, spec.subject) !== memberId) return;
    for (const [path, kind] of Object.entries(spec.fields)) {
      const value = getPath(scope, path);
      if (value === undefined || value === null) continue;
      const erased = erasedValue(kind, memberId);
      if (value === erased) continue;
      setPath(scope, path, erased);
      changed = true;
    }
  };
  for (const spec of specs) {
    if (spec.each === undefined) eraseIn(copy, spec);
    else {
      const list = getPath(copy, spec.each);
      if (Array.isArray(list)) for (const element of list) eraseIn(element, spec);
    }
  }
  return { data: copy, changed };
}
