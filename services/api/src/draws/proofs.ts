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
  entryTree,
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
import { prizeEvents } from './lifecycle';
import { readDrawSecret } from './secrets';

type DataOf<T extends PrizeEvent['type']> = Extract<PrizeEvent, { type: T }>['data'];

/** The draw's stream as the close recorded it: the committed list's entrants in order and the close. */
function closedList(events: readonly PrizeEvent[]): { entrants: FrozenEntrant[]; closed: DataOf<'EntriesClosed'> | null } {
  const entrants: FrozenEntrant[] = [];
  let closed: DataOf<'EntriesClosed'> | null = null;
  for (const e of events) {
    if (e.type === 'EntryListRecorded') for (const entrant of parseEntryLines(e.data.lines) ?? []) entrants.push(entrant);
    if (e.type === 'EntriesClosed') closed = e.data;
  }
  return { entrants, closed };
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
  const events = await prizeEvents(app.store, row.prize.id);
  const { entrants, closed } = closedList(events);
  let scheduled: DataOf<'DrawScheduled'> | null = null;
  let revealed: DataOf<'RandomnessRevealed'> | null = null;
  const drawn: Array<DataOf<'WinnerDrawn'>> = [];
  for (const e of events) {
    if (e.type === 'DrawScheduled') scheduled = e.data;
    if (e.type === 'RandomnessRevealed') revealed = e.data;
    if (e.type === 'WinnerDrawn') drawn.push(e.data);
  }
  const tree = closed?.entryRoot && drawn.length > 0 ? entryTree(entrants) : null;
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
      const index = entrants.findIndex((e) => e.entrantId === w.entrantId);
      const leaf =
        tree && index >= 0
          ? {
              index,
              entrant_id: w.entrantId,
              first_ticket: tree.firstTickets[index]!,
              tickets: entrants[index]!.tickets,
              proof: hex(tree.tree.inclusionProof(index)),
            }
          : null;
      return { k: w.k, ticket: w.ticket, entrant_id: w.entrantId, leaf };
    }),
    leaf_encoding: ENTRY_LEAF_ENCODING,
  };
  return { data, events: events.length };
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
    const { entrants, closed } = closedList(await prizeEvents(app.store, row.prize.id));
    if (!closed) throw new HttpError(409, ENTRY_PROOF_TEXT.notClosed, 'CONFLICT');
    if (!closed.entryRoot) throw new HttpError(409, ENTRY_PROOF_TEXT.noTree, 'CONFLICT');
    // The member's entrant ids under the draw's salt: their own key, and their team's in a team draw.
    const [secret, team] = await Promise.all([readDrawSecret(app.sql, row.prize.id), findTeamOfMember(app.sql, memberId)]);
    const mine = new Set<string>();
    if (secret) {
      const idOf = pseudonymousEntrantIds(secret.salt);
      mine.add(idOf(`member:${memberId}`));
      if (team) mine.add(idOf(`team:${team.id}`));
    }
    const { tree, firstTickets } = entryTree(entrants);
    const entries: EntryProof[] = [];
    entrants.forEach((e, index) => {
      if (!mine.has(e.entrantId)) return;
      entries.push({
        index,
        entrant_id: e.entrantId,
        first_ticket: firstTickets[index]!,
        tickets: e.tickets,
        proof: hex(tree.inclusionProof(index)),
      });
    });
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
