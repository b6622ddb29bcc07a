import { z } from 'zod';
import { unstorablePaths } from './storable-payload';
import type { PersonalFieldSpec } from '../personal-data/spec';
import { erasedPlaceholderPaths } from '../personal-data/fields';
import {
  InvalidEventError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type RecordedEvent,
  type SubscribeOptions,
  type SubscriptionHandle,
} from './types';

export const actorSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('member'), id: z.string().min(1) }).strict(),
  z.object({ type: z.literal('staff'), id: z.string().min(1), role: z.string().optional() }).strict(),
  z.object({ type: z.literal('system'), id: z.string().min(1) }).strict(),
]);

export const metadataSchema = z
  .object({
    correlationId: z.string().min(1),
    causationId: z.string().min(1).nullable(),
    actor: actorSchema,
    occurredAt: z.iso.datetime({ offset: true }),
    schemaVersion: z.number().int().positive(),
    reason: z.string().min(1).max(1000).optional(),
    /** Four-eyes: the approval this command was carried out under, with who asked and who approved. */
    approval: z
      .object({ approvalId: z.string().min(1).max(200), requestedBy: z.string().min(1).max(200), approvedBy: z.string().min(1).max(200) })
      .strict()
      .optional(),
  })
  .strict();

/**
 * One event type: its current schema and version, and how to lift older versions to it.
 * `upcasters[n]` turns a version-n payload into a version-(n+1) payload.
 */
export interface EventDefinition<Type extends string = string, Schema extends z.ZodType = z.ZodType> {
  readonly type: Type;
  readonly schemaVersion: number;
  readonly schema: Schema;
  readonly upcasters?: Readonly<Record<number, (old: unknown) => unknown>>;
  /** Personal fields (issue 24): sealed per member on append, opened on read (personal-data/spec.ts). */
  readonly personal?: readonly PersonalFieldSpec[];
}

export function defineEvent<Type extends string, Schema extends z.ZodType>(
  type: Type,
  schema: Schema,
  options: {
    schemaVersion?: number;
    upcasters?: Record<number, (old: unknown) => unknown>;
    personal?: PersonalFieldSpec | readonly PersonalFieldSpec[];
  } = {},
): EventDefinition<Type, Schema> {
  const personal =
    options.personal === undefined ? undefined : Array.isArray(options.personal) ? options.personal : [options.personal as PersonalFieldSpec];
  return { type, schema, schemaVersion: options.schemaVersion ?? 1, upcasters: options.upcasters, personal };
}

function issuesOf(error: z.ZodError): string[] {
  return error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
}

export class EventRegistry {
  private readonly definitions = new Map<string, EventDefinition>();
  /** New events already checked, by object (events are immutable values): the store's check and the handler's fold share one parse. */
  private readonly validated = new WeakMap<NewEvent, NewEvent>();

  register(...definitions: readonly EventDefinition[]): this {
    for (const d of definitions) {
      const existing = this.definitions.get(d.type);
      if (existing && existing !== d) throw new Error(`event type ${d.type} registered twice`);
      this.definitions.set(d.type, d);
    }
    return this;
  }

  has(type: string): boolean {
    return this.definitions.has(type);
  }

  /** Current schema version of a type; new events are written at this version. */
  versionOf(type: string): number {
    const def = this.definitions.get(type);
    if (!def) throw new Error(`event type ${type} is not registered`);
    return def.schemaVersion;
  }

  types(): string[] {
    return [...this.definitions.keys()].sort();
  }

  /** The registered definition of a type (its current schema), or undefined. */
  definitionOf(type: string): EventDefinition | undefined {
    return this.definitions.get(type);
  }

