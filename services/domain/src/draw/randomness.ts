import { createHash, timingSafeEqual } from 'node:crypto';
import { DomainError } from '@roar/platform';

/**
 * Commit-reveal randomness. Staff (or the system) draw a secret, record only its SHA-256 (the
 * commitment) in an event BEFORE the entry list is closed, and reveal the secret after the list
 * hash is recorded. Because the commitment fixes the secret before the list is known, and the
 * list hash fixes the list before the secret is known, neither side can steer the winner.
 * Secrets are passed in (nothing here reads a random source), so tests and replays are exact.
 */
export const MIN_SECRET_BYTES = 32;

export function commitRandomness(secret: Uint8Array): string {
  if (secret.byteLength < MIN_SECRET_BYTES) {
    throw new DomainError('invalid', `The randomness secret must be at least ${MIN_SECRET_BYTES} bytes.`);
  }
  return createHash('sha256').update(secret).digest('hex');
}

/** True when `revealed` is the secret behind `commitment` (hex SHA-256, any case). */
export function verifyReveal(commitment: string, revealed: Uint8Array): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(commitment)) return false;
  const expected = Buffer.from(commitment, 'hex');
  const actual = createHash('sha256').update(revealed).digest();
  return timingSafeEqual(expected, actual);
}

/**
 * Production port: a public randomness beacon (e.g. drand). The round is chosen and recorded
 * before the list is closed (the commitment), its value is published by the beacon after close
 * (the reveal). Nobody at the club can know or choose the value in advance.
 */
export interface BeaconRound {
  /** Which beacon, e.g. `drand:quicknet`; recorded so an auditor knows where to look the round up. */
  readonly beacon: string;
  readonly round: number;
  /** Hex of the round's randomness; fed to the seed as bytes. */
  readonly randomness: string;
}

export interface RandomnessBeacon {
  readonly name: string;
  /** The first round published at or after `time`: pick one after the planned close. */
  roundAt(time: Date): number;
  /** Fetches the round, verifying the beacon's own signature; rejects if not yet published. */
  fetchRound(round: number): Promise<BeaconRound>;
}

export function beaconRandomnessBytes(round: BeaconRound): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(round.randomness)) {
    throw new DomainError('invalid', 'Beacon randomness must be hex.', { beacon: round.beacon, round: round.round });
  }
  return Buffer.from(round.randomness, 'hex');
}
