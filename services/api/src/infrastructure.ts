import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import {
  createPgliteSql,
  createPgSql,
  createEventStoreDbAdapter,
  createPostgresEventStore,
  validatingStore,
  withTimeout,
  createSealer,
  createPersonalDataKeyStore,
  migratePlainPersonalData,
  personalDataMasterKeyOf,
  protectingStore,
  type Config,
  type PersonalDataKeys,
  type PersonalDataKeyStore,
  type Sealer,
  type EventRegistry,
  type EventStore,
  type Logger,
  type Sql,
} from '@roar/platform';
import { forgetMemberOutsideTheLog } from './members/forget';
import { createEventRegistry, giftCardKeys } from '@roar/domain';
import { allProjectors, createProjectionDaemon, type ProjectionDaemon } from '@roar/projections';
import { createJobRuntime, REACTORS, sellerFromConfig, type JobRuntime } from '@roar/workers';
import { migrateMemberAuth } from './auth/member';
import { createMyDataExporter } from './my-data/export';
import { uploadsStorage } from './storage';
import { createLinkTokens } from './link-tokens';
import { openThrottleStore, type ThrottleStore } from './auth/throttle';
import type { AppContext } from './context';
import { migrateContent } from './content/store';
import type { MembersPorts } from './kernel/ports';
import { createLocalPaymentProvider, createStripeProvider, startBillingClock, type LocalPaymentProvider } from './payments';
import { createGoogleRecaptcha, createLocalRecaptcha } from './recaptcha';
import { rekeyEmailReservations } from './members/email-reservation-rekey';
import { emailReservationKeyOf, persistentSecret, resolveGiftCardSecret, resolveJwtSecret } from './secrets';

import { SELF_ORIGIN } from './payments/self-origin';
import { beaconFromConfig } from './draws/beacon';
import { beaconRoundAt } from '@roar/domain';
import { transparencyKeyOf } from './transparency/key';

import { testClockOf, type TestClock } from './test-clock';

/** The request-time view of the infrastructure that every route receives. */
/**
 * Where links point without PUBLIC_URL: this server's own address, as a browser on this machine
 * reaches it (localhost when it listens on every interface, else the interface it is bound to).
 */
export function ownAddress(config: Config, port: number): string {
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return `http://${host}:${port}`;
}

export function appContextOf(config: Config, logger: Logger, infra: Infrastructure, now: () => Date = infra.now): AppContext {
  return {
    ...(infra.testClock ? { testClock: infra.testClock } : {}),
    config,
    logger,
    sql: infra.sql,
    store: infra.store,
    registry: infra.registry,
    personalData: infra.personalData,
    projections: infra.projections,
    jobs: infra.jobs,
    jwtSecret: infra.jwtSecret,
    now,
    publicUrl: infra.publicUrl,
    throttleStore: infra.throttleStore,
  };
}

export interface Infrastructure {
  /** The clock every role reads: the real one, or the test clock (NODE_ENV=test and TEST_CLOCK=1). */
  readonly now: () => Date;
  readonly testClock: TestClock | null;
  readonly sql: Sql;
  /** The product's store: validated, personal fields sealed on append and opened on read (issue 24). */
  readonly store: EventStore;
  readonly registry: EventRegistry;
  /** The member keys behind the personal fields: `erase(memberId)` forgets a member (crypto-shredding). */
  readonly personalData: PersonalDataKeys;
  readonly projections: ProjectionDaemon;
  /** Seals the event log into the Merkle tree and signs tree heads (projector role). */
  readonly sealer: Sealer;
  readonly jobs: JobRuntime;
  readonly jwtSecret: string;
  /** The sign-in throttles' counters: Redis with REDIS_URL (shared by the api replicas), else memory. */
  readonly throttleStore: ThrottleStore;
  readonly members: MembersPorts & { local: LocalPaymentProvider | null };
  /** Where this API is reached from inside (webhooks the local provider sends to itself). */
  /** `publicAddress`: what links use without PUBLIC_URL (main passes ownAddress once it listens). */
  setSelfUrl(url: string, publicAddress?: string): void;
  /** PUBLIC_URL, else this server's own address: see AppContext.publicUrl. */
  publicUrl(): string;
  /** The local provider's monthly billing clock (worker role); a no-op with Stripe. */
  startBilling(): void;
  close(): Promise<void>;
}

/**
 * Opens the components the configuration names. Nothing set: PGlite under DATA_DIR holding both
 * the event store tables and the read models, in-process jobs. DATABASE_URL, EVENTSTORE_URL and
 * REDIS_URL swap in PostgreSQL, EventStoreDB and BullMQ.
 */
