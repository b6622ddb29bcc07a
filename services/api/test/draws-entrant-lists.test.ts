import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeEntryList, pseudonymousEntrantId } from '@roar/domain';
import { createPgliteSql, type Sql } from '@roar/platform';
import { readEntrantIdentity, recordEntrantIdentities } from '../src/draws/identities';

/** The keys of a frozen list in its order: each position finds its entrant, members and teams alike; another list is kept apart. */
let sql: Sql;
beforeAll(async () => {
  sql = await createPgliteSql(null);
});
afterAll(async () => {
  await sql.close();
});

function listOf(count: number, salt: string) {
  const entrants = Array.from({ length: count }, (_, i) => {
    const key = i % 10 === 0 ? `team:t${i}` : `member:m${i}`;
    const memberIds = key.startsWith('team:') ? [`m${i}`, `m${i + 1}`] : [`m${i}`];
    return { entrantId: pseudonymousEntrantId(key, salt), key, memberIds, tickets: (i % 7) + 1 };
  });
  entrants.sort((a, b) => (a.entrantId < b.entrantId ? -1 : 1));
  return { entrants, hash: closeEntryList(entrants).hash };
}

describe('draw entrant lists', () => {
  it('finds the entrant at each position of 4,500 (teams with their members), keeps a second close’s list apart, and knows nothing of another list', async () => {
    const list = listOf(4500, 'salt');
    await recordEntrantIdentities(sql, 'p1', list.hash, list.entrants);
    for (const position of [0, 1, 1999, 2000, 4499]) {
      const expected = list.entrants[position]!;
      expect(await readEntrantIdentity(sql, 'p1', { listHash: list.hash, position, entrantId: expected.entrantId })).toEqual({
        key: expected.key,
        memberIds: expected.memberIds,
      });
    }
    // A second close of the same draw (lost a race) over a smaller list: its own row, the first untouched.
    const smaller = listOf(1000, 'salt');
    await recordEntrantIdentities(sql, 'p1', smaller.hash, smaller.entrants);
    expect(await readEntrantIdentity(sql, 'p1', { listHash: smaller.hash, position: 999, entrantId: smaller.entrants[999]!.entrantId })).toEqual({
      key: smaller.entrants[999]!.key,
      memberIds: smaller.entrants[999]!.memberIds,
    });
    expect(await readEntrantIdentity(sql, 'p1', { listHash: list.hash, position: 4499, entrantId: list.entrants[4499]!.entrantId })).toEqual({
      key: list.entrants[4499]!.key,
      memberIds: list.entrants[4499]!.memberIds,
    });
    // A list of members only stores no member ids: each is read from its key.
    const members = listOf(50, 'other-salt');
    const onlyMembers = members.entrants.filter((e) => e.key.startsWith('member:'));
    const hash = closeEntryList(onlyMembers).hash;
    await recordEntrantIdentities(sql, 'p3', hash, onlyMembers);
    const stored = await sql.query<{ member_ids: unknown }>('select member_ids from draw.entrant_lists where prize_id = $1', ['p3']);
    expect(stored.rows[0]?.member_ids).toBeNull();
    expect(await readEntrantIdentity(sql, 'p3', { listHash: hash, position: 3, entrantId: onlyMembers[3]!.entrantId })).toEqual({
      key: onlyMembers[3]!.key,
      memberIds: onlyMembers[3]!.memberIds,
    });
    // Past the end, another prize, another hash: nothing.
    expect(await readEntrantIdentity(sql, 'p1', { listHash: list.hash, position: 4500, entrantId: 'x' })).toBeNull();
    expect(await readEntrantIdentity(sql, 'p2', { listHash: list.hash, position: 0, entrantId: list.entrants[0]!.entrantId })).toBeNull();
    expect(await readEntrantIdentity(sql, 'p1', { listHash: '0'.repeat(64), position: 0, entrantId: list.entrants[0]!.entrantId })).toBeNull();
  });

  it('refuses a key holding a newline (line i would no longer be entrant i) and stores nothing of that list', async () => {
    const list = listOf(30, 'nl-salt');
    const broken = list.entrants.map((e, i) => (i === 17 ? { ...e, key: 'member:m17\nmember:m18' } : e));
    await expect(recordEntrantIdentities(sql, 'p4', list.hash, broken)).rejects.toThrow('entrant keys are one line each');
    expect((await sql.query('select 1 from draw.entrant_lists where prize_id = $1', ['p4'])).rows).toHaveLength(0);
  });
});
