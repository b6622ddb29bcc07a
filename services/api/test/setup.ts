import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import { createLogger, loadConfig } from '@roar/platform';
import { createTestDatabase, type TestDatabase } from '@roar/platform/testing';
import { createApp, type AppOptions } from '../src/app';
import type { AppContext } from '../src/context';
import { appContextOf, openInfrastructure, type Infrastructure } from '../src/infrastructure';
import { seedCatalogue } from '../src/seed';

export interface TestApi {
  readonly url: string;
  readonly ctx: AppContext;
  readonly infra: Infrastructure;
  close(): Promise<void>;
}

/**
 * The real API over real infrastructure: PGlite in a temp folder, or a fresh PostgreSQL database
 * (null when none can be had outside CI), with projections and in-process jobs running. `now`
 * replaces the API's clock (AppContext.now) when a test needs to move it.
 */
export async function startTestApi(options: {
  database: 'pglite' | 'postgres';
  env?: Record<string, string>;
  seed?: boolean;
  now?: () => Date;
  web?: AppOptions;
}): Promise<TestApi | null> {
  let db: TestDatabase | null = null;
  if (options.database === 'postgres') {
    db = await createTestDatabase('roar_api');
    if (!db) return null;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'roar-api-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    PROJECTION_WAIT_MS: '5000',
    ...(db ? { DATABASE_URL: db.url } : {}),
    ...options.env,
  });
  const logger = createLogger((process.env.TEST_LOG_LEVEL as 'silent' | undefined) ?? 'silent');
  const infra = await openInfrastructure(config, logger);
  if (options.seed ?? true) {
    await seedCatalogue(infra.store, infra.registry, logger, new Date('2026-11-01T00:00:00Z'));
  }
  await infra.projections.start();
  // Read models are eventually consistent: tests start once the seed is projected.
  if ((options.seed ?? true) && !(await infra.projections.waitFor(await infra.store.headPosition(), 20_000))) {
    throw new Error('projections did not catch up with the seed');
  }
  await infra.jobs.start({ reactors: true, workers: true });
  // A test may move the API's clock (time limits, expiry); everything else keeps the real one.
  const ctx: AppContext = { ...appContextOf(config, logger, infra), ...(options.now ? { now: options.now } : {}) };
  const server: Server = createServer(createApp(ctx, infra.members, options.web ?? { serveWeb: false }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  infra.setSelfUrl(`http://127.0.0.1:${port}`);
  return {
    url: `http://127.0.0.1:${port}`,
    ctx,
    infra,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await infra.close();
      await db?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