export async function openInfrastructure(config: Config, logger: Logger): Promise<Infrastructure> {
  const sql = config.DATABASE_URL
    ? // Every active projector and reactor holds one session for its advisory lock (and applies on it):
      // the pool is sized for those plus twenty for the requests, sweepers and deliveries.
      createPgSql({
        connectionString: config.DATABASE_URL,
        max: allProjectors.length + REACTORS.length + 20,
        connectTimeoutMs: config.CALL_TIMEOUT_MS,
        applicationName: `roar-${config.ROLE}`,
      })
    : await createPgliteSql(resolve(join(config.DATA_DIR, 'pglite')));
  try {
    await withTimeout('database', config.CALL_TIMEOUT_MS, () => sql.query('select 1'));
    const registry = createEventRegistry();
    const baseStore = config.EVENTSTORE_URL
      ? createEventStoreDbAdapter(config.EVENTSTORE_URL, { callTimeoutMs: config.CALL_TIMEOUT_MS })
      : await createPostgresEventStore(sql, { callTimeoutMs: config.CALL_TIMEOUT_MS });
    // Personal fields are sealed per member on append and opened on read (issue 24); the sealer
    // below reads the base store, so the log is sealed (and audited) as stored: ciphertext.
    let personalData: PersonalDataKeyStore | null = null;
    let store: EventStore;
    try {
      personalData = await createPersonalDataKeyStore({
        sql,
        masterKey: personalDataMasterKeyOf(config),
        logger: logger.child({ module: 'personal-data' }),
      });
      store = validatingStore(protectingStore(baseStore, registry, personalData), registry);
      // The one-time re-write of personal data stored in plain, before the sealer first runs (a no-op once done).
      if (!config.EVENTSTORE_URL) {
        // Email reservation streams named by the unkeyed sha256 of the address get their keyed names (before any leaf covers them).
        await rekeyEmailReservations(sql, emailReservationKeyOf({ config }), {
          logger: logger.child({ module: 'email-reservations' }),
          keys: personalData,
        });
        await migratePlainPersonalData({ sql, registry, keys: personalData, logger: logger.child({ module: 'personal-data' }) });
      }
    } catch (error) {
      await personalData?.close();
      await baseStore.close().catch(() => undefined);
      throw error;
    }
    await migrateContent(sql);
    await migrateMemberAuth(sql);
    // API_INTERNAL_URL in the scaled-out topology: the worker's renewals must reach the api, not its own localhost.
    let selfUrl = config.API_INTERNAL_URL ?? config.PUBLIC_URL ?? `http://127.0.0.1:${config.PORT}`;
    let publicDefault = config.PUBLIC_URL ?? ownAddress(config, config.PORT);
    const publicUrl = (): string => (config.PUBLIC_URL ?? publicDefault).replace(/\/+$/, '');
    const local =
      config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
        ? null
        : createLocalPaymentProvider({
            sql,
            publicUrl: SELF_ORIGIN,
            webhookSecret: config.PAYMENTS_WEBHOOK_SECRET ?? persistentSecret(config, 'payments-webhook-secret'),
            // The projector sends no webhooks: it leaves the pending ones to the api and the worker.
            deliveryPollMs: config.ROLE === 'projector' ? 0 : 1000,
            webhookUrl: `${SELF_ORIGIN}/api/payments/webhook`,
            logger: logger.child({ module: 'local-payments' }),
            fetch: (input, init) => fetch(String(input).replace(SELF_ORIGIN, selfUrl), init),
          });
    const payments = local ?? createStripeProvider({ secretKey: config.STRIPE_SECRET_KEY!, webhookSecret: config.STRIPE_WEBHOOK_SECRET! });
    const recaptcha = config.RECAPTCHA_SECRET ? createGoogleRecaptcha({ secret: config.RECAPTCHA_SECRET }) : createLocalRecaptcha();
    let stopBilling: (() => void) | null = null;
    const projections = createProjectionDaemon({ sql, store, projectors: allProjectors, logger: logger.child({ module: 'projections' }) });
    if (config.NODE_ENV === 'production' && config.ROLE === 'projector' && !config.TRANSPARENCY_SIGNING_KEY) {
      logger.warn(
        "TRANSPARENCY_SIGNING_KEY is not set: tree heads are signed with a key generated into this container's DATA_DIR (docs/deployment.md)",
      );
    }
    const beacon = beaconFromConfig(config);
    let chain: Promise<{ genesis_time: number; period: number }> | null = null;
    const sealer = createSealer({
      sql,
      store: baseStore,
      key: transparencyKeyOf(config),
      logger: logger.child({ module: 'sealer' }),
      headIntervalMs: config.TRANSPARENCY_HEAD_INTERVAL_MS,
      // The round drand has published by now, from the chain's clock (its info fetched once).
      latestDrandRound: beacon
        ? async () => {
            chain ??= beacon.info().catch((error: unknown) => ((chain = null), Promise.reject(error)));
            const info = await chain;
            return beaconRoundAt(info.genesis_time, info.period, new Date(), 0) - 1 || null;
          }
        : undefined,
    });
    if (config.NODE_ENV === 'production' && !config.BUSINESS_ABN) {
      logger.warn("BUSINESS_ABN is not set: the pro shop's tax invoices name the seller without the ABN the ATO asks for");
    }
    const jwtSecret = resolveJwtSecret(config);
    // Resolved at start, so a production process without EMAIL_RESERVATION_KEY refuses to start instead of failing a sign-up.
    emailReservationKeyOf({ config });
    const jobs = await createJobRuntime({
      personalData: personalData!,
      // Issue 24: the erasure job forgets the member in the api's tables, files and Redis before the key goes.
      forgetOutsideTheLog: async (memberId, address, names) => {
        const redis = throttleStore.redis;
        await forgetMemberOutsideTheLog(
          {
            sql,
            store,
            storage: uploadsStorage({ config }),
            redis: redis ? { client: redis, throttlePrefix: throttleStore.prefix, queuePrefix: 'roar' } : null,
            logger: logger.child({ module: 'erasure' }),
            now: () => (testClock ? testClock.now() : new Date()),
          },
          memberId,
          address,
          names,
        );
      },
      sql,
      store,
      logger: logger.child({ module: 'jobs' }),
      redisUrl: config.REDIS_URL,
      smtpUrl: config.SMTP_URL,
      dataDir: resolve(config.DATA_DIR),
      mailFrom: config.MAIL_FROM,
      staffMailbox: config.STAFF_MAILBOX,
      publicUrl,
      seller: sellerFromConfig(config),
      giftCardKeys: giftCardKeys(resolveGiftCardSecret(config)),
      linkTokens: createLinkTokens(sql, jwtSecret),
      myDataExporter: createMyDataExporter({ sql, store, registry, storage: uploadsStorage({ config }), linkDays: config.MY_DATA_LINK_DAYS }),
      facebook:
        config.FACEBOOK_PIXEL_ID && config.FACEBOOK_ACCESS_TOKEN
          ? { pixelId: config.FACEBOOK_PIXEL_ID, accessToken: config.FACEBOOK_ACCESS_TOKEN, testEventCode: config.FACEBOOK_TEST_EVENT_CODE }
          : undefined,
      callTimeoutMs: config.CALL_TIMEOUT_MS,
    });
    // One deployment's replicas share a database, so its name keys their shared counters (and keeps
    // apart deployments, or test runs, that share a Redis).
    const deployment = createHash('sha256')
      .update(config.DATABASE_URL ?? resolve(config.DATA_DIR))
      .digest('hex')
      .slice(0, 12);
    const throttleStore = openThrottleStore(config.REDIS_URL, `roar:${deployment}`, config.CALL_TIMEOUT_MS, logger.child({ module: 'throttle' }));
    const testClock = testClockOf(config);
    return {
      now: testClock ? testClock.now : () => new Date(),
      testClock,
      sql,
      store,
      registry,
      personalData: personalData!,
      projections,
      sealer,
      jobs,
      jwtSecret,
      throttleStore,
      members: { payments, recaptcha, local },
      setSelfUrl(url: string, publicAddress = url) {
        selfUrl = config.API_INTERNAL_URL ?? url;
        publicDefault = publicAddress;
      },
      publicUrl,
      startBilling() {
        if (!local || stopBilling) return;
        stopBilling = startBillingClock(
          () => local.billingTick(),
          config.LOCAL_BILLING_INTERVAL_MS,
          (err) => logger.error({ err }, 'billing tick failed'),
        );
      },
      async close() {
        stopBilling?.();
        local?.stop();
        await jobs.stop().catch((err: unknown) => logger.warn({ err }, 'jobs stop failed'));
        await throttleStore.close();
        await sealer.stop().catch((err: unknown) => logger.warn({ err }, 'sealer stop failed'));
        await projections.stop().catch((err: unknown) => logger.warn({ err }, 'projections stop failed'));
        await store.close().catch(() => undefined);
        await personalData?.close().catch(() => undefined);
        await sql.close().catch(() => undefined);
      },
    };
  } catch (error) {
    await sql.close().catch(() => undefined);
    throw error;
  }
}
