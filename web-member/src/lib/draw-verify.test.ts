import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { checkDraw, drawSeed, entryIsCommitted, ticketFor, verifyDrandRound, type VerifiableDraw } from './draw-verify';

/** The server's formulas (services/domain/src/draw/select.ts) written with node:crypto, to hold the browser's to them. */
function serverSeed(listHash: string, randomness: Buffer, drawId: string): string {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(randomness.byteLength);
  return createHash('sha256').update(Buffer.from(listHash, 'hex')).update(length).update(randomness).update(drawId, 'utf8').digest('hex');
}
function serverTicket(seed: string, k: number, total: number): number {
  const bits = total <= 1 ? 0 : (total - 1).toString(2).length;
  const index = Buffer.alloc(8);
  index.writeBigUInt64BE(BigInt(k));
  for (let attempt = 0; ; attempt++) {
    const hash = createHash('sha256').update(Buffer.from(seed, 'hex')).update(index);
    if (attempt > 0) {
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(attempt);
      hash.update(counter);
    }
    const candidate = hash.digest().readBigUInt64BE(0) >> BigInt(64 - bits);
    if (candidate < BigInt(total)) return Number(candidate);
  }
}
const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();

describe('draw-verify (issue 24, the browser side)', () => {
  it('recomputes the seed and tickets exactly as the server does', async () => {
    const randomness = Buffer.alloc(32, 7);
    const listHash = 'ab'.repeat(32);
    const seed = await drawSeed(listHash, randomness, 'prize-1');
    expect(seed).toBe(serverSeed(listHash, randomness, 'prize-1'));
    for (const total of [1, 2, 3, 7, 73, 1000, 2 ** 33 + 5])
      for (let k = 0; k < 5; k++) expect(await ticketFor(seed, k, total)).toBe(serverTicket(seed, k, total));
  });

  it('checks an inclusion proof of a two-leaf list, and refuses a changed ticket count', async () => {
    const leaves = ['0\taaa\t3\n', '3\tbbb\t2\n'].map((t) => sha(Buffer.from([0]), Buffer.from(t)));
    const root = sha(Buffer.from([1]), leaves[0]!, leaves[1]!).toString('hex');
    const entry = { index: 1, entrant_id: 'bbb', first_ticket: 3, tickets: 2, proof: [leaves[0]!.toString('hex')] };
    expect(await entryIsCommitted(entry, 2, root)).toBe(true);
    expect(await entryIsCommitted({ ...entry, tickets: 3 }, 2, root)).toBe(false);
    expect(await entryIsCommitted({ ...entry, index: 0 }, 2, root)).toBe(false);
  });

  it('says VERIFIED for an honest commit-reveal draw and names a winning ticket that was changed', async () => {
    const secret = Buffer.alloc(32, 9);
    const leaves = ['0\taaa\t3\n', '3\tbbb\t2\n'].map((t) => sha(Buffer.from([0]), Buffer.from(t)));
    const root = sha(Buffer.from([1]), leaves[0]!, leaves[1]!).toString('hex');
    const listHash = 'cd'.repeat(32);
    const seed = serverSeed(listHash, secret, 'p1');
    const ticket = serverTicket(seed, 0, 5);
    const index = ticket < 3 ? 0 : 1;
    const leaf = {
      index,
      entrant_id: index === 0 ? 'aaa' : 'bbb',
      first_ticket: index === 0 ? 0 : 3,
      tickets: index === 0 ? 3 : 2,
      proof: [leaves[1 - index]!.toString('hex')],
    };
    const draw: VerifiableDraw = {
      prize_id: 'p1',
      method: 'commit-reveal',
      commitment: sha(secret).toString('hex'),
      beacon: null,
      closed: { list_hash: listHash, entry_root: root, entry_count: 2, total_tickets: 5 },
      revealed: { randomness: secret.toString('hex'), seed, round: null },
      winners: [{ k: 0, ticket, entrant_id: leaf.entrant_id, leaf }],
    };
    const honest = await checkDraw(draw);
    expect(honest.lines.filter((l) => !l.ok)).toEqual([]);
    expect(honest.verified).toBe(true);
    const forged = await checkDraw({ ...draw, winners: [{ ...draw.winners[0]!, ticket: (ticket + 1) % 5 }] });
    expect(forged.verified).toBe(false);
    expect(forged.lines.map((l) => l.text)).toContain(`Ticket k=0 recomputes to ${ticket}, the draw says ${(ticket + 1) % 5}.`);
  });

  it("checks a real drand quicknet round's BLS signature (League of Entropy round 123) and refuses another round's", async () => {
    // From services/api/src/draws/test-drand.ts: api.drand.sh quicknet chain info and /public/123.
    const publicKey =
      '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a';
    const signature = 'b75c69d0b72a5d906e854e808ba7e2accb1542ac355ae486d591aa9d43765482e26cd02df835d3546d23c4b13e0dfc92';
    expect(await verifyDrandRound(publicKey, 123, signature)).toBe(true);
    expect(await verifyDrandRound(publicKey, 124, signature)).toBe(false);
  });
});
