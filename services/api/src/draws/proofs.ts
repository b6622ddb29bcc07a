import { Router } from 'express';
import { z } from 'zod';
import {
  ENTRY_PROOF_TEXT,
  entryProofAnswerSchema,
  publicDrawVerificationAnswerSchema,
  type EntryProof,
  type PublicDrawVerification,
} from '@roar/contracts/draw-proofs';
import {
  drawStreamId,
  ENTRY_LEAF_ENCODING,
  EntryTree,
  parseEntryLines,
  pseudonymousEntrantIds,
  type FrozenEntrant,
  type PrizeEvent,
} from '@roar/domain';
import { findTeamOfMember, getPrize } from '@roar/projections';
import type { AppContext } from '../context';
import { memberOf, requireMember } from '../auth/member';
import { HttpError } from '../http/errors';
import { documentRoute } from '../http/openapi';
import { readDrawSecret } from './secrets';

type DataOf<T extends PrizeEvent['type']> = Extract<PrizeEvent, { type: T }>['data'];

/**
 * What the proofs read of a draw's stream, kept per prize and extended with only the events
 * written since (the list pages are read and parsed once, not on every request), and the entry
 * tree built once per committed list (keyed by its list hash) with every level kept: a proof is
 * then a few lookups, not a rebuild of the tree of the whole list (review finding, issue 25).
 */
interface DrawRecord {
  /** Events of the stream folded in so far. */
  seen: number;
  entrants: FrozenEntrant[];
  closed: DataOf<'EntriesClosed'> | null;
  scheduled: DataOf<'DrawScheduled'> | null;
  revealed: DataOf<'RandomnessRevealed'> | null;
  drawn: Array<DataOf<'WinnerDrawn'>>;
  tree: { listHash: string; tree: EntryTree; index: Map<string, number> } | null;
}

/** Draws kept per store (the most recently asked for): a 100,000-entrant list with its tree is about 20 MB. */
const RECORDS_KEPT = 8;
/** Per event store (tests run several apps in one process): each prize's record, and its refresh in flight. */
const recordsOf = new WeakMap<object, { records: Map<string, DrawRecord>; refreshing: Map<string, Promise<DrawRecord>> }>();

function fold(record: DrawRecord, events: readonly PrizeEvent[]): void {
  for (const e of events) {
    if (e.type === 'EntryListRecorded') for (const entrant of parseEntryLines(e.data.lines) ?? []) record.entrants.push(entrant);
    if (e.type === 'EntriesClosed') record.closed = e.data;
    if (e.type === 'DrawScheduled') record.scheduled = e.data;
    if (e.type === 'RandomnessRevealed') record.revealed = e.data;
    if (e.type === 'WinnerDrawn') record.drawn.push(e.data);
  }
  record.seen += events.length;
}

/**
 * The draw's stream as recorded so far: the committed list's entrants in order, the close, the
 * reveal and the winners. Refreshes of one prize run one after another (each reads what was
 * written before it started), so two requests never fold the same events twice.
 */
export function drawRecord(app: AppContext, prizeId: string): Promise<DrawRecord> {
  let kept = recordsOf.get(app.store);
  if (!kept) recordsOf.set(app.store, (kept = { records: new Map(), refreshing: new Map() }));
  const { records, refreshing } = kept;
  const refresh = async (): Promise<DrawRecord> => {
    let record = records.get(prizeId);
    if (record) records.delete(prizeId);
    record ??= { seen: 0, entrants: [], closed: null, scheduled: null, revealed: null, drawn: [], tree: null };
    try {
      const fresh = await app.store.readStream(drawStreamId(prizeId), BigInt(record.seen));
      fold(
        record,
        fresh.map((e) => ({ type: e.type, data: e.data }) as PrizeEvent),
      );
    } finally {
      records.set(prizeId, record);
      while (records.size > RECORDS_KEPT) records.delete(records.keys().next().value!);
    }
    return record;
  };
  const next = (refreshing.get(prizeId) ?? Promise.resolve(null)).catch(() => null).then(refresh);
  refreshing.set(prizeId, next);
  void next
    .finally(() => {
      if (refreshing.get(prizeId) === next) refreshing.delete(prizeId);
    })
    .catch(() => undefined);
  return next;
}

