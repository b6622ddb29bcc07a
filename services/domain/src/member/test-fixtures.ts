import { SEED_TIERS } from '../membership-catalogue';
import { tierSnapshot, type TierSnapshot } from './tier-snapshot';

/** Snapshots of the seed tiers, for specifications. */
export function seedSnapshot(code: string): TierSnapshot {
  const seed = SEED_TIERS.find((t) => t.fields.code === code);
  if (!seed) throw new Error(`no seed tier ${code}`);
  return tierSnapshot(seed.membershipId, seed.fields);
}
