import { seedComplianceRules } from './compliance/rules';
import { createServer } from 'node:http';
import { createLogger, loadConfig, ConfigError } from '@roar/platform';
import { createApp, paymentProcessManager } from './app';
import type { AppContext } from './context';
import { appContextOf, openInfrastructure, ownAddress } from './infrastructure';
import { seedCatalogue } from './seed';
import { seedCourses } from './clubhouse';
import { seedPrizes } from './draws/seed';
import { seedPartners } from './rewards';
import { bootstrapStaff } from './auth/staff';
import { startInviteSweeper, sweepExpiredInvites } from './teams';
import { startUnclaimedPrizeSweeper } from './draws/unclaimed-sweeper';
import { startCheckoutSweeper } from './payments';
import { seedShop, startReservationSweeper, sweepExpiredReservations } from './shop';

/**
 * One entry point, four roles. `all` (the embedded default) runs the API, the projector and the
 * workers in this process; `api`, `projector` and `worker` are the scaled-out topology of
 * docker-compose.yml, one role per process, sharing PostgreSQL, the event store and Redis.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL, `roar-${config.ROLE}`);
  const infra = await openInfrastructure(config, logger);
  const role = config.ROLE;
  const runsApi = role === 'all' || role === 'api';

  if (runsApi) {
    await seedCatalogue(infra.store, infra.registry, logger, new Date());
    await seedComplianceRules(infra.store, infra.registry, logger, new Date());
    await seedCourses(infra.store, infra.registry, logger, new Date());
    await seedPrizes(infra.store, infra.registry, infra.sql, logger, new Date());
    await seedShop(infra.store, infra.registry, logger, new Date());
    await seedPartners(infra.store, infra.registry, logger, new Date());
    await bootstrapStaff(infra.sql, { email: config.STAFF_EMAIL, password: config.STAFF_PASSWORD, dataDir: config.DATA_DIR, logger });
  }
  if (role === 'all' || role === 'projector') {
    await infra.projections.start();
    await infra.sealer.start();
  }
  // An api-only replica enqueues (through reactors elsewhere) but runs no workers or reactors.
  if (role === 'all' || role === 'worker') {
    await infra.jobs.start({ reactors: true, workers: true });
    infra.startBilling();
    const sweeperDeps = { sql: infra.sql, store: infra.store, registry: infra.registry, logger };
    // One clock for the api and the sweepers: the test clock (NODE_ENV=test, TEST_CLOCK=1) moves them all.
    startInviteSweeper(sweeperDeps, 60_000, infra.now);
    infra.testClock?.onAdvance((now) => sweepExpiredInvites(sweeperDeps, now));
    const sweepCtx = appContextOf(config, logger, infra);
    startReservationSweeper(sweepCtx);
    infra.testClock?.onAdvance((now) => sweepExpiredReservations(sweepCtx, now));
    startUnclaimedPrizeSweeper(appContextOf(config, logger, infra));
  } else await infra.jobs.start({ reactors: false, workers: false });

  let server: ReturnType<typeof createServer> | null = null;
  if (runsApi) {
    const ctx: AppContext = appContextOf(config, logger, infra);
    // Paid checkouts whose webhook is still unacknowledged after a minute are applied from here.
    startCheckoutSweeper({
      provider: infra.members.payments,
      onEvent: paymentProcessManager(ctx, infra.members).onProviderEvent,
      logger: logger.child({ module: 'payments' }),
    });
    server = createServer(createApp(ctx, infra.members, { serveWeb: config.SERVE_WEB }));
    await new Promise<void>((resolve) => server!.listen(config.PORT, config.HOST, resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const base = `http://localhost:${port}`;
    infra.setSelfUrl(config.PUBLIC_URL ?? `http://127.0.0.1:${port}`, ownAddress(config, port));
    logger.info({ port, role, eventStore: infra.store.name, jobs: infra.jobs.mode }, 'listening');
    process.stdout.write(`\nROAR+ is running (${role}; event store: ${infra.store.name}; jobs: ${infra.jobs.mode})\n`);
    process.stdout.write(
      `  Member console: ${base}/\n  Staff console:  ${base}/admin\n  API docs:       ${base}/api/openapi.json\n  Health:         ${base}/ready\n\n`,
    );
  } else {
    process.stdout.write(`ROAR+ ${role} running (event store: ${infra.store.name}; jobs: ${infra.jobs.mode})\n`);
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    await infra.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`ROAR+ failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
