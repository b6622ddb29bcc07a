import { cashbackStreamId, myDataStreamId } from '@roar/domain';
import { DomainError, erasedValue, type EventStore, type Logger, type Sql, type StoragePort } from '@roar/platform';
import type { Redis } from 'ioredis';
import type { AppContext } from '../context';
import { refuseDrawRecordsDeletion } from '../draws/retention';

/**
 * Erasure outside the event log (issue 24). The log holds ciphertext, forgotten with the member's
 * key, and the read models overwrite their copies on MemberErased (projections withErasure). What
 * remains are the tables and stores the api and the workers own; docs/personal-data.md lists them
 * all. This forgets the member in each, and is safe to run again (a retried erasure job):
 *
 * - files: the member's cashback receipts and data-export zips are deleted;
 * - invites.sent: the rows of invites the member sent (their friends' addresses) are deleted, and
 *   those addresses and the member's names leave the mail log (jobs.sent_log, jobs.failed_jobs);
 * - local_payments (the local provider, what Stripe would hold): the checkout sessions' address
 *   becomes the erased address, and webhook bodies naming it are rewritten; amounts, dates and
 *   the pseudonymous customer id stay (tax records are kept 5 years);
 * - Redis: sign-in throttle counters keyed by the address are deleted, and any queued or kept
 *   job whose data names the address or member has its data replaced (a job never to run again).
 *
 * The login (auth.member_credentials, refresh and reset tokens) is removed by the erasure itself
 * (members/erase.ts) and the mail log by the erasure job (workers scrubMailTraces). Draw records are
 * never touched: the entrant ids are pseudonymous and kept for their retention (draws/retention.ts).
 */
export interface ForgetDeps {
  readonly sql: Sql;
  readonly store: EventStore;
  readonly storage: StoragePort;
  /** Redis, when the deployment has one (throttles and BullMQ share it), with the two key prefixes. */
  readonly redis: { readonly client: Redis; readonly throttlePrefix: string; readonly queuePrefix: string } | null;
  readonly logger: Logger;
  /** The clock the draw records' retention is judged by. */
  readonly now: () => Date;
}

export interface ForgetReport {
  /** The draws the member entered: their records are kept (pseudonymous), each with the refusal to delete them. */
  readonly drawRecordsKept: readonly { readonly prizeId: string; readonly kept: string }[];
  readonly filesDeleted: number;
  readonly invitesDeleted: number;
  /** Mail log rows naming the member (subject) or a friend they invited (recipient). */
  readonly mailLogRowsScrubbed: number;
  readonly paymentRowsScrubbed: number;
  readonly redisKeysDeleted: number;
  readonly redisJobsScrubbed: number;
}

const tableExists = async (sql: Sql, name: string): Promise<boolean> =>
  (await sql.query<{ t: string | null }>('select to_regclass($1)::text as t', [name])).rows[0]?.t != null;

/** A Redis glob matching the text literally. */
const globLiteral = (text: string): string => text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);

async function memberFiles(store: EventStore, memberId: string): Promise<string[]> {
  const keys = new Set<string>();
  for (const e of await store.readStream(cashbackStreamId(memberId))) {
    const key = (e.data as { receipt?: { key?: unknown } } | null)?.receipt?.key;
    if (typeof key === 'string') keys.add(key);
  }
  for (const e of await store.readStream(myDataStreamId(memberId))) {
    const key = (e.data as { storageKey?: unknown } | null)?.storageKey;
    if (typeof key === 'string') keys.add(key);
  }
  return [...keys];
}

async function scanKeys(redis: Redis, match: string): Promise<string[]> {
  const out: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', match, 'COUNT', 1000);
    cursor = next;
    out.push(...keys);
  } while (cursor !== '0');
  return out;
}

/** The draws whose frozen lists (or older per-entrant rows) hold the member's entrant key or id. */
async function drawsEntered(sql: Sql, memberId: string): Promise<string[]> {
  const found = new Set<string>();
  if (await tableExists(sql, 'draw.entrant_lists')) {
    const r = await sql.query<{ prize_id: string }>(
      `select distinct prize_id from draw.entrant_lists
        where strpos(E'\\n' || entrant_keys || E'\\n', E'\\nmember:' || $1 || E'\\n') > 0 or coalesce(member_ids, '[]'::jsonb)::text like '%' || to_jsonb($1::text)::text || '%'`,
      [memberId],
    );
    for (const row of r.rows) found.add(row.prize_id);
  }
  if (await tableExists(sql, 'draw.entrant_identities')) {
    const r = await sql.query<{ prize_id: string }>(
      `select distinct prize_id from draw.entrant_identities where entrant_key = 'member:' || $1 or member_ids ? $1`,
      [memberId],
    );
    for (const row of r.rows) found.add(row.prize_id);
  }
  return [...found].sort();
}

/**
 * Draw records are kept for their retention, erasure or not (issue 22): for each draw the member
 * entered, the deletion is asked of refuseDrawRecordsDeletion, which refuses it; nothing of the
 * draw is deleted or rewritten. Any other answer than its refusal stops the erasure here.
 */
async function keepDrawRecords(deps: ForgetDeps, memberId: string): Promise<{ prizeId: string; kept: string }[]> {
  const app: Pick<AppContext, 'store' | 'now'> = { store: deps.store, now: deps.now };
  const kept: { prizeId: string; kept: string }[] = [];
  for (const prizeId of await drawsEntered(deps.sql, memberId)) {
    try {
      await refuseDrawRecordsDeletion(app, prizeId);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'conflict') {
        kept.push({ prizeId, kept: error.message });
        continue;
      }
      // A list without its draw stream has no records to keep (nothing to delete either).
      if (error instanceof DomainError && error.code === 'not_found') continue;
      throw error;
    }
  }
  return kept;
}

