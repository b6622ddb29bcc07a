import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { drawStreamId } from '@roar/domain';
import { prizesProjector, verifyProjector } from '@roar/projections';
import { seedPaidMember } from '../src/members/admin/test-members';
import { adminFetch, signInStaff, switchOffFourEyes, type StaffLogin, type StaffRoleName } from '../src/admin/test-staff';
import { DrandBeacon, verifyDrandSignature } from '../src/draws/beacon';
import { verifyDraw } from '../src/draws/lifecycle';
import { FAKE_DRAND_PERIOD, flipHex, QUICKNET, ROUND_123, startFakeDrand, type FakeDrand } from '../src/draws/test-drand';
import { startTestApi, type TestApi } from './setup';

type Json = Record<string, unknown>;

let fake: FakeDrand;
let api: TestApi | null;
let staff: Record<StaffRoleName, StaffLogin>;

beforeAll(async () => {
  fake = await startFakeDrand();
  api = await startTestApi({
    database: 'pglite',
    env: { DRAW_RANDOMNESS: 'drand', DRAND_URL: fake.url, DRAND_CHAIN_HASH: QUICKNET.hash, DRAND_TIMEOUT_MS: '400' },
  });
  if (!api) throw new Error('the test API did not start');
  staff = await signInStaff(api);
  // These draws are run by one staff user, as a club with four-eyes switched off runs them (four-eyes.test.ts covers approvals).
  await switchOffFourEyes(api, staff);
  for (const n of [1, 2, 3]) {
    await seedPaidMember(
      api.ctx.store,
      api.ctx.registry,
      { email: `b${n}@example.test`, firstname: `B${n}`, lastname: 'Beacon' },
      new Date(Date.now() - 86_400_000),
    );
  }
  await api.infra.projections.waitFor(await api.ctx.store.headPosition(), 10_000);
}, 90_000);

afterAll(async () => {
  await api?.close();
  await fake?.close();
});

