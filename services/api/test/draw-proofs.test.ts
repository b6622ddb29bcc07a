import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryLeafText, type EntryProofAnswer, type PublicDrawVerification } from '@roar/contracts/draw-proofs';
import { leafHash, verifyInclusion } from '@roar/platform';
import { seedPaidMember } from '../src/members/admin/test-members';
import { adminFetch, signInStaff, switchOffFourEyes, type StaffLogin, type StaffRoleName } from '../src/admin/test-staff';
import { issueSession, migrateMemberAuth } from '../src/auth/member';
import { startTestApi, type TestApi } from './setup';

type Json = Record<string, unknown>;
let api: TestApi | null;
let staff: Record<StaffRoleName, StaffLogin>;

beforeAll(async () => {
  api = await startTestApi({ database: 'postgres' });
  if (!api) throw new Error('PostgreSQL is not reachable');
  await migrateMemberAuth(api.ctx.sql);
  staff = await signInStaff(api);
  await switchOffFourEyes(api, staff);
}, 60_000);
afterAll(async () => {
  await api?.close();
});

const get = async (path: string, token?: string) => {
  const res = await fetch(`${api!.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as Json };
};

describe('issue 24: entry proofs and the public verification answer', () => {
  it("a member's entrants come with inclusion proofs under the close's entry root; the public answer carries the winner's leaf", async () => {
    const members = [];
    for (const n of [1, 2, 3])
      members.push(
        await seedPaidMember(
          api!.ctx.store,
          api!.ctx.registry,
          { email: `proof${n}@example.test`, firstname: `P${n}`, lastname: 'Proof' },
          new Date(Date.now() - 86_400_000),
        ),
      );
    await api!.infra.projections.waitFor(await api!.ctx.store.headPosition(), 10_000);
    const post = async (path: string, body: unknown) =>
      (await adminFetch(api!, path, { method: 'POST', token: staff.admin.token, body: JSON.stringify(body) })).json() as Promise<Json>;
    const created = await post('/prizes', {
      title: 'Prove me',
      slug: 'prove-me',
      prize_end_date: new Date(Date.now() + 3_600_000).toISOString(),
      prize_value: 100,
      status: 'published',
      reason: 'test',
    });
    const token = (await issueSession(api!.ctx, members[1]!.memberId)).access_token;
    await post(`/prizes/${created.id}/schedule`, {});
    await api!.infra.projections.waitFor(await api!.ctx.store.headPosition(), 10_000);
    expect(await get('/api/my-draws/prove-me/entry-proof', token)).toEqual({
      status: 409,
      body: { errors: [{ message: 'The entries of this draw are not closed yet.', extensions: { code: 'CONFLICT' } }] },
    });
    expect((await get('/api/my-draws/prove-me/entry-proof')).status).toBe(401);
    expect((await get('/api/my-draws/no-such-draw/entry-proof', token)).status).toBe(404);
    await post(`/prizes/${created.id}/close`, {});
    await api!.infra.projections.waitFor(await api!.ctx.store.headPosition(), 10_000);

    const proof = await get('/api/my-draws/prove-me/entry-proof', token);
    expect(proof.status).toBe(200);
    const data = proof.body.data as EntryProofAnswer;
    expect(data.entry_count).toBe(3);
    expect(data.entries).toHaveLength(1);
    const root = Buffer.from(data.entry_root, 'hex');
    for (const e of data.entries) {
      const leaf = leafHash(Buffer.from(entryLeafText(e), 'utf8'));
      expect(
        verifyInclusion(
          e.index,
          data.entry_count,
          leaf,
          e.proof.map((h) => Buffer.from(h, 'hex')),
          root,
        ),
      ).toBe(true);
      // One ticket more is not in the list.
      const forged = leafHash(Buffer.from(entryLeafText({ ...e, tickets: e.tickets + 1 }), 'utf8'));
      expect(
        verifyInclusion(
          e.index,
          data.entry_count,
          forged,
          e.proof.map((h) => Buffer.from(h, 'hex')),
          root,
        ),
      ).toBe(false);
    }

    await post(`/prizes/${created.id}/draw`, {});
    const verify = await get('/api/draws/prove-me/verify');
    expect(verify.status).toBe(200);
    const v = verify.body.data as PublicDrawVerification;
    expect(v).toMatchObject({ method: 'commit-reveal', closed: { entry_root: data.entry_root, entry_count: 3, list_hash: data.list_hash } });
    expect(v.revealed?.randomness).toMatch(/^[0-9a-f]+$/);
    expect(v.winners).toHaveLength(1);
    const w = v.winners[0]!;
    expect(w.leaf).not.toBeNull();
    expect(w.ticket).toBeGreaterThanOrEqual(w.leaf!.first_ticket);
    expect(w.ticket).toBeLessThan(w.leaf!.first_ticket + w.leaf!.tickets);
    const winnerLeaf = leafHash(Buffer.from(entryLeafText(w.leaf!), 'utf8'));
    expect(
      verifyInclusion(
        w.leaf!.index,
        3,
        winnerLeaf,
        w.leaf!.proof.map((h) => Buffer.from(h, 'hex')),
        root,
      ),
    ).toBe(true);
    expect((await get('/api/draws/no-such-draw/verify')).status).toBe(404);
  }, 120_000);
});
