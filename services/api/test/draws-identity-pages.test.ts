import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pseudonymousEntrantId } from '@roar/domain';
import { createPgliteSql, type Sql } from '@roar/platform';
import { readEntrantIdentity, recordEntrantIdentities } from '../src/draws/identities';

/** Identities in id-sorted pages: every entrant is found across page boundaries, a stranger is not. */
let sql: Sql;
beforeAll(async () => {
  sql = await createPgliteSql(null);
});
afterAll(async () => {
  await sql.close();
});

describe('draw entrant identity pages', () => {
  it('finds each of 4,500 entrants (three pages), adding a second close’s pages keeps the first, and an unknown id is null', async () => {
    const entrants = Array.from({ length: 4500 }, (_, i) => {
      const key = i % 10 === 0 ? `team:t${i}` : `member:m${i}`;
      const memberIds = key.startsWith('team:') ? [`m${i}`, `m${i + 1}`] : [`m${i}`];
      return { entrantId: pseudonymousEntrantId(key, 'salt'), key, memberIds };
    });
    await recordEntrantIdentities(sql, 'p1', entrants);
    const pages = await sql.query<{ n: number; first: string; last: string }>(
      'select cardinality(entrant_ids) as n, first_entrant_id as first, last_entrant_id as last from draw.entrant_identity_pages where prize_id = $1 order by first_entrant_id',
      ['p1'],
    );
    expect(pages.rows.map((r) => Number(r.n))).toEqual([2000, 2000, 500]);
    const sorted = entrants.map((e) => e.entrantId).sort();
    for (const index of [0, 1999, 2000, 3999, 4000, 4499]) {
      const id = sorted[index]!;
      const expected = entrants.find((e) => e.entrantId === id)!;
      expect(await readEntrantIdentity(sql, 'p1', id)).toEqual({ key: expected.key, memberIds: expected.memberIds });
    }
    // A second close of the same draw (lost a race) over a smaller list: its pages overlap, nothing is lost.
    await recordEntrantIdentities(sql, 'p1', entrants.slice(0, 1000));
    const team = entrants[10]!;
    expect(await readEntrantIdentity(sql, 'p1', team.entrantId)).toEqual({ key: team.key, memberIds: team.memberIds });
    expect(await readEntrantIdentity(sql, 'p1', sorted[4499]!)).not.toBeNull();
    expect(await readEntrantIdentity(sql, 'p1', pseudonymousEntrantId('member:stranger', 'salt'))).toBeNull();
    expect(await readEntrantIdentity(sql, 'p2', sorted[0]!)).toBeNull();
  });
});
