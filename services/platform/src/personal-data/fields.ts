import { erasedValue, type PersonalFieldKind, type PersonalFieldSpec } from './spec';

/**
 * Where an event's personal values are: every (path, subject, kind, value) its specs name, with a
 * value that is neither null nor absent, under a subject that is not null. Paths are absolute in
 * the data, array elements by index.
 */
export interface PersonalSlot {
  readonly path: readonly (string | number)[];
  /** The member id the value belongs to; null when the data holds none there. */
  readonly subject: string | null;
  readonly kind: PersonalFieldKind;
  readonly value: unknown;
}

const splitCache = new Map<string, readonly string[]>();
function split(path: string): readonly string[] {
  let parts = splitCache.get(path);
  if (!parts) splitCache.set(path, (parts = path.split('.')));
  return parts;
}

function getAt(data: unknown, path: readonly (string | number)[]): unknown {
  let at = data;
  for (const step of path) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, step)) return undefined;
    at = (at as Record<string | number, unknown>)[step];
  }
  return at;
}

function subjectOf(value: unknown): string | null {
  if (typeof value === 'string' && value.length > 0) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function slotsOf(spec: PersonalFieldSpec, base: readonly (string | number)[], element: unknown, out: PersonalSlot[]): void {
  const subjectValue = getAt(element, split(spec.subject));
  // A subject the event sets to null names no member (a visitor's contact-form request): there is
  // no member key to seal under, so its values are left as they are. An absent or empty subject
  // is still a mistake the store refuses.
  if (subjectValue === null) return;
  const subject = subjectOf(subjectValue);
  for (const [field, kind] of Object.entries(spec.fields)) {
    const rel = split(field);
    const value = getAt(element, rel);
    if (value === null || value === undefined) continue;
    out.push({ path: [...base, ...rel], subject, kind, value });
  }
}

export function personalSlots(specs: readonly PersonalFieldSpec[], data: unknown): PersonalSlot[] {
  const out: PersonalSlot[] = [];
  for (const spec of specs) {
    if (spec.each === undefined) {
      slotsOf(spec, [], data, out);
      continue;
    }
    const base = split(spec.each);
    const list = getAt(data, base);
    if (!Array.isArray(list)) continue;
    list.forEach((element, i) => slotsOf(spec, [...base, i], element, out));
  }
  return out;
}

/** A copy of `data` with the values at `paths` replaced: objects on the way are copied, the rest shared (data is never changed). */
export function withValuesAt(data: unknown, replacements: readonly (readonly [readonly (string | number)[], unknown])[]): unknown {
  if (replacements.length === 0 || typeof data !== 'object' || data === null) return data;
  const copies = new Set<object>();
  const copy = (o: object): Record<string | number, unknown> => {
    const c = (Array.isArray(o) ? [...(o as unknown[])] : { ...o }) as Record<string | number, unknown>;
    copies.add(c);
    return c;
  };
  const root = copy(data);
  for (const [path, value] of replacements) {
    let at = root;
    for (const step of path.slice(0, -1)) {
      let child = at[step];
      if (typeof child !== 'object' || child === null) break;
      if (!copies.has(child)) at[step] = child = copy(child);
      at = child as Record<string | number, unknown>;
    }
    at[path[path.length - 1]!] = value;
  }
  return root;
}

/**
 * The paths (dot-joined, array indexes as numbers) at which `data` holds its subject's erased value.
 * An erased placeholder may fail the field's schema (a phone pattern): decoding accepts an event
 * whose only failures are there (EventRegistry.decode).
 */
export function erasedPlaceholderPaths(specs: readonly PersonalFieldSpec[], data: unknown): Set<string> {
  const out = new Set<string>();
  for (const slot of personalSlots(specs, data)) {
    if (slot.subject !== null && slot.value === erasedValue(slot.kind, slot.subject)) out.add(slot.path.join('.'));
  }
  return out;
}

/** Whether two dot paths overlap: equal, or one leads into the other. */
function overlaps(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
}

/**
 * The fields a reduced read (readTypeFieldsUpTo) must ask for so that the personal values among
 * `requested` can be opened: the requested ones, plus, for each spec whose values they touch, the
 * subject and the values themselves whole (or the whole `each` array). Null: nothing personal is asked.
 */
export function fieldsToOpen(specs: readonly PersonalFieldSpec[], requested: readonly string[]): string[] | null {
  const extra = new Set<string>();
  for (const spec of specs) {
    if (spec.each !== undefined) {
      if (requested.some((r) => overlaps(r, spec.each!))) extra.add(spec.each);
      continue;
    }
    const touched = Object.keys(spec.fields).filter((f) => requested.some((r) => overlaps(r, f)));
    if (touched.length === 0) continue;
    extra.add(spec.subject);
    for (const f of touched) extra.add(f);
  }
  if (extra.size === 0) return null;
  // A requested path inside a sealed value (`address.postcode` of a sealed `address`) is then read from the opened value.
  // Any path inside another one asked for is left out: the outer one brings it.
  const all = [...new Set([...requested, ...extra])];
  return all.filter((p) => !all.some((q) => p.startsWith(`${q}.`)));
}
