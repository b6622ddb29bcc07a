import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_SECONDARY_PRIZE_IMAGES, pseudonymousEntrantId, type PrizeFields } from '@roar/domain';
import type { CommandContext } from '@roar/platform';
import { seedPaidMember } from '../src/admin/test-members';
import { closeEntries, drawWinner, loadPrize, redrawWinner, runPrizeCommand, scheduleDraw, verifyDraw } from '../src/draws/lifecycle';
import { readDrawSecret } from '../src/draws/secrets';
import { startTestApi, type TestApi } from './setup';

/**
 * Closing a draw stores entrant id -> identity in draw.entrant_identity_pages; drawing and redrawing
 * read the drawn row there instead of replaying the log, and fall back to the replay for a draw
 * that has no rows (closed before the table existed). The audit stays an independent replay.
 */
let api: TestApi | null;

beforeAll(async () => {
  api = await startTestApi({ database: 'pglite' });
}, 60_000);
afterAll(async () => {
  await api?.close();
});

const fields = (slug: string): PrizeFields => ({
  title: `Identities ${slug}`,
  slug,
  description: '<p>Test.</p>',
  hero_image: null,
  ...NO_SECONDARY_PRIZE_IMAGES,
  prize_type_id: 'normal',
  event_date: null,
  event_participants: null,
  prize_end_date: new Date(Date.now() + 3_600_000).toISOString(),
  prize_value: 100,
  prize_value_currency: 'AUD',
});
const staff = (): CommandContext => ({ actor: { type: 'system', id: 'test' }, correlationId: randomUUID(), occurredAt: new Date(), reason: 'test' });

async function closedDraw(slug: string): Promise<string> {
  const app = api!.ctx;
  const prizeId = randomUUID();
  await runPrizeCommand(app, prizeId, { type: 'CreatePrize', prizeId, fields: fields(slug) }, staff());
  await scheduleDraw(app, prizeId, staff());
  await closeEntries(app, prizeId, staff());
  return prizeId;
}

/** Counts the typed log reads (the eligibility replay) made while `work` runs. */
async function logReads<T>(work: () => Promise<T>): Promise<{ value: T; reads: number }> {
  const store = api!.ctx.store;
  const original = store.readTypesUpTo.bind(store);
  let reads = 0;
  store.readTypesUpTo = (...args) => {
    reads += 1;
    return original(...args);
  };
  try {
    return { value: await work(), reads };
  } finally {
    store.readTypesUpTo = original;
  }
}

describe('draw entrant identities', () => {
  it('close stores every entrant in id-sorted pages; draw and redraw read them without replaying the log; the audit verifies', async () => {
    const app = api!.ctx;
    const members = [];
    for (const n of [1, 2, 3, 4]) members.push(await seedPaidMember(app.store, app.registry, { email: `ident${n}@example.test`, firstname: `I${n}`, lastname: 'Dent' }, new Date(Date.now() - 86_400_000)));
    const prizeId = await closedDraw('identities-stored');
    const { salt } = (await readDrawSecret(app.sql, prizeId))!;
    const rows = await app.sql.query<{ entrant_id: string; entrant_key: string; member_ids: string[] }>(
      `select u.entrant_id, u.entrant_key, p.member_ids -> (u.n - 1)::int as member_ids
       from draw.entrant_identity_pages p, unnest(p.entrant_ids, p.entrant_keys) with ordinality as u(entrant_id, entrant_key, n)
       where p.prize_id = $1`,
      [prizeId],
    );
    const frozen = (await loadPrize(app.store, prizeId)).state;
    if (frozen.status === 'absent') throw new Error('no prize');
    expect(rows.rows.map((r) => r.entrant_id).sort()).toEqual(frozen.draw.entrants.map((e) => e.entrantId).sort());
    for (const m of members) {
      const row = rows.rows.find((r) => r.entrant_key === `member:${m.memberId}`);
      expect(row?.entrant_id).toBe(pseudonymousEntrantId(`member:${m.memberId}`, salt));
      expect(row?.member_ids).toEqual([m.memberId]);
    }

    const drawn = await logReads(() => drawWinner(app, prizeId, staff()));
    expect(drawn.reads).toBe(0);
    const first = (await loadPrize(app.store, prizeId)).state;
    if (first.status === 'absent') throw new Error('no prize');
    const winner = first.draw.winners[0]!;
    expect(winner.memberIds).toEqual([rows.rows.find((r) => r.entrant_id === winner.entrantId)!.member_ids[0]]);

    const redrawn = await logReads(() => redrawWinner(app, prizeId, 'Could not be reached', staff()));
    expect(redrawn.reads).toBe(0);
    const second = (await loadPrize(app.store, prizeId)).state;
    if (second.status === 'absent') throw new Error('no prize');
    expect(second.draw.winners).toHaveLength(2);
    expect(second.draw.winners[1]!.entrantId).not.toBe(winner.entrantId);
    expect((await verifyDraw(app.store, prizeId)).verified).toBe(true);
  }, 60_000);

  it('a draw without rows (closed before the table) replays the log and draws a listed member', async () => {
    const app = api!.ctx;
    const prizeId = await closedDraw('identities-replay');
    await app.sql.query('delete from draw.entrant_identity_pages where prize_id = $1', [prizeId]);
    const drawn = await logReads(() => drawWinner(app, prizeId, staff()));
    expect(drawn.reads).toBeGreaterThan(0);
    const state = (await loadPrize(app.store, prizeId)).state;
    if (state.status === 'absent') throw new Error('no prize');
    const winner = state.draw.winners[0]!;
    expect(winner.memberIds).toHaveLength(1);
    const { salt } = (await readDrawSecret(app.sql, prizeId))!;
    expect(pseudonymousEntrantId(`member:${winner.memberIds[0]}`, salt)).toBe(winner.entrantId);
    expect((await verifyDraw(app.store, prizeId)).verified).toBe(true);
  }, 60_000);

  it('a row naming the wrong member is refused by the decider, not drawn', async () => {
    const app = api!.ctx;
    const prizeId = await closedDraw('identities-tampered');
    await app.sql.query(
      `update draw.entrant_identity_pages set entrant_keys = array_fill('member:someone-else'::text, array[cardinality(entrant_keys)]),
         member_ids = (select jsonb_agg('["someone-else"]'::jsonb) from jsonb_array_elements(member_ids)) where prize_id = $1`,
      [prizeId],
    );
    await expect(drawWinner(app, prizeId, staff())).rejects.toThrow('could not be matched');
    const state = (await loadPrize(app.store, prizeId)).state;
    if (state.status === 'absent') throw new Error('no prize');
    expect(state.draw.status).toBe('closed');
  }, 60_000);
});
