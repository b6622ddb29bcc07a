import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test support (API tests and the browser walk): a local drand HTTP API serving real League of
 * Entropy quicknet data (chain info from api.drand.sh/{hash}/info, round 123 from /public/123);
 * the BLS signature below verifies against this public key. Only genesis_time and period are the
 * fake's own, so round 123 can be aimed just after a prize's closing date (a quicknet signature
 * covers the round number only, not the time).
 */
export const QUICKNET = {
  hash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  public_key:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  schemeID: 'bls-unchained-g1-rfc9380',
} as const;
export const ROUND_123 = {
  round: 123,
  signature: 'b75c69d0b72a5d906e854e808ba7e2accb1542ac355ae486d591aa9d43765482e26cd02df835d3546d23c4b13e0dfc92',
  randomness: 'fb8f7bc29bf24db51871ec8c79f3a1e4bd0557bc0dfcee9ed1d924e69d1c60dc',
} as const;
export const FAKE_DRAND_PERIOD = 1;

export type FakeDrandMode = 'ok' | 'wrong-randomness' | 'hang';

export interface FakeDrand {
  readonly url: string;
  /** Seconds; set by aimRound123At. */
  genesis: number;
  mode: FakeDrandMode;
  /** Round requests answered or left hanging so far. */
  rounds: number;
  /** Sets the genesis so that the round committed for a close at `end` is round 123 (published at end + 2 s). */
  aimRound123At(end: Date): void;
  close(): Promise<void>;
}

/** Flips the first hex digit: a value that no longer checks. */
export const flipHex = (hex: string): string => (hex[0] === '0' ? '1' : '0') + hex.slice(1);

export async function startFakeDrand(): Promise<FakeDrand> {
  const state = { genesis: 0, mode: 'ok' as FakeDrandMode, rounds: 0 };
  const server = createServer((req, res) => {
    const path = req.url ?? '';
    if (path === `/${QUICKNET.hash}/info`) {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          ...QUICKNET,
          period: FAKE_DRAND_PERIOD,
          genesis_time: state.genesis,
          group_hash: '00'.repeat(32),
          metadata: { beaconID: 'quicknet' },
        }),
      );
      return;
    }
    const m = /^\/([0-9a-f]{64})\/public\/(\d+)$/.exec(path);
    if (m && m[1] === QUICKNET.hash) {
      state.rounds++;
      if (state.mode === 'hang') return; // never answers: the adapter's timeout must end the wait
      if (Number(m[2]) !== 123) {
        res.statusCode = 404;
        res.end('{}');
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ...ROUND_123, randomness: state.mode === 'wrong-randomness' ? flipHex(ROUND_123.randomness) : ROUND_123.randomness }));
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    url,
    // beaconRoundAt: floor((t - genesis) / period) + 1, then the next round, then a margin of 1.
    aimRound123At(end: Date) {
      state.genesis = Math.floor(end.getTime() / 1000) - 120;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
