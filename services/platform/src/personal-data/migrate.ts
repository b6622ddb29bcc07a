import type { Sql } from '../db/sql';
import type { EventRegistry } from '../eventstore/registry';
import type { Logger } from '../logger';
import { releaseSealerLock, trySealerLock } from '../transparency/sealer';
import { discardUnsignedTree, migrateTransparency, treeHeadSigned } from '../transparency/tree-store';
import { sealValue } from './cipher';
import { personalSlots, withValuesAt, type PersonalSlot } from './fields';
import { migratePersonalDataKeys, type PersonalDataKeyStore } from './key-store';
import { erasedValue, isSealedValue } from './spec';

/** Serialises the re-write across processes starting together. */
const MIGRATION_LOCK = 7321021;

export interface PlainMigrationReport {
  /**
   * `done`: plain values were found and sealed (or none were found) and the types are recorded;
   * `skipped`: every personal type was already recorded; `refused`: tree heads are signed over
   * events that still hold plain personal data, which were left as they are.
   */
  readonly status: 'done' | 'skipped' | 'refused';
  /** The event types looked at (those whose personal spec was not recorded yet). */
  readonly types: readonly string[];
  readonly eventsScanned: number;
  readonly eventsRewritten: number;
  readonly valuesSealed: number;
  /** Plain values whose event names no member to seal them for: left as they are (logged). */
  readonly valuesWithoutSubject: number;
  /** The first event found still plain when the re-write was refused. */
  readonly firstPlain?: { readonly globalPosition: string; readonly streamId: string; readonly type: string };
}

export interface PlainMigrationOptions {
  readonly sql: Sql;
  readonly registry: EventRegistry;
  readonly keys: PersonalDataKeyStore;
  readonly logger: Logger;
  /** Events read and updated per transaction. */
  readonly batchSize?: number;
  /** How long to wait for a sealer running in another process to let go of its lock. */
  readonly sealerLockWaitMs?: number;
}

/** A plain personal value: neither sealed nor its member's erased placeholder. */
function isPlain(slot: PersonalSlot): boolean {
  if (isSealedValue(slot.value)) return false;
  return slot.subject === null || slot.value !== erasedValue(slot.kind, slot.subject);
}

interface Row {
  global_position: string;
  stream_id: string;
  event_type: string;
  data: unknown;
}

/**
 * The one-time re-write of personal data stored in plain before the one encryption path (issue 24),
 * on the PostgreSQL-table event store: every stored event of a type with a personal spec whose
 * personal values are still plain gets them sealed in place (UPDATE of its data, in batches of
 * short transactions, so readers are never held back), an erased member's values becoming the
 * erased values. Idempotent: sealed values are skipped, and each type is recorded with its spec
 * once done, so a later start reads nothing (a type whose spec changes is looked at again).
 *
 * Only before the first tree head is signed: a head commits to the stored bytes, and a re-write
 * would contradict it. Once a head exists, plain values found are left as they are, the types are
 * not recorded, and the refusal is logged. A sealed but unsigned tree is discarded after a
 * re-write, so the sealer seals the log again from the new bytes. Run at start-up before the sealer
 * starts (it holds the sealer's lock meanwhile), or by `npm run migrate:personal-data`.
 */
