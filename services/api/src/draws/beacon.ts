import { bls12_381 as bls } from '@noble/curves/bls12-381.js';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  beaconRandomnessMatchesSignature,
  beaconRoundAt,
  beaconRoundTime,
  type BeaconRound,
  type BeaconSchedule,
  type RandomnessBeacon,
} from '@roar/domain';
import { DomainError, type Config } from '@roar/platform';
import { HttpError } from '../http/errors';

/**
 * The drand adapter of the RandomnessBeacon port (League of Entropy HTTP API):
 *   GET {url}/{chainHash}/info          → chain parameters (public key, period, genesis, scheme)
 *   GET {url}/{chainHash}/public/{round} → { round, randomness, signature, previous_signature? }
 * A round is accepted only when its randomness is the SHA-256 of its signature and the signature
 * verifies (BLS12-381, @noble/curves) against the chain's public key for that round number.
 * Supported scheme: `bls-unchained-g1-rfc9380` (quicknet, the default chain). Other schemes are
 * refused at schedule time rather than drawn without a signature check.
 */
export const QUICKNET_SCHEME = 'bls-unchained-g1-rfc9380';
const QUICKNET_DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';
const SUPPORTED_SCHEMES: ReadonlySet<string> = new Set([QUICKNET_SCHEME]);

/** Rounds between the planned close and the committed round: a slow close still precedes the value. */
export const DRAND_ROUND_MARGIN = 1;

const hex = z.string().regex(/^(?:[0-9a-fA-F]{2})+$/);
const infoSchema = z.object({
  public_key: hex,
  period: z.number().int().positive(),
  genesis_time: z.number().int().min(0),
  hash: hex,
  schemeID: z.string().min(1),
});
const roundSchema = z.object({
  round: z.number().int().positive(),
  randomness: hex,
  signature: hex,
  previous_signature: hex.optional(),
});

export interface DrandOptions {
  readonly url: string;
  readonly chainHash: string;
  readonly timeoutMs: number;
  readonly margin?: number;
}

function unavailable(message: string): HttpError {
  return new HttpError(503, message, 'BEACON_UNAVAILABLE');
}

/** drand's message for a round of an unchained scheme: SHA-256 of the round as 8 bytes big-endian. */
function roundMessage(round: number, previousSignature: string | null, chained: boolean): Uint8Array {
  const be = Buffer.alloc(8);
  be.writeBigUInt64BE(BigInt(round));
  const h = createHash('sha256');
  if (chained && previousSignature) h.update(Buffer.from(previousSignature, 'hex'));
  return h.update(be).digest();
}

/**
 * Offline check of a round against the recorded chain parameters: null when the signature is the
 * chain's for this round, otherwise why not. Used at draw time and by the audit (no network).
 */
export function verifyDrandSignature(
  schedule: BeaconSchedule,
  round: { round: number; signature: string; previousSignature: string | null },
): string | null {
  if (!schedule.publicKey || !schedule.scheme) return 'the schedule does not record the chain public key and scheme';
  if (!SUPPORTED_SCHEMES.has(schedule.scheme)) return `the drand scheme ${schedule.scheme} is not supported`;
  try {
    const sigs = bls.shortSignatures;
    const message = sigs.hash(roundMessage(round.round, round.previousSignature, false), QUICKNET_DST);
    const ok = sigs.verify(sigs.Signature.fromHex(round.signature.toLowerCase()), message, bls.G2.Point.fromHex(schedule.publicKey.toLowerCase()));
    return ok ? null : 'the BLS signature does not verify against the chain public key';
  } catch (error) {
    return `the BLS signature cannot be read (${error instanceof Error ? error.message : String(error)})`;
  }
}

export class DrandBeacon implements RandomnessBeacon {
  readonly name: string;
  private readonly base: string;

  constructor(private readonly options: DrandOptions) {
    this.base = `${options.url.replace(/\/+$/, '')}/${options.chainHash}`;
    this.name = `drand:${options.chainHash.slice(0, 8)}`;
  }