/** The committed list's entry tree and each entrant's index, built once per list hash. */
function treeOf(record: DrawRecord): { tree: EntryTree; index: Map<string, number> } | null {
  const listHash = record.closed?.listHash;
  if (!listHash || !record.closed?.entryRoot) return null;
  if (record.tree?.listHash !== listHash) {
    const index = new Map<string, number>();
    record.entrants.forEach((e, i) => index.set(e.entrantId, i));
    record.tree = { listHash, tree: new EntryTree(record.entrants), index };
  }
  return record.tree;
}

const hex = (proof: readonly Buffer[]) => proof.map((h) => h.toString('hex'));

/** A published (or archived) prize by slug or id, else 404 in the spec's words. */
async function publishedPrize(app: AppContext, slug: string) {
  const row = await getPrize(app.sql, slug);
  if (!row || (row.prize.status !== 'published' && row.prize.status !== 'archived')) throw new HttpError(404, ENTRY_PROOF_TEXT.notFound, 'NOT_FOUND');
  return row;
}

/** What the public verify page recomputes: the draw's stream as recorded, and the winners' leaves with their proofs. */
async function verificationOf(
  app: AppContext,
  row: Awaited<ReturnType<typeof publishedPrize>>,
): Promise<{ data: PublicDrawVerification; events: number }> {
  const record = await drawRecord(app, row.prize.id);
  const { entrants, closed, scheduled, revealed, drawn } = record;
  const built = drawn.length > 0 ? treeOf(record) : null;
  const beacon = scheduled?.beacon ?? null;
  const data: PublicDrawVerification = {
    prize_id: row.prize.id,
    slug: row.prize.slug,
    title: row.prize.title,
    status: row.draw.status,
    method: scheduled?.method ?? null,
    commitment: scheduled?.commitment ?? null,
    beacon: beacon
      ? {
          name: beacon.name,
          round: beacon.round,
          chain_hash: beacon.chainHash ?? null,
          public_key: beacon.publicKey ?? null,
          scheme: beacon.scheme ?? null,
          genesis_time: beacon.genesisTime ?? null,
          period: beacon.period ?? null,
        }
      : null,
    closed: closed
      ? {
          as_of: closed.asOf,
          list_hash: closed.listHash,
          entry_root: closed.entryRoot ?? null,
          entry_count: closed.entryCount ?? closed.entrantCount,
          total_tickets: closed.totalTickets,
          tree_head: closed.treeHead ? { size: closed.treeHead.size, root_hash: closed.treeHead.rootHash } : null,
        }
      : null,
    revealed: revealed
      ? {
          randomness: revealed.randomness,
          seed: revealed.seed,
          round: revealed.beacon
            ? { round: revealed.beacon.round, signature: revealed.beacon.signature, previous_signature: revealed.beacon.previousSignature ?? null }
            : null,
        }
      : null,
    winners: drawn.map((w) => {
      const index = built?.index.get(w.entrantId);
      const leaf =
        built && index !== undefined
          ? {
              index,
              entrant_id: w.entrantId,
              first_ticket: built.tree.firstTickets[index]!,
              tickets: entrants[index]!.tickets,
              proof: hex(built.tree.inclusionProof(index)),
            }
          : null;
      return { k: w.k, ticket: w.ticket, entrant_id: w.entrantId, leaf };
    }),
    leaf_encoding: ENTRY_LEAF_ENCODING,
  };
  return { data, events: record.seen };
}

const LIVE_POLL_MS = 1000;

/**
 * Issue 24: `GET /api/my-draws/{slug}/entry-proof`, the member's entrants in the committed list with
 * an inclusion proof each, and `GET /api/draws/{slug}/verify`, everything the public verify page
 * recomputes in the browser. Both read the draw's own stream (the facts), not a read model's copy.
 */
