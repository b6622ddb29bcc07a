import { z } from 'zod';
import { isIP } from 'node:net';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * An Australian Business Number: 11 digits whose check the ATO defines (subtract 1 from the first
 * digit, weight the digits 10, 1, 3, 5, ..., 19, and the sum divides by 89).
 */
export function isValidAbn(abn: string): boolean {
  if (!/^\d{11}$/.test(abn)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += (Number(abn[i]) - (i === 0 ? 1 : 0)) * weights[i]!;
  return sum % 89 === 0;
}

/** Who sells in the pro shop when BUSINESS_NAME is not set. */
export const DEFAULT_BUSINESS_NAME = 'ROAR+ Pro Shop';

const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** A TRUST_PROXY value: hop count, or addresses, CIDR ranges and Express's subnet names. */
export function isTrustProxySetting(value: string): boolean {
  if (/^\d{1,2}$/.test(value)) return true;
  return value.split(',').every((part) => {
    const item = part.trim();
    if (TRUST_PROXY_NAMES.has(item)) return true;
    const [address, bits, ...rest] = item.split('/');
    const family = isIP(address ?? '');
    if (family === 0 || rest.length > 0) return false;
    return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  });
}

/** An ABN as the ATO prints it: 51 824 753 556. */
export function formatAbn(abn: string): string {
  return `${abn.slice(0, 2)} ${abn.slice(2, 5)} ${abn.slice(5, 8)} ${abn.slice(8)}`;
}
const optionalUrl = (protocols: readonly string[]) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => protocols.some((p) => v.startsWith(p)), { message: `must start with ${protocols.join(' or ')}` })
      .optional(),
  );

