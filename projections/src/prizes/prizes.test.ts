import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  beaconCommitment,
  commitRandomness,
  NO_SECONDARY_PRIZE_IMAGES,
  prizeDecider,
  pseudonymousEntrantId,
  type PrizeCommand,
  type PrizeEvent,
  type PrizeFields,
} from '@roar/domain';
import { event, openBackend, silent, type Backend } from '../../test/helpers';
import { createPgliteSql } from '@roar/platform';
import { createProjectionDaemon, type ProjectionDaemon } from '../runner/daemon';
import { verifyProjector } from '../runner/verify';
import { getPrize, listDrawEntrants, listPrizes, prizesProjector } from '.';

const fields: PrizeFields = {
  title: 'Driver',
  slug: 'driver',
  description: '',
  hero_image: 'a.jpg',
  ...NO_SECONDARY_PRIZE_IMAGES,
  prize_type_id: 'bonus',
  event_date: null,
  event_participants: null,
  prize_end_date: '2026-12-01T00:00:00.000Z',
  prize_value: 1200,
  prize_value_currency: 'AUD',
};
const secret = Buffer.alloc(32, 3);
const salt = 'cd'.repeat(16);
const at = '2026-12-01T00:00:00.000Z';

/** Runs commands through the decider and appends what it decides, as the API would. */
async function run(backend: Backend, commands: PrizeCommand[], stream = 'draw-p1'): Promise<void> {
  const recorded = await backend.store.readStream(stream);
  let state = recorded.map((e) => ({ type: e.type, data: e.data }) as PrizeEvent).reduce(prizeDecider.evolve, prizeDecider.initialState);
  const out: PrizeEvent[] = [];
  for (const c of commands) {
    const decided = prizeDecider.decide(c, state);
    out.push(...decided);
    state = decided.reduce(prizeDecider.evolve, state);
  }
  await backend.store.append(
    stream,
    out.map((e) => event(e.type, e.data, at)),
    recorded.length === 0 ? 'no_stream' : recorded[recorded.length - 1]!.revision,
  );
}