  private async get(path: string, what: string): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, { signal: AbortSignal.timeout(this.options.timeoutMs), headers: { accept: 'application/json' } });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw unavailable(
        timedOut
          ? `The drand beacon did not answer ${what} within ${this.options.timeoutMs} ms: try again shortly.`
          : `The drand beacon could not be reached for ${what}: try again shortly.`,
      );
    }
    let body: unknown = null;
    try {
      body = res.ok ? await res.json() : null;
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw unavailable(
        timedOut
          ? `The drand beacon did not answer ${what} within ${this.options.timeoutMs} ms: try again shortly.`
          : `The drand beacon answered ${what} with something that is not JSON.`,
      );
    }
    return { status: res.status, body };
  }

  /** The chain's parameters, checked against the configured chain hash. */
  async info(): Promise<z.infer<typeof infoSchema>> {
    const { status, body } = await this.get('/info', 'the chain info');
    if (status !== 200) throw unavailable(`The drand beacon answered the chain info with HTTP ${status}.`);
    const parsed = infoSchema.safeParse(body);
    if (!parsed.success) throw unavailable('The drand beacon answered the chain info in an unknown shape.');
    if (parsed.data.hash.toLowerCase() !== this.options.chainHash.toLowerCase()) {
      throw new DomainError('conflict', `The drand beacon serves chain ${parsed.data.hash}, not the configured ${this.options.chainHash}.`);
    }
    if (!SUPPORTED_SCHEMES.has(parsed.data.schemeID)) {
      throw new DomainError('conflict', `The drand scheme ${parsed.data.schemeID} is not supported: configure a ${QUICKNET_SCHEME} chain.`);
    }
    return parsed.data;
  }

  async scheduleAfter(time: Date): Promise<BeaconSchedule> {
    const info = await this.info();
    return {
      name: this.name,
      round: beaconRoundAt(info.genesis_time, info.period, time, this.options.margin ?? DRAND_ROUND_MARGIN),
      url: this.options.url,
      chainHash: info.hash.toLowerCase(),
      publicKey: info.public_key.toLowerCase(),
      scheme: info.schemeID,
      genesisTime: info.genesis_time,
      period: info.period,
    };
  }

  /** The committed round, refused before its time, with a wrong randomness or a bad signature. */
  async fetchRound(schedule: BeaconSchedule, now: Date = new Date()): Promise<BeaconRound & { signature: string; previousSignature: string | null }> {
    if (schedule.genesisTime !== undefined && schedule.period !== undefined) {
      const at = beaconRoundTime(schedule.genesisTime, schedule.period, schedule.round);
      if (now < at) throw new DomainError('conflict', `The draw waits for drand round ${schedule.round}, published at ${at.toISOString()}.`);
    }
    const { status, body } = await this.get(`/public/${schedule.round}`, `round ${schedule.round}`);
    if (status === 404 || status === 425) throw new DomainError('conflict', `drand round ${schedule.round} is not published yet.`);
    if (status !== 200) throw unavailable(`The drand beacon answered round ${schedule.round} with HTTP ${status}.`);
    const parsed = roundSchema.safeParse(body);
    if (!parsed.success) throw unavailable(`The drand beacon answered round ${schedule.round} in an unknown shape.`);
    const r = parsed.data;
    if (r.round !== schedule.round)
      throw new DomainError('conflict', `The drand beacon answered round ${r.round} instead of round ${schedule.round}.`);
    const randomness = r.randomness.toLowerCase();
    const signature = r.signature.toLowerCase();
    if (!beaconRandomnessMatchesSignature(randomness, signature)) {
      throw new DomainError('conflict', `drand round ${r.round} was refused: its randomness is not the SHA-256 of its signature.`);
    }
    const previousSignature = r.previous_signature?.toLowerCase() ?? null;
    const problem = verifyDrandSignature(schedule, { round: r.round, signature, previousSignature });
    if (problem) throw new DomainError('conflict', `drand round ${r.round} was refused: ${problem}.`);
    return { beacon: schedule.name, round: r.round, randomness, signature, previousSignature };
  }
}

/** The beacon the configuration asks for, or null for commit-reveal. */
export function beaconFromConfig(
  config: Pick<Config, 'DRAW_RANDOMNESS' | 'DRAND_URL' | 'DRAND_CHAIN_HASH' | 'DRAND_TIMEOUT_MS'>,
): DrandBeacon | null {
  if (config.DRAW_RANDOMNESS !== 'drand') return null;
  return new DrandBeacon({ url: config.DRAND_URL, chainHash: config.DRAND_CHAIN_HASH, timeoutMs: config.DRAND_TIMEOUT_MS });
}
