import { emailReservationStreamId, legacyEmailReservationStreamId, type EmailReservationKey } from '@roar/domain';
import { ident, isSealedValue, openValue, type Logger, type PersonalDataKeyStore, type Sql } from '@roar/platform';

/** What one run of rekeyEmailReservations found and did. */
export interface RekeyReport {
  /** `email-<sha256>` streams renamed to their keyed name. */
  readonly renamed: number;
  /** Streams already under their keyed name (a second run finds only these). */
  readonly alreadyKeyed: number;
  /** Old streams left as they are because the sealed log already covers their events: renaming would contradict a signed tree head. */
  readonly sealedInLog: readonly string[];
  /** Old streams left as they are because the keyed name is taken (the address reserved again after the upgrade, before this ran). */
  readonly conflicts: readonly string[];
  /** Streams whose address this step cannot read (sealed and no keys given, or its member erased) or that match neither name: left as they are. */
  readonly unreadable: readonly string[];
}

const RESERVATION_STREAM = '^email-[0-9a-f]{64}$';
/** One run at a time, whichever process starts first (the api and the projector start together). */
const REKEY_LOCK = 7321024;
const BATCH = 500;

/**
 * One-time step of the personal-data migration (issue 24): the email reservation streams were
 * named `email-<sha256 of the address>`, which anyone holding a list of addresses can match; they
 * are now named by an HMAC of the address under EMAIL_RESERVATION_KEY (emailReservationStreamId).
 * This renames every old stream of the PostgreSQL event store (es.streams and es.events, and the
 * stream id the event-log read models copied) to its keyed name, in batches, each in one transaction.
 *
 * - Idempotent: a stream already under its keyed name is left alone; a second run renames nothing.
 * - Run it at start-up before the api serves (a sign-up in between would reserve the address again
 *   under the keyed name: that stream is reported as a conflict and both are left for staff to see).
 *   It reads the address to compute both names: give it the members' keys (`options.keys`, the
 *   api's personalData) so an address `migratePlainPersonalData` already sealed is opened; without
 *   them, run it before that migration (a sealed address is then reported as unreadable).
 * - Before the first tree head: the sealed log hashes the stream id, so a stream whose events a
 *   leaf already covers is never renamed (reported in `sealedInLog`, logged).
 * - On EventStoreDB streams cannot be renamed: copy each old stream's events to the keyed name and
 *   delete the old stream (docs/email-reservation-keys.md). Without the `es` schema this does nothing.
 */
export interface RekeyOptions {
  readonly logger?: Logger;
  /** The members' keys, to read an address already sealed (migratePlainPersonalData ran first, or the stream is new). */
  readonly keys?: Pick<PersonalDataKeyStore, 'keysForOpening'>;
}

