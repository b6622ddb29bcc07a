import type { EventRegistry } from '../eventstore/registry';
import {
  InvalidEventError,
  payloadFields,
  type AppendResult,
  type EventFields,
  type EventStore,
  type ExpectedRevision,
  type FieldsPage,
  type NewEvent,
  type Position,
  type RecordedEvent,
  type SubscribeOptions,
  type SubscriptionHandle,
} from '../eventstore/types';
import { openValue, sealValue } from './cipher';
import { fieldsToOpen, personalSlots, withValuesAt, type PersonalSlot } from './fields';
import type { MemberKeyState, PersonalDataKeyStore } from './key-store';
import { erasedValue, isSealedValue, type PersonalFieldSpec } from './spec';

type Replacement = readonly [readonly (string | number)[], unknown];

/** The personal specs of a type, or null when it has none. */
function specsOf(registry: EventRegistry, type: string): readonly PersonalFieldSpec[] | null {
  const personal = registry.definitionOf(type)?.personal;
  return personal && personal.length > 0 ? personal : null;
}

/**
 * Seals the personal values of events about to be stored: each with its subject's key (made on the
 * first seal), or the kind's erased value when the subject is erased. Events without personal
 * values come back as they were; the others as copies (the originals are never changed).
 */
export async function sealEvents<E extends { readonly type: string; readonly data: unknown }>(
  events: readonly E[],
  registry: EventRegistry,
  keys: PersonalDataKeyStore,
  options: { readonly skipSealed?: boolean } = {},
): Promise<E[]> {
  const found: { index: number; slots: PersonalSlot[] }[] = [];
  const subjects = new Set<string>();
  events.forEach((event, index) => {
    const specs = specsOf(registry, event.type);
    if (!specs) return;
    let slots = personalSlots(specs, event.data);
    if (options.skipSealed) slots = slots.filter((s) => !isSealedValue(s.value));
    if (slots.length === 0) return;
    for (const slot of slots) {
      if (slot.subject === null)
        throw new InvalidEventError(event.type, [
          `${slot.path.join('.')}: a personal field needs the member it belongs to, and this event names none`,
        ]);
      subjects.add(slot.subject);
    }
    found.push({ index, slots });
  });
  if (found.length === 0) return [...events];
  const keyOf = await keys.keysForSealing(subjects);
  const out = [...events];
  for (const { index, slots } of found) {
    const replacements: Replacement[] = slots.map((slot) => {
      const key = keyOf.get(slot.subject!)!;
      return [slot.path, key === 'erased' ? erasedValue(slot.kind, slot.subject!) : sealValue(key, slot.subject!, slot.value)];
    });
    const event = events[index]!;
    out[index] = { ...event, data: withValuesAt(event.data, replacements) };
  }
  return out;
}

interface Located<T> {
  readonly item: T;
  readonly type: string;
  readonly id: string;
  readonly slots: PersonalSlot[];
}

/**
 * Opens the personal values of stored events (or reduced payloads): one key look-up for the whole
 * page (and a second, past the cache, only for sealed values whose member had no key when it was
 * cached). An erased member's values read as the kind's erased value, sealed or not; a value that
 * does not open (another member's ciphertext, a damaged one) reads as erased too, and is logged.
 */
async function openItems<T>(
  items: readonly T[],
  describe: (item: T) => { type: string; id: string; data: unknown },
  rebuild: (item: T, data: unknown) => T,
  registry: EventRegistry,
  keys: PersonalDataKeyStore,
): Promise<T[]> {
  const found: Located<T>[] = [];
  const subjects = new Set<string>();
  for (const item of items) {
    const { type, id, data } = describe(item);
    const specs = specsOf(registry, type);
    if (!specs) continue;
    const slots = personalSlots(specs, data);
    if (slots.length === 0) continue;
    for (const slot of slots) if (slot.subject !== null) subjects.add(slot.subject);
    found.push({ item, type, id, slots });
  }
  if (found.length === 0) return [...items];
  const keyOf: Map<string, MemberKeyState> = subjects.size > 0 ? await keys.keysForOpening(subjects) : new Map();
  // A member cached as keyless may have sealed since, in another process: ask the database again.
  const recheck = new Set<string>();
  for (const { slots } of found)
    for (const slot of slots) if (slot.subject !== null && isSealedValue(slot.value) && keyOf.get(slot.subject) === 'none') recheck.add(slot.subject);
  if (recheck.size > 0) for (const [id, state] of await keys.keysForOpening(recheck, { fresh: true })) keyOf.set(id, state);

  const opened = new Map<T, T>();
  for (const { item, type, id, slots } of found) {
    const replacements: Replacement[] = [];
    for (const slot of slots) {
      const next = openSlot(slot, slot.subject === null ? 'none' : keyOf.get(slot.subject)!, keys, type, id);
      if (next !== slot.value) replacements.push([slot.path, next]);
    }
    if (replacements.length > 0) opened.set(item, rebuild(item, withValuesAt(describe(item).data, replacements)));
  }
  return items.map((item) => opened.get(item) ?? item);
}