export function createDrawProofRouter(app: AppContext): Router {
  const router = Router();

  router.get('/api/my-draws/:slug/entry-proof', requireMember(app), async (req, res) => {
    const { memberId } = memberOf(res);
    const row = await publishedPrize(app, String(req.params.slug));
    const record = await drawRecord(app, row.prize.id);
    const { entrants, closed } = record;
    if (!closed) throw new HttpError(409, ENTRY_PROOF_TEXT.notClosed, 'CONFLICT');
    const built = treeOf(record);
    if (!built) throw new HttpError(409, ENTRY_PROOF_TEXT.noTree, 'CONFLICT');
    // The member's entrant ids under the draw's salt: their own key, and their team's in a team draw.
    const [secret, team] = await Promise.all([readDrawSecret(app.sql, row.prize.id), findTeamOfMember(app.sql, memberId)]);
    const mine: string[] = [];
    if (secret) {
      const idOf = pseudonymousEntrantIds(secret.salt);
      mine.push(idOf(`member:${memberId}`));
      if (team) mine.push(idOf(`team:${team.id}`));
    }
    const entries: EntryProof[] = [];
    for (const index of mine
      .map((id) => built.index.get(id))
      .filter((i): i is number => i !== undefined)
      .sort((a, b) => a - b)) {
      const e = entrants[index]!;
      entries.push({
        index,
        entrant_id: e.entrantId,
        first_ticket: built.tree.firstTickets[index]!,
        tickets: e.tickets,
        proof: hex(built.tree.inclusionProof(index)),
      });
    }
    res.json({
      data: {
        prize_id: row.prize.id,
        slug: row.prize.slug,
        title: row.prize.title,
        list_hash: closed.listHash,
        entry_root: closed.entryRoot,
        entry_count: closed.entryCount ?? entrants.length,
        total_tickets: closed.totalTickets,
        leaf_encoding: ENTRY_LEAF_ENCODING,
        entries,
      },
    });
  });

  router.get('/api/draws/:slug/verify', async (req, res) => {
    const row = await publishedPrize(app, String(req.params.slug));
    res.json({ data: (await verificationOf(app, row)).data });
  });

  // Live: the same answer as server-sent events (`event: draw`), sent again whenever the draw's
  // stream grows (the close, the list committed, the randomness and the winner), so the page
  // updates itself while the draw happens. The stream is read once a second per open page.
  router.get('/api/draws/:slug/verify/live', async (req, res) => {
    const row = await publishedPrize(app, String(req.params.slug));
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', 'x-accel-buffering': 'no' });
    let open = true;
    req.on('close', () => (open = false));
    let seen = 0;
    let quiet = 0;
    while (open) {
      try {
        // Only the events after those already seen: nothing to read while the draw waits.
        const fresh = seen === 0 ? 1 : (await app.store.readStream(drawStreamId(row.prize.id), BigInt(seen))).length;
        if (fresh > 0) {
          const { data, events } = await verificationOf(app, (await getPrize(app.sql, row.prize.id)) ?? row);
          seen = events;
          quiet = 0;
          if (open) res.write(`event: draw\ndata: ${JSON.stringify(data)}\n\n`);
        } else if (++quiet % 15 === 0) res.write(': still here\n\n');
      } catch (err) {
        app.logger.warn({ err, prizeId: row.prize.id }, 'draw verify live: could not read the draw');
      }
      await new Promise((resolve) => setTimeout(resolve, LIVE_POLL_MS));
    }
    res.end();
  });

  return router;
}

documentRoute({
  method: 'get',
  path: '/api/my-draws/{slug}/entry-proof',
  tag: 'prizes',
  auth: 'member',
  summary: "The member's entrants in the draw's committed entry list, each with an RFC 9162 inclusion proof under the close's entry root (issue 24)",
  response: entryProofAnswerSchema,
  errors: [401, 404, 409],
});
documentRoute({
  method: 'get',
  path: '/api/draws/{slug}/verify',
  tag: 'prizes',
  summary: "Public: a draw's commitment, randomness, committed list root and size and winners, for a browser to recompute (issue 24)",
  response: publicDrawVerificationAnswerSchema,
  errors: [404],
});
documentRoute({
  method: 'get',
  path: '/api/draws/{slug}/verify/live',
  tag: 'prizes',
  summary: 'Public, server-sent events: `event: draw` with the verify answer, again whenever the draw moves on (close, list, randomness, winner)',
  response: z.string().describe('text/event-stream; each `data:` line is the JSON `data` of GET /api/draws/{slug}/verify'),
  responseType: 'text/event-stream',
  errors: [404],
});
