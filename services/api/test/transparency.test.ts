import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consistencyAnswerSchema,
  inclusionAnswerSchema,
  publicKeyAnswerSchema,
  treeHeadsAnswerSchema,
  treeHeadText,
} from '@roar/contracts/transparency';
import { insertTreeHead, signTreeHead, storedRoot, verifyConsistency, verifyInclusion } from '@roar/platform';
import { transparencyKeyOf } from '../src/transparency/key';
import { startTestApi, type TestApi } from './setup';

let api: TestApi;

beforeAll(async () => {
  api = (await startTestApi({ database: 'pglite', env: { TRANSPARENCY_HEAD_INTERVAL_MS: '100' } }))!;
  await api.infra.sealer.start();
}, 60_000);
afterAll(async () => {
  await api?.close();
});

const get = async (path: string) => {
  const res = await fetch(`${api.url}${path}`);
  return { status: res.status, body: (await res.json()) as unknown };
};
const errorOf = (body: unknown) => (body as { errors: Array<{ message: string }> }).errors[0]?.message;

describe('the sealed log over the API', () => {
  it('publishes signed tree heads that the public key verifies, with inclusion and consistency proofs', async () => {
    const events = (await api.infra.store.readAll({ commit: -1n, prepare: -1n }, 10_000)).length;
    expect(events).toBeGreaterThan(2);
    await expect
      .poll(async () => treeHeadsAnswerSchema.parse((await get('/api/transparency/tree-heads?limit=1')).body).data[0]?.tree_size, { timeout: 20_000 })
      .toBe(events);
    const heads = treeHeadsAnswerSchema.parse((await get('/api/transparency/tree-heads')).body);
    const head = heads.data[0]!;
    const key = publicKeyAnswerSchema.parse((await get('/api/transparency/public-key')).body).data;
    expect(key).toMatchObject({ algorithm: 'Ed25519', key_id: head.key_id });
    expect(head.signed_text).toBe(treeHeadText(head));
    const publicKey = createPublicKey(key.public_key_pem);
    expect(verify(null, Buffer.from(head.signed_text), publicKey, Buffer.from(head.signature, 'hex'))).toBe(true);
    expect(
      verify(
        null,
        Buffer.from(head.signed_text.replace(`\n${head.tree_size}\n`, `\n${head.tree_size + 1}\n`)),
        publicKey,
        Buffer.from(head.signature, 'hex'),
      ),
    ).toBe(false);

    const root = Buffer.from(head.root_hash, 'hex');
    const last = head.tree_size - 1;
    const inclusion = inclusionAnswerSchema.parse((await get(`/api/transparency/inclusion?position=${last}&tree_size=${head.tree_size}`)).body).data;
    const hex = (list: string[]) => list.map((h) => Buffer.from(h, 'hex'));
    expect(verifyInclusion(last, head.tree_size, Buffer.from(inclusion.leaf_hash, 'hex'), hex(inclusion.audit_path), root)).toBe(true);
    expect(verifyInclusion(0, head.tree_size, Buffer.from(inclusion.leaf_hash, 'hex'), hex(inclusion.audit_path), root)).toBe(false);

    const first = inclusionAnswerSchema.parse((await get(`/api/transparency/inclusion?position=0&tree_size=1`)).body).data;
    const consistency = consistencyAnswerSchema.parse((await get(`/api/transparency/consistency?first=1&second=${head.tree_size}`)).body).data;
    expect(verifyConsistency(1, head.tree_size, Buffer.from(first.leaf_hash, 'hex'), root, hex(consistency.proof))).toBe(true);
  });

  it('answers a size not sealed yet with 404 and a bad range with 400, in words', async () => {
    const far = await get('/api/transparency/inclusion?position=0&tree_size=999999');
    expect(far.status).toBe(404);
    expect(errorOf(far.body)).toBe('That tree size is not sealed yet.');
    const backwards = await get('/api/transparency/consistency?first=3&second=2');
    expect(backwards.status).toBe(400);
    expect(errorOf(backwards.body)).toBe('The first tree size must be at least 1 and at most the second.');
    const beyond = await get('/api/transparency/inclusion?position=5&tree_size=2');
    expect(beyond.status).toBe(400);
    expect((await get('/api/transparency/inclusion?position=x&tree_size=2')).status).toBe(400);
  });

  it('pages the tree heads newest first with next_before', async () => {
    await api.infra.sealer.stop(); // no head of its own arrives while the pages are read
    const [latest] = treeHeadsAnswerSchema.parse((await get('/api/transparency/tree-heads?limit=1')).body).data;
    const key = transparencyKeyOf(api.ctx.config);
    // More heads of the same sealed tree (the sealer signs one per interval of activity).
    for (let size = 1; size <= 4; size++) {
      await insertTreeHead(
        api.ctx.sql,
        signTreeHead(key, {
          treeSize: latest!.tree_size,
          rootHash: await storedRoot(api.ctx.sql, latest!.tree_size),
          issuedAt: new Date().toISOString(),
          drandRound: size,
        }),
      );
    }
    const all = treeHeadsAnswerSchema.parse((await get('/api/transparency/tree-heads?limit=100')).body);
    expect(all.next_before).toBeNull();
    const seen: number[] = [];
    let before: number | null = null;
    do {
      const page = treeHeadsAnswerSchema.parse((await get(`/api/transparency/tree-heads?limit=2${before ? `&before=${before}` : ''}`)).body);
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((h) => h.id));
      before = page.next_before;
    } while (before !== null);
    expect(seen).toEqual(all.data.map((h) => h.id));
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(all.data[0]!.drand_round).toBe(4);
    expect((await get('/api/transparency/tree-heads?limit=0')).status).toBe(400);
  });
});