export async function migratePlainPersonalData(options: PlainMigrationOptions): Promise<PlainMigrationReport> {
  const { sql, registry, keys, logger } = options;
  const batchSize = options.batchSize ?? 500;
  const specOf = new Map<string, string>();
  for (const type of registry.types()) {
    const personal = registry.definitionOf(type)?.personal;
    if (personal && personal.length > 0) specOf.set(type, JSON.stringify(personal));
  }
  const empty = (status: PlainMigrationReport['status'], types: readonly string[] = []): PlainMigrationReport => ({
    status,
    types,
    eventsScanned: 0,
    eventsRewritten: 0,
    valuesSealed: 0,
    valuesWithoutSubject: 0,
  });
  await migratePersonalDataKeys(sql);
  const pendingTypes = async (q: Sql): Promise<string[]> => {
    if (specOf.size === 0) return [];
    const r = await q.query<{ event_type: string; spec: string }>('select event_type, spec from personal_data.plain_migration');
    const recorded = new Map(r.rows.map((row) => [row.event_type, row.spec]));
    return [...specOf].filter(([type, spec]) => recorded.get(type) !== spec).map(([type]) => type);
  };
  // The usual start: nothing to do, one small read.
  if ((await pendingTypes(sql)).length === 0) return empty('skipped');
  const hasEventTable = await sql.query<{ ok: boolean }>(`select to_regclass('es.events') is not null as ok`);
  if (!hasEventTable.rows[0]?.ok) return empty('skipped');
  await migrateTransparency(sql);

  return sql.session(async (s) => {
    if (s.kind === 'pg') await s.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    let sealerLocked = false;
    try {
      const types = await pendingTypes(s);
      if (types.length === 0) return empty('skipped');
      // The sealer must not seal (nor sign over) bytes this is about to change.
      const deadline = Date.now() + (options.sealerLockWaitMs ?? 30_000);
      while (!(sealerLocked = await trySealerLock(s))) {
        if (Date.now() > deadline)
          throw new Error(
            'personal data migration: the transparency sealer runs in another process; stop it (or start this one first) and try again',
          );
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const signed = await treeHeadSigned(s);
      const report = await rewrite(s, types, signed);
      if (report.status === 'refused') {
        const first = report.firstPlain!;
        logger.error(
          { types, firstPlain: first },
          `personal data migration refused: tree heads are signed over events that still hold plain personal data (first: global position ${first.globalPosition}, stream ${first.streamId}, ${first.type}); ` +
            'they are left as they are, since a signed tree head must never be contradicted (docs/personal-data.md)',
        );
        return report;
      }
      if (report.eventsRewritten > 0 && !signed && (await discardUnsignedTree(s)))
        logger.info('personal data migration: the unsigned sealed tree was discarded; the sealer seals the log again from the new bytes');
      await s.query(
        `insert into personal_data.plain_migration (event_type, spec) select t, sp from unnest($1::text[], $2::text[]) as u(t, sp)
         on conflict (event_type) do update set spec = excluded.spec, migrated_at = now()`,
        [types, types.map((t) => specOf.get(t)!)],
      );
      if (report.eventsRewritten > 0 || report.valuesWithoutSubject > 0)
        logger.info(
          { ...report },
          `personal data migration: ${report.valuesSealed} plain values sealed in ${report.eventsRewritten} of ${report.eventsScanned} events`,
        );
      return report;
    } finally {
      if (sealerLocked) await releaseSealerLock(s).catch(() => undefined);
      if (s.kind === 'pg') await s.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    }
  });

  async function rewrite(s: Sql, types: readonly string[], signed: boolean): Promise<PlainMigrationReport> {
    let after = '0';
    let eventsScanned = 0;
    let eventsRewritten = 0;
    let valuesSealed = 0;
    let valuesWithoutSubject = 0;
    for (;;) {
      const page = await s.query<Row>(
        `select e.global_position::text as global_position, e.stream_id, e.event_type, e.data from es.events e
         where e.event_type = any($1::text[]) and e.global_position > $2::bigint order by e.global_position limit $3`,
        [types, after, batchSize],
      );
      if (page.rows.length === 0) break;
      after = page.rows[page.rows.length - 1]!.global_position;
      eventsScanned += page.rows.length;
      const found: { row: Row; slots: PersonalSlot[] }[] = [];
      for (const row of page.rows) {
        const slots = personalSlots(registry.definitionOf(row.event_type)!.personal!, row.data).filter(isPlain);
        if (slots.length > 0) found.push({ row, slots });
      }
      if (found.length === 0) continue;
      if (signed) {
        const { row } = found[0]!;
        return {
          status: 'refused',
          types,
          eventsScanned,
          eventsRewritten: 0,
          valuesSealed: 0,
          valuesWithoutSubject: 0,
          firstPlain: { globalPosition: row.global_position, streamId: row.stream_id, type: row.event_type },
        };
      }
      const subjects = new Set(found.flatMap(({ slots }) => slots.flatMap((slot) => (slot.subject === null ? [] : [slot.subject]))));
      const keyOf = await keys.keysForSealing(subjects);
      const positions: string[] = [];
      const payloads: string[] = [];
      for (const { row, slots } of found) {
        const replacements: [readonly (string | number)[], unknown][] = [];
        for (const slot of slots) {
          if (slot.subject === null) {
            valuesWithoutSubject += 1;
            logger.warn(
              { globalPosition: row.global_position, streamId: row.stream_id, eventType: row.event_type, path: slot.path.join('.') },
              'personal data migration: a plain personal value names no member to seal it for; left as it is',
            );
            continue;
          }
          const key = keyOf.get(slot.subject)!;
          replacements.push([slot.path, key === 'erased' ? erasedValue(slot.kind, slot.subject) : sealValue(key, slot.subject, slot.value)]);
        }
        if (replacements.length === 0) continue;
        valuesSealed += replacements.length;
        positions.push(row.global_position);
        payloads.push(JSON.stringify(withValuesAt(row.data, replacements)));
      }
      if (positions.length === 0) continue;
      await s.query(`update es.events e set data = u.d::jsonb from unnest($1::bigint[], $2::text[]) as u(gp, d) where e.global_position = u.gp`, [
        positions,
        payloads,
      ]);
      eventsRewritten += positions.length;
    }
    return { status: 'done', types, eventsScanned, eventsRewritten, valuesSealed, valuesWithoutSubject };
  }
}
