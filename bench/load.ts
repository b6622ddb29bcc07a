import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

/** A small HTTP load generator: keep-alive connections, latencies in milliseconds. */
export interface Answer {
  readonly status: number;
  readonly body: string;
  readonly ms: number;
}

export interface Call {
  readonly method: 'GET' | 'PATCH' | 'POST';
  readonly url: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

export function send(agent: Agent, call: Call): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      call.url,
      {
        method: call.method,
        agent,
        headers: {
          ...(call.body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(call.body)) } : {}),
          ...call.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
        res.on('error', reject);
      },
    );
    // A connection reset (a keep-alive socket the server closed as it was reused) is an answer
    // with status 0: counted as failed, never the end of the run.
    req.on('error', () => resolve({ status: 0, body: '', ms: performance.now() - started }));
    if (call.body) req.write(call.body);
    req.end();
  });
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface ClosedLoopResult {
  readonly requests: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
}

/** `connections` loops, each sending the next call as soon as the previous answered, for `seconds`. */
export async function closedLoop(calls: readonly Call[], connections: number, seconds: number): Promise<ClosedLoopResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections, timeout: 4000 });
  const latencies: number[] = [];
  let non2xx = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      for (let i = c; performance.now() < until; i += connections) {
        const a = await send(agent, calls[i % calls.length]!);
        latencies.push(a.ms);
        if (a.status < 200 || a.status >= 400) non2xx += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    non2xx,
  };
}