describe('prizes read models on pglite', () => {
  let backend: Backend;
  let daemon: ProjectionDaemon;

  beforeAll(async () => {
    backend = await openBackend('pglite');
    daemon = createProjectionDaemon({ sql: backend.sql, store: backend.store, projectors: [prizesProjector], logger: silent });
    await daemon.start();
  });
  afterAll(async () => {
    await daemon.stop();
    await backend.close();
  });

  it('projects a prize, its draw and a frozen list over two pages with continuous ticket ranges; verify passes', async () => {
    await run(backend, [
      { type: 'CreatePrize', prizeId: 'p1', fields },
      { type: 'PublishPrize' },
      { type: 'ScheduleDraw', method: 'commit-reveal', commitment: commitRandomness(secret), beacon: null },
    ]);
    const keys = Array.from({ length: 2500 }, (_, i) => ({ key: `member:m${i}`, memberIds: [`m${i}`], tickets: (i % 3) + 1 }));
    const entrants = keys.map((k) => ({ entrantId: pseudonymousEntrantId(k.key, salt), tickets: k.tickets }));
    await run(backend, [{ type: 'CloseEntries', entrants, cutoffPosition: '1/1', asOf: at }]);
    const identities = new Map(keys.map((k) => [pseudonymousEntrantId(k.key, salt), k]));
    await run(backend, [
      { type: 'DrawWinner', randomness: secret.toString('hex'), entrantSalt: salt, identities },
      { type: 'PublishResult', display: 'A.B., VIC' },
    ]);
    expect(await daemon.waitFor(await backend.store.headPosition(), 20_000)).toBe(true);

    const row = await getPrize(backend.sql, 'driver');
    expect(row?.prize).toMatchObject({ id: 'p1', status: 'published', prize_type_id: 'bonus', prize_value: 1200 });
    expect(row?.draw).toMatchObject({
      status: 'published',
      entrant_count: 2500,
      total_tickets: 4999,
      display: 'A.B., VIC',
      next_k: expect.any(Number),
    });
    expect(row?.draw.winners).toHaveLength(1);
    expect((await listPrizes(backend.sql, { statuses: ['draft'] })).length).toBe(0);
    const lastPage = await listDrawEntrants(backend.sql, 'p1', { offset: 2498, limit: 10 });
    expect(lastPage.total).toBe(2500);
    expect(lastPage.rows).toHaveLength(2);
    const last = lastPage.rows[1]!;
    expect(last.first_ticket + last.tickets).toBe(4999);
    const boundary = await listDrawEntrants(backend.sql, 'p1', { offset: 1999, limit: 2 });
    expect(boundary.rows[1]!.first_ticket).toBe(boundary.rows[0]!.first_ticket + boundary.rows[0]!.tickets);

    const report = await verifyProjector({ sql: backend.sql, store: backend.store, projector: prizesProjector, logger: silent });
    expect(report.differenceCount).toBe(0);
  }, 60_000);
  it("keeps a beacon draw's drand chain and round, and the round's signature once drawn", async () => {
    const beacon = {
      name: 'drand:52db9ba7',
      round: 123,
      url: 'http://drand.test',
      chainHash: '52'.repeat(32),
      publicKey: '83'.repeat(96),
      scheme: 'bls-unchained-g1-rfc9380',
      genesisTime: 1_700_000_000,
      period: 3,
    };
    const signature = 'b7'.repeat(48);
    const randomness = createHash('sha256').update(Buffer.from(signature, 'hex')).digest('hex');
    const key = { key: 'member:m1', memberIds: ['m1'], tickets: 2 };
    const entrantId = pseudonymousEntrantId(key.key, salt);
    await run(
      backend,
      [
        { type: 'CreatePrize', prizeId: 'p2', fields: { ...fields, slug: 'beacon-driver' } },
        { type: 'ScheduleDraw', method: 'beacon', commitment: beaconCommitment(beacon), beacon },
      ],
      'draw-p2',
    );
    await run(backend, [{ type: 'CloseEntries', entrants: [{ entrantId, tickets: 2 }], cutoffPosition: '1/1', asOf: at }], 'draw-p2');
    expect(await daemon.waitFor(await backend.store.headPosition(), 20_000)).toBe(true);
    expect((await getPrize(backend.sql, 'p2'))?.draw).toMatchObject({ method: 'beacon', beacon, randomness: null });
    expect((await getPrize(backend.sql, 'p2'))?.draw.beacon?.signature).toBeUndefined();

    const beaconRound = { round: 123, signature, previousSignature: null };
    await run(backend, [{ type: 'DrawWinner', randomness, entrantSalt: salt, identities: new Map([[entrantId, key]]), beaconRound }], 'draw-p2');
    expect(await daemon.waitFor(await backend.store.headPosition(), 20_000)).toBe(true);
    expect((await getPrize(backend.sql, 'p2'))?.draw).toMatchObject({
      status: 'drawn',
      randomness,
      beacon: { ...beacon, signature, previousSignature: null },
    });
    expect((await verifyProjector({ sql: backend.sql, store: backend.store, projector: prizesProjector, logger: silent })).differenceCount).toBe(0);
  }, 60_000);
});

describe('the prizes read model migration', () => {
  it('replaces the version-3 pages (arrays) with pages of lines, and the view reads them as entrants with their ticket ranges', async () => {
    const sql = await createPgliteSql(null);
    try {
      await sql.exec(`create schema read;
        create table read.draw_entrant_pages (prize_id text not null, page integer not null, first_position integer not null, end_position integer not null,
          end_ticket bigint not null, entrant_ids text[] not null, tickets bigint[] not null, first_tickets bigint[] not null, primary key (prize_id, page));
        create view read.draw_entrants as select p.prize_id, u.entrant_id, p.first_position + (u.n - 1)::integer as position, u.tickets, u.first_ticket
          from read.draw_entrant_pages p cross join lateral unnest(p.entrant_ids, p.tickets, p.first_tickets) with ordinality as u(entrant_id, tickets, first_ticket, n);`);
      await sql.transaction((tx) => prizesProjector.migrate(tx, 'read'));
      await sql.transaction((tx) => prizesProjector.migrate(tx, 'read')); // again, as every start does
      await sql.query(`insert into read.draw_entrant_pages values ('p', 0, 0, 2, 0, 7, $1), ('p', 1, 2, 3, 7, 8, $2)`, ['a\t5\nb\t2\n', 'c\t1\n']);
      const rows = (
        await sql.query<{ entrant_id: string; position: number; tickets: unknown; first_ticket: unknown }>(
          'select entrant_id, position, tickets, first_ticket from read.draw_entrants where prize_id = $1 order by position',
          ['p'],
        )
      ).rows;
      expect(rows.map((r) => [r.entrant_id, r.position, Number(r.tickets), Number(r.first_ticket)])).toEqual([
        ['a', 0, 5, 0],
        ['b', 1, 2, 5],
        ['c', 2, 1, 7],
      ]);
    } finally {
      await sql.close();
    }
  });
});