async function post(path: string, body: unknown = {}): Promise<{ status: number; body: Json }> {
  const r = await adminFetch(api!, path, { method: 'POST', token: staff.admin.token, body: JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as Json };
}

/** A prize closing at `end`, scheduled (committing to round 123) and closed. */
async function closedPrize(slug: string, end: Date): Promise<string> {
  const created = await post('/prizes', { title: `Beacon ${slug}`, slug, prize_end_date: end.toISOString(), prize_value: 50, reason: 'test' });
  expect(created.status).toBe(201);
  fake.aimRound123At(end);
  expect((await post(`/prizes/${created.body.id}/schedule`)).status).toBe(200);
  expect((await post(`/prizes/${created.body.id}/close`)).status).toBe(200);
  return created.body.id as string;
}

async function get(path: string): Promise<Json> {
  const r = await adminFetch(api!, path, { token: staff.auditor.token });
  expect(r.status).toBe(200);
  return (await r.json()) as Json;
}

const errorBody = z.object({ errors: z.array(z.object({ message: z.string() })).min(1) });
const message = (body: Json) => {
  const parsed = errorBody.safeParse(body);
  return parsed.success ? parsed.data.errors[0]!.message : '';
};

describe('draws with the drand beacon (DRAW_RANDOMNESS=drand)', () => {
  it('the real quicknet vector verifies, and the same signature claimed for another round does not', () => {
    const schedule = { name: 'drand:52db9ba7', round: 123, publicKey: QUICKNET.public_key, scheme: QUICKNET.schemeID };
    expect(createHash('sha256').update(Buffer.from(ROUND_123.signature, 'hex')).digest('hex')).toBe(ROUND_123.randomness);
    expect(verifyDrandSignature(schedule, { round: 123, signature: ROUND_123.signature, previousSignature: null })).toBeNull();
    expect(verifyDrandSignature(schedule, { round: 124, signature: ROUND_123.signature, previousSignature: null })).toBe(
      'the BLS signature does not verify against the chain public key',
    );
    expect(
      verifyDrandSignature({ ...schedule, scheme: 'pedersen-bls-chained' }, { round: 123, signature: ROUND_123.signature, previousSignature: null }),
    ).toMatch(/not supported/);
  });

  it('schedule commits to a round after the close; the draw is refused before its time, then draws it and the audit verifies offline', async () => {
    const end = new Date(Date.now() + 1500);
    const id = await closedPrize('beacon-happy', end);
    const scheduled = (await api!.ctx.store.readStream(drawStreamId(id))).find((e) => e.type === 'DrawScheduled')!.data as Json;
    expect(scheduled.method).toBe('beacon');
    expect(scheduled.beacon).toMatchObject({
      round: 123,
      url: fake.url,
      chainHash: QUICKNET.hash,
      publicKey: QUICKNET.public_key,
      scheme: QUICKNET.schemeID,
      period: FAKE_DRAND_PERIOD,
    });
    const roundTime = (fake.genesis + 122 * FAKE_DRAND_PERIOD) * 1000;
    expect(roundTime).toBeGreaterThan(end.getTime());
    // The staff record (the console's Draw tab) names the chain and the round the draw is committed to.
    const beforeDraw = await get(`/prizes/${id}`);
    expect(beforeDraw).toMatchObject({
      draw_method: 'beacon',
      draw_status: 'closed',
      commitment: expect.stringMatching(/^[0-9a-f]{64}$/),
      beacon_name: 'drand:52db9ba7',
      beacon_url: fake.url,
      beacon_chain_hash: QUICKNET.hash,
      beacon_scheme: QUICKNET.schemeID,
      beacon_public_key: QUICKNET.public_key,
      beacon_round: 123,
      beacon_round_at: new Date(roundTime).toISOString(),
      beacon_signature: null,
      beacon_previous_signature: null,
      randomness: null,
    });

    const early = await post(`/prizes/${id}/draw`);
    expect(early.status).toBe(409);
    expect(message(early.body)).toBe(`The draw waits for drand round 123, published at ${new Date(roundTime).toISOString()}.`);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, roundTime - Date.now()) + 50));
    const drawn = await post(`/prizes/${id}/draw`);
    expect(drawn.status).toBe(200);
    const revealed = (await api!.ctx.store.readStream(drawStreamId(id))).find((e) => e.type === 'RandomnessRevealed')!.data as Json;
    expect(revealed.randomness).toBe(ROUND_123.randomness);
    expect(revealed.beacon).toEqual({ round: 123, signature: ROUND_123.signature, previousSignature: null });
    // After the draw: the round's signature and its randomness, in the draw's answer and on a fresh read.
    const afterDraw = {
      beacon_chain_hash: QUICKNET.hash,
      beacon_round: 123,
      beacon_signature: ROUND_123.signature,
      beacon_previous_signature: null,
      randomness: ROUND_123.randomness,
    };
    expect(drawn.body).toMatchObject({ draw_status: 'drawn', ...afterDraw });
    expect(await get(`/prizes/${id}`)).toMatchObject(afterDraw);
    const replay = await verifyProjector({ sql: api!.ctx.sql, store: api!.ctx.store, projector: prizesProjector, logger: api!.ctx.logger });
    expect(replay.differenceCount).toBe(0);

    // The audit reads the log only: the fake beacon going silent changes nothing.
    fake.mode = 'hang';
    const before = fake.rounds;
    const report = await verifyDraw(api!.ctx.store, id);
    fake.mode = 'ok';
    expect(fake.rounds).toBe(before);
    expect(report.lines).toContain("Round 123's signature verifies against the chain's public key (bls-unchained-g1-rfc9380)");
    expect(report.lines.at(-1)).toBe('VERIFIED');
    expect(report.verified).toBe(true);

    // A signature changed in the log is caught by the same offline audit.
    await api!.ctx.sql.query(
      `update es.events set data = jsonb_set(data, '{beacon,signature}', to_jsonb($1::text)) where event_type = 'RandomnessRevealed' and stream_id = $2`,
      [flipHex(ROUND_123.signature), drawStreamId(id)],
    );
    const tampered = await verifyDraw(api!.ctx.store, id);
    expect(tampered.verified).toBe(false);
    expect(tampered.lines).toContain("DIFFERS: the revealed randomness is not the SHA-256 of round 123's signature");
  }, 30_000);

  it('refuses a round whose randomness is not the SHA-256 of its signature, and records nothing', async () => {
    const id = await closedPrize('beacon-wrong', new Date(Date.now() - 5000));
    fake.mode = 'wrong-randomness';
    const refused = await post(`/prizes/${id}/draw`);
    fake.mode = 'ok';
    expect(refused.status).toBe(409);
    expect(message(refused.body)).toBe('drand round 123 was refused: its randomness is not the SHA-256 of its signature.');
    expect((await api!.ctx.store.readStream(drawStreamId(id))).map((e) => e.type)).not.toContain('RandomnessRevealed');
    expect((await post(`/prizes/${id}/draw`)).status).toBe(200);
  }, 30_000);

  it('a beacon that does not answer gives staff a clear 503 within the timeout, not a hang', async () => {
    const id = await closedPrize('beacon-silent', new Date(Date.now() - 5000));
    fake.mode = 'hang';
    const started = Date.now();
    const refused = await post(`/prizes/${id}/draw`);
    fake.mode = 'ok';
    expect(Date.now() - started).toBeLessThan(5000);
    expect(refused.status).toBe(503);
    expect(message(refused.body)).toBe('The drand beacon did not answer round 123 within 400 ms: try again shortly.');
    expect((await api!.ctx.store.readStream(drawStreamId(id))).map((e) => e.type)).not.toContain('WinnerDrawn');
  }, 30_000);

  it('refuses a chain other than the configured one at schedule time', async () => {
    const beacon = new DrandBeacon({ url: fake.url, chainHash: 'ab'.repeat(32), timeoutMs: 400 });
    // The fake serves only the quicknet hash: any other chain is unknown there.
    await expect(beacon.scheduleAfter(new Date())).rejects.toThrow('The drand beacon answered the chain info with HTTP 404.');
  });
});
