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
  /** Hex of the beacon's signature over the round (drand: randomness = SHA-256 of it). */
  readonly signature?: string;
  /** Hex of the previous round's signature (chained drand schemes only). */
  readonly previousSignature?: string | null;
}

/**
 * Everything recorded in DrawScheduled about a beacon draw: which chain, which round, and the
 * chain's public parameters, so the round can be re-checked later from the log alone.
 */
export interface BeaconSchedule {
  readonly name: string;
  readonly round: number;
  readonly url?: string;
  /** drand chain hash (hex). */
  readonly chainHash?: string;
  /** The chain's group public key (hex) and signature scheme, e.g. `bls-unchained-g1-rfc9380`. */
  readonly publicKey?: string;
  readonly scheme?: string;
  /** Unix seconds of round 1 and seconds between rounds. */
  readonly genesisTime?: number;
  readonly period?: number;
}

export interface RandomnessBeacon {
  readonly name: string;
  /** Chooses the first round published after `time` (plus a safety margin) and describes it. */
  scheduleAfter(time: Date): Promise<BeaconSchedule>;
  /** Fetches the scheduled round, verifying the beacon's own signature; rejects if not yet published. */
  fetchRound(schedule: BeaconSchedule): Promise<BeaconRound>;
}

export function beaconRandomnessBytes(round: BeaconRound): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(round.randomness)) {
    throw new DomainError('invalid', 'Beacon randomness must be hex.', { beacon: round.beacon, round: round.round });
  }
  return Buffer.from(round.randomness, 'hex');
}

/** drand round numbering: round 1 is published at genesis, then one round every `period` seconds. */
export function beaconRoundAt(genesisTime: number, period: number, time: Date, margin = 0): number {
  const elapsed = Math.floor(time.getTime() / 1000) - genesisTime;
  const current = elapsed < 0 ? 0 : Math.floor(elapsed / period) + 1;
  return current + 1 + margin;
}

/** When `round` is published (drand: genesis + (round - 1) x period). */
export function beaconRoundTime(genesisTime: number, period: number, round: number): Date {
  return new Date((genesisTime + (round - 1) * period) * 1000);
}

/** drand's link between signature and randomness: randomness = SHA-256(signature). */
export function beaconRandomnessMatchesSignature(randomness: string, signature: string): boolean {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(signature) || !/^[0-9a-fA-F]{64}$/.test(randomness)) return false;
  const expected = createHash('sha256').update(Buffer.from(signature, 'hex')).digest();
  return timingSafeEqual(expected, Buffer.from(randomness, 'hex'));
}

/**
 * What a beacon draw's DrawScheduled commits to (its `commitment` field): the chain and the round,
 * fixed before the entry list exists. The audit recomputes it from the recorded schedule.
 */
export function beaconCommitment(schedule: Pick<BeaconSchedule, 'name' | 'round' | 'chainHash'>): string {
  return createHash('sha256')
    .update(`${schedule.name}|${schedule.chainHash ?? ''}|${schedule.round}`)
    .digest('hex');
}