/** What stands for a forgotten address or name in the mail log (as workers' scrubMailTraces writes it). */
const ERASED_IN_MAIL_LOG = 'erased member';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The mail log beyond what the erasure job scrubs (the member's own address): the addresses of the
 * friends they invited become "erased member", and the member's names leave the subjects of the
 * emails sent to them or to those friends (rows of other people are left alone: names are not unique).
 */
async function scrubMailLog(sql: Sql, email: string | null, friends: readonly string[], names: readonly string[]): Promise<number> {
  if (!(await tableExists(sql, 'jobs.sent_log'))) return 0;
  const addresses = [...(email ? [email] : []), ...friends];
  const theirs = [...addresses, ERASED_IN_MAIL_LOG];
  const rows = await sql.query<{ idempotency_key: string; recipients: string; subject: string }>(
    `select idempotency_key, recipients, subject from jobs.sent_log
      where exists (select 1 from unnest(string_to_array(lower(recipients), ', ')) as r(a) where r.a = any($1::text[]))`,
    [theirs],
  );
  const lowered = new Set(friends);
  const patterns = names.filter((n) => n.trim().length > 1).map((n) => new RegExp(escapeRegExp(n.trim()), 'gi'));
  let scrubbed = 0;
  for (const row of rows.rows) {
    const recipients = row.recipients
      .split(', ')
      .map((r) => (lowered.has(r.trim().toLowerCase()) ? ERASED_IN_MAIL_LOG : r))
      .join(', ');
    const subject = patterns.reduce((text, pattern) => text.replace(pattern, 'Erased member'), row.subject);
    if (recipients === row.recipients && subject === row.subject) continue;
    await sql.query('update jobs.sent_log set recipients = $2, subject = $3 where idempotency_key = $1', [row.idempotency_key, recipients, subject]);
    scrubbed += 1;
  }
  if (friends.length > 0 && (await tableExists(sql, 'jobs.failed_jobs'))) {
    await sql.query(`delete from jobs.failed_jobs where exists (select 1 from unnest($1::text[]) as a(t) where strpos(lower(data::text), a.t) > 0)`, [
      friends,
    ]);
  }
  return scrubbed;
}

/**
 * Forgets one member everywhere outside the log. `address`: their email as last known; `names`:
 * their first and last name as last known (both read while their key still exists; empty when not).
 */
export async function forgetMemberOutsideTheLog(
  deps: ForgetDeps,
  memberId: string,
  address: string | null,
  names: readonly string[] = [],
): Promise<ForgetReport> {
  const { sql, logger } = deps;
  const email = address?.trim().toLowerCase() || null;
  const erasedEmail = erasedValue('email', memberId);
  const drawRecordsKept = await keepDrawRecords(deps, memberId);

  let filesDeleted = 0;
  for (const key of await memberFiles(deps.store, memberId)) {
    await deps.storage.delete(key);
    filesDeleted += 1;
  }

  let invitesDeleted = 0;
  let friends: string[] = [];
  if (await tableExists(sql, 'invites.sent')) {
    friends = (
      await sql.query<{ email: string }>('select distinct lower(email) as email from invites.sent where member_id = $1', [memberId])
    ).rows.map((r) => r.email);
    invitesDeleted = (await sql.query('delete from invites.sent where member_id = $1 returning 1 as x', [memberId])).rows.length;
  }

  let paymentRowsScrubbed = 0;
  if (await tableExists(sql, 'local_payments.sessions')) {
    paymentRowsScrubbed += (
      await sql.query('update local_payments.sessions set email = $2 where customer = $1 and email <> $2 returning 1 as x', [memberId, erasedEmail])
    ).rows.length;
  }
  if (email && (await tableExists(sql, 'local_payments.webhook_deliveries'))) {
    paymentRowsScrubbed += (
      await sql.query(`update local_payments.webhook_deliveries set body = replace(body, $1, $2) where strpos(body, $1) > 0 returning 1 as x`, [
        JSON.stringify(email).slice(1, -1),
        erasedEmail,
      ])
    ).rows.length;
  }

  const mailLogRowsScrubbed = await scrubMailLog(sql, email, friends, names);

  let redisKeysDeleted = 0;
  let redisJobsScrubbed = 0;
  if (deps.redis) {
    const { client, throttlePrefix, queuePrefix } = deps.redis;
    if (email) {
      const keys = await scanKeys(client, `${globLiteral(throttlePrefix)}:*${globLiteral(email)}*`);
      if (keys.length > 0) redisKeysDeleted = await client.del(...keys);
    }
    // BullMQ keeps a job as a hash `<prefix>:<queue>:<id>` with its data as JSON. Only the address
    // is searched: a member id is pseudonymous, and the erasure job's own data ({ memberId }) must stay.
    const needles = [...(email ? [email] : []), ...friends];
    const jobKeys = needles.length > 0 ? await scanKeys(client, `${globLiteral(queuePrefix)}:*`) : [];
    for (const key of jobKeys) {
      if ((await client.type(key)) !== 'hash') continue;
      const data = (await client.hget(key, 'data'))?.toLowerCase();
      if (!data || !needles.some((n) => data.includes(n))) continue;
      await client.hset(key, 'data', JSON.stringify({ erasedMember: true }));
      redisJobsScrubbed += 1;
    }
  }

  const report = { drawRecordsKept, filesDeleted, invitesDeleted, mailLogRowsScrubbed, paymentRowsScrubbed, redisKeysDeleted, redisJobsScrubbed };
  logger.info({ memberId, ...report }, 'member forgotten outside the log');
  return report;
}
