import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStoreDbAdapter, EventStoreUnavailableError, START, type EventStore } from '../src/eventstore';

/**
 * A peer that accepts TCP connections and never says a word: the case where the EventStoreDB
 * client can wait past its own deadline. Our outer timeouts must turn it into a prompt 503-type error.
 */
describe('EventStoreDB adapter against a silent peer', () => {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  let store: EventStore;
  const timeoutMs = 400;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    store = createEventStoreDbAdapter(`esdb://127.0.0.1:${port}?tls=false`, { callTimeoutMs: timeoutMs });
  });

  afterAll(async () => {
    await store.close();
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function rejectsPromptly(what: string, work: () => Promise<unknown>): Promise<void> {
    const started = Date.now();
    const error = await work().then(
      () => null,
      (e: unknown) => e,
    );
    const elapsed = Date.now() - started;
    expect(error, `${what} must reject`).toBeInstanceOf(EventStoreUnavailableError);
    expect(elapsed, `${what} took ${elapsed} ms`).toBeLessThan(timeoutMs + 1500);
  }

  it('append rejects with EventStoreUnavailableError within the timeout', async () => {
    const event = {
      id: randomUUID(),
      type: 'Probe',
      data: { n: 1 },
      metadata: {
        correlationId: 'c',
        causationId: null,
        actor: { type: 'system' as const, id: 't' },
        occurredAt: new Date().toISOString(),
        schemaVersion: 1,
      },
    };
    await rejectsPromptly('append', () => store.append('probe-1', [event], 'no_stream'));
    // The client really reached the peer: the timeout is ours, not a refused connection.
    expect(connections).toBeGreaterThan(0);
  });

  it('readStream rejects with EventStoreUnavailableError within the timeout', async () => {
    await rejectsPromptly('readStream', () => store.readStream('probe-1'));
  });

  it('readAll and headPosition reject within the timeout', async () => {
    await rejectsPromptly('readAll', () => store.readAll(START, 10));
    await rejectsPromptly('headPosition', () => store.headPosition());
  });

  it('ping rejects with EventStoreUnavailableError within the timeout', async () => {
    await rejectsPromptly('ping', () => store.ping());
  });

  it('a subscription reports a drop instead of hanging, and stops cleanly', async () => {
    const drops: unknown[] = [];
    const sub = store.subscribe(START, async () => undefined, { onDrop: (e) => drops.push(e) });
    await expect.poll(() => drops.length, { timeout: timeoutMs * 4, interval: 50 }).toBeGreaterThan(0);
    expect(drops[0]).toBeInstanceOf(EventStoreUnavailableError);
    await sub.stop();
    await expect(sub.done).resolves.toBeUndefined();
  });
});