  /** Refuses an event before it reaches the store: unknown type, bad payload or bad envelope. */
  validateNew(event: NewEvent): NewEvent {
    const seen = this.validated.get(event);
    if (seen) return seen;
    const def = this.definitions.get(event.type);
    if (!def) throw new InvalidEventError(event.type, ['event type is not registered']);
    const meta = metadataSchema.safeParse(event.metadata);
    if (!meta.success)
      throw new InvalidEventError(
        event.type,
        issuesOf(meta.error).map((m) => `metadata.${m}`),
      );
    if (meta.data.schemaVersion !== def.schemaVersion) {
      throw new InvalidEventError(event.type, [`metadata.schemaVersion must be ${def.schemaVersion}`]);
    }
    const data = def.schema.safeParse(event.data);
    if (!data.success) throw new InvalidEventError(event.type, issuesOf(data.error));
    const unstorable = [...unstorablePaths(data.data), ...unstorablePaths(meta.data).map((p) => `metadata.${p}`)];
    if (unstorable.length > 0)
      throw new InvalidEventError(
        event.type,
        unstorable.map((p) => `${p}: text must not contain NUL characters or unpaired surrogates`),
      );
    const checked: NewEvent = { ...event, data: data.data, metadata: meta.data as EventMetadata };
    this.validated.set(event, checked);
    this.validated.set(checked, checked);
    return checked;
  }

  /** Upcasts an old payload to the current version and checks it. Unknown types pass through. */
  decode<E extends RecordedEvent>(event: E): E {
    const def = this.definitions.get(event.type);
    if (!def) return event;
    let data = event.data;
    let version = event.metadata.schemaVersion;
    while (version < def.schemaVersion) {
      const up = def.upcasters?.[version];
      if (!up) throw new InvalidEventError(event.type, [`no upcaster from version ${version}`]);
      data = up(data);
      version += 1;
    }
    const parsed = def.schema.safeParse(data);
    if (!parsed.success) {
      // An erased member's placeholder ("Erased member" where a phone pattern is asked for) fails
      // the field's schema: an event whose only failures are such placeholders is read as it is
      // stored (upcast, unparsed), so replays and projections still apply it.
      const erased = def.personal ? erasedPlaceholderPaths(def.personal, data) : null;
      if (erased && erased.size > 0 && parsed.error.issues.every((i) => erased.has(i.path.join('.'))))
        return { ...event, data, metadata: { ...event.metadata, schemaVersion: version } };
      throw new InvalidEventError(event.type, issuesOf(parsed.error));
    }
    return { ...event, data: parsed.data, metadata: { ...event.metadata, schemaVersion: version } };
  }
}

/** Wraps a store so that every append is validated and every read is upcast and checked. */
export function validatingStore(inner: EventStore, registry: EventRegistry): EventStore {
  return {
    name: inner.name,
    append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
      let checked: NewEvent[];
      try {
        checked = events.map((e) => registry.validateNew(e));
      } catch (error) {
        return Promise.reject(error);
      }
      return inner.append(streamId, checked, expected);
    },
    async readStream(streamId: string, fromRevision?: bigint) {
      return (await inner.readStream(streamId, fromRevision)).map((e) => registry.decode(e));
    },
    // Global reads hand events over as stored: projectors decode per event so that one odd
    // event is skipped and logged instead of stopping the daemon.
    readAll: (after: Position, maxCount: number) => inner.readAll(after, maxCount),
    readTypesUpTo: (after: Position, until: Position, types: readonly string[], maxCount: number) =>
      inner.readTypesUpTo(after, until, types, maxCount),
    readTypeFieldsUpTo: (after: Position, until: Position, fields: Readonly<Record<string, readonly string[]>>, maxCount: number) =>
      inner.readTypeFieldsUpTo(after, until, fields, maxCount),
    ...(inner.logCuts ? { logCuts: (until: Position, every: number) => inner.logCuts!(until, every) } : {}),
    subscribe: (after: Position, onBatch: (events: RecordedEvent[]) => Promise<void>, options?: SubscribeOptions): SubscriptionHandle =>
      inner.subscribe(after, onBatch, options),
    headPosition: () => inner.headPosition(),
    ping: () => inner.ping(),
    close: () => inner.close(),
  };
}