export async function rekeyEmailReservations(sql: Sql, key: EmailReservationKey, options: RekeyOptions = {}): Promise<RekeyReport> {
  const { logger, keys } = options;
  const report = { renamed: 0, alreadyKeyed: 0, sealedInLog: [] as string[], conflicts: [] as string[], unreadable: [] as string[] };
  const exists = await sql.query<{ es: string | null; leaves: string | null }>(
    "select to_regclass('es.events')::text as es, to_regclass('transparency.leaves')::text as leaves",
  );
  if (!exists.rows[0]?.es) return report;
  const sealedLog = Boolean(exists.rows[0].leaves);
  const rows = await sql.query<{ stream_id: string; email: unknown; member_id: unknown }>(
    `select stream_id, data->'email' as email, data->'memberId' as member_id from es.events
      where stream_position = 0 and stream_id ~ '${RESERVATION_STREAM}' order by stream_id`,
  );
  const sealedOf = rows.rows.filter((r) => isSealedValue(r.email) && typeof r.member_id === 'string').map((r) => r.member_id as string);
  const memberKeys = keys && sealedOf.length > 0 ? await keys.keysForOpening(sealedOf) : new Map<string, unknown>();
  const renames: { from: string; to: string }[] = [];
  for (const row of rows.rows) {
    const stream = row.stream_id;
    let email = row.email;
    if (isSealedValue(email)) {
      const memberKey = typeof row.member_id === 'string' ? memberKeys.get(row.member_id) : undefined;
      try {
        email = Buffer.isBuffer(memberKey) ? openValue(memberKey, row.member_id as string, email) : null;
      } catch {
        email = null;
      }
    }
    if (typeof email !== 'string' || isSealedValue(email)) {
      report.unreadable.push(stream);
      continue;
    }
    const keyed = emailReservationStreamId(email, key);
    if (stream === keyed) report.alreadyKeyed += 1;
    else if (stream === legacyEmailReservationStreamId(email)) renames.push({ from: stream, to: keyed });
    else report.unreadable.push(stream);
  }
  const logTables = await eventLogTables(sql);
  for (let i = 0; i < renames.length; i += BATCH) {
    const batch = renames.slice(i, i + BATCH);
    const done = await sql.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [REKEY_LOCK]);
      const from = batch.map((r) => r.from);
      const sealed = sealedLog
        ? new Set(
            (
              await tx.query<{ stream_id: string }>('select distinct stream_id from transparency.leaves where stream_id = any($1::text[])', [from])
            ).rows.map((r) => r.stream_id),
          )
        : new Set<string>();
      const taken = new Set(
        (
          await tx.query<{ stream_id: string }>('select stream_id from es.streams where stream_id = any($1::text[])', [batch.map((r) => r.to)])
        ).rows.map((r) => r.stream_id),
      );
      // Another process may have renamed some since they were read: only streams still under the old name move.
      const present = new Set(
        (await tx.query<{ stream_id: string }>('select stream_id from es.streams where stream_id = any($1::text[])', [from])).rows.map(
          (r) => r.stream_id,
        ),
      );
      const move = batch.filter((r) => present.has(r.from) && !sealed.has(r.from) && !taken.has(r.to));
      if (move.length > 0) {
        const params = [move.map((r) => r.from), move.map((r) => r.to)];
        await tx.query('update es.streams s set stream_id = m.t from unnest($1::text[], $2::text[]) as m(f, t) where s.stream_id = m.f', params);
        await tx.query('update es.events e set stream_id = m.t from unnest($1::text[], $2::text[]) as m(f, t) where e.stream_id = m.f', params);
        for (const table of logTables) {
          await tx.query(`update ${table} l set stream_id = m.t from unnest($1::text[], $2::text[]) as m(f, t) where l.stream_id = m.f`, params);
        }
      }
      return {
        moved: move.length,
        alreadyMoved: batch.filter((r) => !present.has(r.from)).length,
        sealed: batch.filter((r) => present.has(r.from) && sealed.has(r.from)).map((r) => r.from),
        conflicts: batch.filter((r) => present.has(r.from) && !sealed.has(r.from) && taken.has(r.to)).map((r) => r.from),
      };
    });
    report.renamed += done.moved;
    report.alreadyKeyed += done.alreadyMoved;
    report.sealedInLog.push(...done.sealed);
    report.conflicts.push(...done.conflicts);
  }
  if (report.sealedInLog.length > 0) {
    logger?.error(
      { streams: report.sealedInLog.length },
      'email reservations: streams already in the sealed log keep their unkeyed names (renaming would contradict a signed tree head)',
    );
  }
  if (report.conflicts.length > 0) {
    logger?.error(
      { streams: report.conflicts },
      'email reservations: an address was reserved again under its keyed name before the rename; both kept',
    );
  }
  if (report.unreadable.length > 0)
    logger?.warn({ streams: report.unreadable.length }, 'email reservations: streams whose address this step cannot read');
  if (report.renamed > 0) logger?.info({ renamed: report.renamed }, 'email reservations: streams renamed to their keyed names');
  return report;
}

/** The event-log read model tables (every schema: live and rebuilt ones), which copy each event's stream id. */
async function eventLogTables(sql: Sql): Promise<string[]> {
  const r = await sql.query<{ table_schema: string }>(
    `select table_schema from information_schema.columns
      where table_name = 'event_log' and column_name = 'stream_id' and table_schema ~ '^[a-z_][a-z0-9_]{0,62}$' order by table_schema`,
  );
  return r.rows.map((row) => `${ident(row.table_schema)}.${ident('event_log')}`);
}