/**
 * Everything the processes read from the environment. Nothing set gives the embedded default:
 * PGlite under DATA_DIR, the PostgreSQL-table event store, in-process jobs, local adapters.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('.data'),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
  EVENTSTORE_URL: optionalUrl(['esdb://', 'esdb+discover://', 'kurrentdb://', 'kurrentdb+discover://']),
  REDIS_URL: optionalUrl(['redis://', 'rediss://']),
  SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
  MAIL_FROM: z.string().default('ROAR+ <no-reply@roarplus.local>'),
  /** Who sells in the pro shop, as its tax invoices name it. */
  BUSINESS_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(120).default(DEFAULT_BUSINESS_NAME)),
  /** The seller's ABN, printed on every tax invoice (the ATO requires it there); spaces allowed. */
  BUSINESS_ABN: z.preprocess(
    (v) => (typeof v === 'string' ? emptyToUndefined(v.replace(/\s+/g, '')) : v),
    z.string().refine(isValidAbn, 'BUSINESS_ABN is not a valid ABN (11 digits that pass the ATO check)').optional(),
  ),
  /**
   * Which peers may tell the client's address in X-Forwarded-For: a hop count (`1`), or a comma
   * list of addresses, CIDR ranges and Express's names (`loopback`, `linklocal`, `uniquelocal`).
   * Unset: nobody, the socket's peer is the client (a header anyone can send never decides the
   * address the sign-in throttles count). `true` (trust every hop) is refused for that reason.
   */
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .refine(isTrustProxySetting, 'TRUST_PROXY is a hop count or a comma list of addresses, CIDR ranges, loopback, linklocal or uniquelocal')
      .optional(),
  ),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  /** Keys the gift card look-up hash and seals codes for their email; shared by the api and worker processes. */
  GIFT_CARD_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'GIFT_CARD_SECRET must be at least 32 characters').optional()),
  /**
   * Keys the names of the email reservation streams (one account per address, issue 24): an HMAC of
   * the address, so the log's stream names give no address away. Every api replica shares it;
   * changing it makes every existing reservation unfindable, so production must set it.
   */
  EMAIL_RESERVATION_KEY: z.preprocess(emptyToUndefined, z.string().min(32, 'EMAIL_RESERVATION_KEY must be at least 32 characters').optional()),
  STAFF_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  STAFF_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
  /** Key material for staff TOTP secrets at rest; without it they are keyed from the JWT secret. */
  STAFF_TOTP_KEY: z.preprocess(emptyToUndefined, z.string().min(32, 'STAFF_TOTP_KEY must be at least 32 characters').optional()),
  /** Stripe (production payments). Without a secret key the local test-mode provider is used. */
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().startsWith('sk_').optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(10).optional()),
  /** Google reCAPTCHA secret; without it the local verifier behaves like Google's test keys. */
  RECAPTCHA_SECRET: z.preprocess(emptyToUndefined, z.string().min(10).optional()),
  RECAPTCHA_SITE_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Where staff notices (catalogue changes, failed jobs) are emailed. */
  STAFF_MAILBOX: z.preprocess(emptyToUndefined, z.email().optional()),
  /** The ad platform's Conversions API; without both, tracking jobs only log what they would send. */
  FACEBOOK_PIXEL_ID: z.preprocess(emptyToUndefined, z.string().regex(/^\d+$/, 'FACEBOOK_PIXEL_ID is digits').optional()),
  FACEBOOK_ACCESS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(10).optional()),
  FACEBOOK_TEST_EVENT_CODE: z.preprocess(emptyToUndefined, z.string().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Milliseconds a command waits for projections to pass its events before answering 202. */
  PROJECTION_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  /** Milliseconds any call to the event store, Redis or the database may take. */
  CALL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  /** Which processes this one runs: all (embedded), or one role of the scaled-out topology. */
  ROLE: z.enum(['all', 'api', 'projector', 'worker']).default('all'),
  /**
   * The club's Ed25519 key that signs the sealed log's tree heads (PKCS#8 PEM; literal \n allowed).
   * Unset: a key generated once into DATA_DIR/transparency-ed25519.pem (see docs/deployment.md).
   */
  TRANSPARENCY_SIGNING_KEY: z.preprocess(
    emptyToUndefined,
    z.string().includes('PRIVATE KEY', { message: 'TRANSPARENCY_SIGNING_KEY is a PKCS#8 PEM' }).optional(),
  ),
  /** Milliseconds between signed tree heads while the log grows. */
  TRANSPARENCY_HEAD_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(3000),
  /**
   * The master key of personal data (issue 24): base64 of 32 random bytes (`openssl rand -base64 32`).
   * It wraps each member's key, which seals their personal fields in the event log; every process
   * (api, projector, worker) must hold the same one, and losing it loses every member's personal data.
   * Unset: a key generated once into DATA_DIR/personal-data-master.key (refused in production).
   */
  PERSONAL_DATA_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .refine((v) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) && Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64').length === 32, {
        message: 'PERSONAL_DATA_KEY is base64 of 32 bytes (openssl rand -base64 32)',
      })
      .optional(),
  ),
  /** Where draw winners' randomness comes from: commit-reveal (a club secret) or the drand public beacon. */
  DRAW_RANDOMNESS: z.enum(['commit-reveal', 'drand']).default('commit-reveal'),
  /** drand HTTP API and chain (default: League of Entropy quicknet). */
  DRAND_URL: z.preprocess(emptyToUndefined, z.url().default('https://api.drand.sh')),
  DRAND_CHAIN_HASH: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'DRAND_CHAIN_HASH is 64 hex digits')
      .default('52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971'),
  ),
  /** Milliseconds a drand request may take before the draw answers that the beacon is unavailable. */
  DRAND_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
  /**
   * Signs the local payment provider's webhooks. Every process of the scaled-out topology holds
   * the provider (the worker's billing clock sends renewals to the api), so they must share it;
   * without it each would generate its own and the api would refuse the others' webhooks.
   */
  PAYMENTS_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'PAYMENTS_WEBHOOK_SECRET must be at least 32 characters').optional()),
  /** How the other processes reach the api (e.g. http://api:3000): where the local provider posts webhooks, renewals included. */
  API_INTERNAL_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  /** How often the local payment provider's billing clock looks for subscriptions to renew (worker role). */
  LOCAL_BILLING_INTERVAL_MS: z.coerce.number().int().min(100).max(86_400_000).default(60_000),
  /** Issue 23: a member's data zip larger than this (bytes of its JSON) is prepared as a job and emailed as a link; 0 makes every zip a job. */
  MY_DATA_JOB_THRESHOLD_BYTES: z.coerce.number().int().min(0).max(1_000_000_000).default(2_000_000),
  /** Issue 23: days the emailed link to a prepared data zip stays valid. */
  MY_DATA_LINK_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /**
   * Whether the api checks each 2xx JSON answer against the response schema its route declares
   * (@roar/contracts): `fail` answers 500 on a mismatch (tests), `warn` logs it, `off` skips the
   * check. Default: fail under NODE_ENV=test, warn in development, off in production.
   */
  CHECK_RESPONSES: z.preprocess(emptyToUndefined, z.enum(['off', 'warn', 'fail']).optional()),
  /** Serve the built web apps from the API process. */
  SERVE_WEB: z.preprocess((v) => (v === undefined ? undefined : v === 'true' || v === '1'), z.boolean().default(true)),
  /**
   * Tests only: a clock the e2e harness and api tests move forward (POST /api/test/clock). Refused
   * unless NODE_ENV=test, and only the embedded `all` role has one clock for api and workers.
   */
  TEST_CLOCK: z.preprocess((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'), z.boolean().default(false)),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.TEST_CLOCK && (parsed.data.NODE_ENV !== 'test' || parsed.data.ROLE !== 'all'))
    throw new ConfigError('invalid configuration:\n  TEST_CLOCK: only with NODE_ENV=test and ROLE=all (one process, one clock)');
  const missing = scaledOutGaps(parsed.data);
  if (missing.length > 0) throw new ConfigError(`invalid configuration for ROLE=${parsed.data.ROLE}:\n${missing.map((m) => `  ${m}`).join('\n')}`);
  return parsed.data;
}

/**
 * What a scaled-out role (api, projector, worker) needs that the embedded default makes up for
 * itself: with the local payment provider, one webhook secret shared by every process and the
 * api's address, or renewals sent by the worker go to its own localhost, signed with its own key.
 */
export function scaledOutGaps(config: Config): string[] {
  if (config.ROLE === 'all' || (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET)) return [];
  const gaps: string[] = [];
  if (!config.PAYMENTS_WEBHOOK_SECRET)
    gaps.push(
      'PAYMENTS_WEBHOOK_SECRET: required: one secret (32+ characters) shared by the api, projector and worker, which sign and check the local payment webhooks',
    );
  if (!config.API_INTERNAL_URL)
    gaps.push(
      "API_INTERNAL_URL: required: the api's address as the other processes reach it (e.g. http://api:3000), where payment webhooks and renewals are posted",
    );
  return gaps;
}
