import { getMembership, type MembershipRow } from '@roar/projections';
import { membershipTypeSchema, tierSnapshot, type TierSnapshot } from '@roar/domain';
import type { Sql } from '@roar/platform';

export interface CatalogueTier {
  readonly row: MembershipRow;
  readonly snapshot: TierSnapshot;
  readonly published: boolean;
}

/** The tier as the catalogue says it is right now, frozen into the snapshot events carry. */
export async function loadTier(sql: Sql, membershipId: number): Promise<CatalogueTier | null> {
  const row = await getMembership(sql, membershipId);
  if (!row) return null;
  return {
    row,
    snapshot: tierSnapshot(row.id, { ...row, type: membershipTypeSchema.parse(row.type) }),
    published: row.status === 'published' && row.visible,
  };
}
