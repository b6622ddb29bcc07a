import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_SECONDARY_PRIZE_IMAGES, pseudonymousEntrantId, type PrizeFields } from '@roar/domain';
import type { CommandContext } from '@roar/platform';
import { seedPaidMember } from '../src/members/admin/test-members';
import { adminFetch, signInStaff } from '../src/admin/test-staff';
import { closeEntries, drawWinner, loadPrize, redrawWinner, runPrizeCommand, scheduleDraw, verifyDraw } from '../src/draws/lifecycle';
import { readDrawSecret } from '../src/draws/secrets';
import { startTestApi, type TestApi } from './setup';

/**
 * Closing a draw stores the keys of its frozen list in list order in draw.entrant_lists; drawing and redrawing
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
  const originalFields = store.readTypeFieldsUpTo.bind(store);
  let reads = 0;
  store.readTypesUpTo = (...args) => {
    reads += 1;
    return original(...args);
  };
  store.readTypeFieldsUpTo = (...args) => {
    reads += 1;
    return originalFields(...args);
  };
  try {
    return { value: await work(), reads };
  } finally {
    store.readTypesUpTo = original;
    store.readTypeFieldsUpTo = originalFields;
  }
}

describe('draw entrant identities', () => {
  it('close stores the keys of the frozen list in its order; draw and redraw read them without replaying the log; the audit verifies', async () => {
    const app = api!.ctx;
    const members = [];
    for (const n of [1, 2, 3, 4])
      members.push(
        await seedPaidMember(
          app.store,
          app.registry,
          { email: `ident${n}@example.test`, firstname: `I${n}`, lastname: 'Dent' },
          new Date(Date.now() - 86_400_000),
        ),
      );
    const prizeId = await closedDraw('identities-stored');
    const { salt } = (await readDrawSecret(app.sql, prizeId))!;
    const frozen = (await loadPrize(app.store, prizeId)).state;
    if (frozen.status === 'absent') throw new Error('no prize');
    const stored = await app.sql.query<{ entrant_keys: string; member_ids: unknown }>(
      'select entrant_keys, member_ids from draw.entrant_lists where prize_id = $1 and list_hash = $2',
      [prizeId, frozen.draw.listHash],
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.member_ids).toBeNull(); // members only: each key names its member
    const keys = stored.rows[0]!.entrant_keys.split('\n');
    // The keys in the list's order: line i is the key whose pseudonymous id is entrant i.
    expect(keys.map((k) => pseudonymousEntrantId(k, salt))).toEqual(frozen.draw.entrants.map((e) => e.entrantId));
    for (const m of members) expect(keys).toContain(`member:${m.memberId}`);
    const rows = { rows: keys.map((k) => ({ entrant_id: pseudonymousEntrantId(k, salt), member_ids: [k.slice('member:'.length)] })) };

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

    // The staff export names each entrant's member, found by position in the stored keys.
    await app.projections.waitFor(await app.store.headPosition(), 10_000);
    const { admin } = await signInStaff(api!);
    const csv = await (await adminFetch(api!, `/exports/entrants.csv?prize_id=${encodeURIComponent(prizeId)}`, { token: admin.token })).text();
    const [, ...lines] = csv.trim().split('\r\n');
    expect(lines).toHaveLength(frozen.draw.entrants.length);
    for (const line of lines) {
      const [position, entrantId, , , , memberIds] = line.split(',');
      expect(entrantId).toBe(frozen.draw.entrants[Number(position) - 1]!.entrantId);
      expect(pseudonymousEntrantId(`member:${memberIds}`, salt)).toBe(entrantId);
    }
    for (const n of [1, 2, 3, 4]) expect(csv).toContain(`ident${n}@example.test`);
  }, 60_000);

  it('a draw without rows (closed before the table) replays the log and draws a listed member', async () => {
    const app = api!.ctx;
    const prizeId = await closedDraw('identities-replay');
    await app.sql.query('delete from draw.entrant_lists where prize_id = $1', [prizeId]);
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
      `update draw.entrant_lists set entrant_keys = (select string_agg('member:someone-else', E'\\n') from unnest(string_to_array(entrant_keys, E'\\n'))) where prize_id = $1`,
      [prizeId],
    );
    await expect(drawWinner(app, prizeId, staff())).rejects.toThrow('could not be matched');
    const state = (await loadPrize(app.store, prizeId)).state;
    if (state.status === 'absent') throw new Error('no prize');
    expect(state.draw.status).toBe('closed');
  }, 60_000);
});