function openSlot(slot: PersonalSlot, key: MemberKeyState, keys: PersonalDataKeyStore, type: string, id: string): unknown {
  const subject = slot.subject ?? 'unknown';
  if (key === 'erased') return erasedValue(slot.kind, subject);
  if (!isSealedValue(slot.value)) return slot.value;
  if (key === 'none') {
    keys.logger?.error(
      { eventType: type, eventId: id, path: slot.path.join('.'), memberId: slot.subject },
      'personal data: sealed value with no member key; read as erased',
    );
    return erasedValue(slot.kind, subject);
  }
  try {
    return openValue(key, subject, slot.value);
  } catch {
    keys.logger?.warn(
      { eventType: type, eventId: id, path: slot.path.join('.'), memberId: slot.subject },
      "personal data: a sealed value does not open with its member's key (copied from another member's event, or damaged); read as erased",
    );
    return erasedValue(slot.kind, subject);
  }
}

/** Opens the personal values of stored events (see openItems); events without any come back as they are. */
export function openEvents<E extends RecordedEvent>(events: readonly E[], registry: EventRegistry, keys: PersonalDataKeyStore): Promise<E[]> {
  return openItems(
    events,
    (e) => ({ type: e.type, id: e.id, data: e.data }),
    (e, data) => ({ ...e, data }),
    registry,
    keys,
  );
}

/**
 * The one encryption path for personal fields (issue 24): wraps a store so that every append seals
 * the personal values its events' definitions declare (registry `personal`) and every read opens
 * them, erased members' values reading as erased. Wire as
 * `validatingStore(protectingStore(base, registry, keys), registry)`: validation sees plain values on
 * append, decoding sees opened ones on read. Whatever must see the stored bytes (the transparency
 * sealer, `npm run audit:log`) reads the base store.
 */
export function protectingStore(inner: EventStore, registry: EventRegistry, keys: PersonalDataKeyStore): EventStore {
  // Opened events by the stored event object: the store's shared tail hands the same objects to
  // every subscription, so each page is opened once, not once per projector. Dropped whenever an
  // erasure is heard of.
  let openedCache = new WeakMap<RecordedEvent, RecordedEvent>();
  let cacheGeneration = keys.generation;

  async function open(events: readonly RecordedEvent[]): Promise<RecordedEvent[]> {
    if (events.length === 0) return [];
    if (cacheGeneration !== keys.generation) {
      openedCache = new WeakMap();
      cacheGeneration = keys.generation;
    }
    const cache = openedCache;
    const generation = keys.generation;
    const pending = events.filter((e) => !cache.has(e));
    if (pending.length === 0) return events.map((e) => cache.get(e)!);
    const opened = await openEvents(pending, registry, keys);
    const byStored = new Map(pending.map((e, i) => [e, opened[i]!]));
    // Only what was opened with no erasure heard meanwhile is kept.
    if (keys.generation === generation) for (const [stored, o] of byStored) cache.set(stored, o);
    return events.map((e) => byStored.get(e) ?? cache.get(e)!);
  }

  async function openFields(page: FieldsPage): Promise<FieldsPage> {
    return {
      ...page,
      events: await openItems(page.events, fieldsItem, (e, data) => ({ ...e, data: data as Record<string, unknown> }), registry, keys),
    };
  }

  return {
    name: inner.name,
    async append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
      return inner.append(streamId, await sealEvents(events, registry, keys), expected);
    },
    readStream: async (streamId: string, fromRevision?: bigint) => open(await inner.readStream(streamId, fromRevision)),
    readAll: async (after: Position, maxCount: number) => open(await inner.readAll(after, maxCount)),
    async readTypesUpTo(after, until, types, maxCount) {
      const page = await inner.readTypesUpTo(after, until, types, maxCount);
      return { ...page, events: await open(page.events) };
    },
    async readTypeFieldsUpTo(after, until, fields, maxCount) {
      // Personal values asked for need their subject (and the whole sealed value) to open: ask for
      // those too, open, and hand back exactly the fields asked for.
      let widened: Record<string, readonly string[]> | null = null;
      for (const [type, wanted] of Object.entries(fields)) {
        const specs = specsOf(registry, type);
        const wider = specs ? fieldsToOpen(specs, wanted) : null;
        if (wider) (widened ??= { ...fields })[type] = wider;
      }
      if (!widened) return inner.readTypeFieldsUpTo(after, until, fields, maxCount);
      const page = await openFields(await inner.readTypeFieldsUpTo(after, until, widened, maxCount));
      return {
        ...page,
        events: page.events.map((e) => (widened![e.type] === fields[e.type] ? e : { ...e, data: payloadFields(e.data, fields[e.type] ?? []) })),
      };
    },
    ...(inner.logCuts ? { logCuts: (until: Position, every: number) => inner.logCuts!(until, every) } : {}),
    subscribe(after: Position, onBatch: (events: RecordedEvent[]) => Promise<void>, options?: SubscribeOptions): SubscriptionHandle {
      return inner.subscribe(after, async (events) => onBatch(await open(events)), options);
    },
    headPosition: () => inner.headPosition(),
    ping: () => inner.ping(),
    close: () => inner.close(),
  };
}

function fieldsItem(e: EventFields): { type: string; id: string; data: unknown } {
  return { type: e.type, id: `(${e.type} at ${e.occurredAt})`, data: e.data };
}
