import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import express from 'express';
import { listSentMail, type SentMail } from '@roar/workers';
import { createCredentials, createMemberAuthRouter, memberOf, migrateMemberAuth, requireMember } from '../src/auth/member';
import type { AppContext } from '../src/context';
import { errorHandler } from '../src/http/errors';
import { applyTrustProxy } from '../src/http/trust-proxy';
import { startTestApi, type TestApi } from './setup';

/**
 * The member auth router on a small express app of its own, over the real test infrastructure,
 * with a clock the test can move forward. `/api/whoami` is a route behind `requireMember`.
 */
export interface AuthHarness {
  readonly url: string;
  readonly ctx: AppContext;
  advance(ms: number): void;
  member(password?: string): Promise<{ memberId: string; email: string; password: string }>;
  post(path: string, body: unknown, token?: string, method?: string): Promise<{ status: number; body: Record<string, unknown> }>;
  mail(): Promise<SentMail[]>;
  close(): Promise<void>;
}

export async function startAuthHarness(database: 'pglite' | 'postgres', env: Record<string, string> = {}): Promise<AuthHarness | null> {
  const api: TestApi | null = await startTestApi({ database, seed: false, env });
  if (!api) return null;
  let offsetMs = 0;
  const ctx: AppContext = { ...api.ctx, now: () => new Date(Date.now() + offsetMs) };
  await migrateMemberAuth(ctx.sql);
  const app = express();
  applyTrustProxy(app, ctx.config.TRUST_PROXY);
  app.use(express.json());
  app.use(createMemberAuthRouter(ctx));
  app.get('/api/whoami', requireMember(ctx), (_req, res) => {
    res.json({ memberId: memberOf(res).memberId });
  });
  app.use(errorHandler(ctx.logger));
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    ctx,
    advance: (ms) => {
      offsetMs += ms;
    },
    async member(password = 'correct horse battery') {
      const memberId = randomUUID();
      // Digits only after "m-": random letters could spell a piece of the password ("eba" in "horse battery"), which the policy refuses.
      const email = `m-${parseInt(memberId.slice(0, 8), 16)}@Example.test`;
      await createCredentials(ctx.sql, { memberId, email, password });
      return { memberId, email, password };
    },
    async post(path, body, token, method = 'POST') {
      const r = await fetch(`${url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
      });
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    },
    mail: () => listSentMail(ctx.config.DATA_DIR),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await api.close();
    },
  };
}

export async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
