import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureStaffUser, migrateStaffAuth } from '../../src/auth/staff';
import { staffSignIn } from '../../src/admin/test-staff';
import { startTestApi, type TestApi } from '../setup';
import { fromSchema, mutated, NASTY_SEGMENTS, wireText, type JsonSchema } from './arbitraries';

/**
 * Walks every operation of /api/openapi.json with generated and mutated inputs (path params,
 * query, body, broken encodings) under no token, a member token and a staff token, and fails on
 * any 5xx: nothing a client can send may become a server error.
 */
interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly schema?: JsonSchema;
}
interface Operation {
  readonly method: string;
  readonly path: string;
  readonly parameters: readonly Parameter[];
  readonly bodyType: string | null;
  readonly body: JsonSchema | undefined;
}
interface Sent {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

/** Requests per operation, shared between the three callers; FUZZ_RUNS=150 for a longer hunt. */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 24);
const PASSWORD = 'quartz-lantern-123';

function operationsOf(doc: {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema?: JsonSchema }> } }>>;
}): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const [bodyType, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [null, undefined];
      return { method: method.toUpperCase(), path, parameters: op.parameters ?? [], bodyType, body: media?.schema };
    }),
  );
}

/** encodeURIComponent throws on a lone surrogate; such a value goes on the wire as raw UTF-16 escapes would not. */
function encodeText(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function requestArbitrary(op: Operation, tokens: readonly (string | null)[]): fc.Arbitrary<Sent> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  // Small ids reach real records (the seeded tiers 1-4), so a request gets past "not found" into the handler.
  const segment = (p: Parameter) =>
    fc.oneof(wireText(p.schema).map(encodeText), fc.constantFrom(...NASTY_SEGMENTS), fc.constantFrom('1', '2', '3', '4'));
  const query = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, wireText(p.schema)])), { requiredKeys: [] });
  const validBody = fromSchema(op.body);
  const body = op.bodyType
    ? fc
        .oneof(validBody, mutated(validBody))
        .map((v) => (op.bodyType === 'application/x-www-form-urlencoded' ? formOf(v) : (JSON.stringify(v) ?? 'null')))
    : fc.constant(undefined);
  const rawBody = fc.constantFrom(
    '{"a":',
    'not json',
    '\u0000',
    '[1,2',
    '{"email":"\\ud800"}',
    '{"__proto__":{"x":1}}',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
  );
  const encoding = fc.constantFrom<string | null>(null, null, null, null, 'gzip', 'deflate', 'br', 'compress', 'identity, gzip');
  return fc
    .record({
      token: fc.constantFrom(...tokens),
      segments: fc.tuple(...pathParams.map(segment)),
      query,
      body: fc.oneof({ weight: 5, arbitrary: body }, { weight: 1, arbitrary: rawBody }),
      encoding,
    })
    .map(({ token, segments, query: q, body: b, encoding: enc }) => {
      let i = 0;
      const path = op.path.replace(/\{[^}]+\}/g, () => segments[i++] ?? 'x');
      const search = Object.entries(q)
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeText(v ?? '')}`)
        .join('&');
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      const sendsBody = op.method !== 'GET' && b !== undefined;
      if (sendsBody) headers['content-type'] = op.bodyType ?? 'application/json';
      if (sendsBody && enc) headers['content-encoding'] = enc;
      return { method: op.method, url: `${path}${search ? `?${search}` : ''}`, headers, ...(sendsBody ? { body: b } : {}) };
    });
}

function formOf(value: unknown): string {
  if (typeof value !== 'object' || value === null) return encodeText(String(value));
  return Object.entries(value)
    .map(([k, v]) => `${encodeText(k)}=${encodeText(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`)
    .join('&');
}

describe('every operation of the OpenAPI document answers malformed input without a 5xx', () => {
  let api: TestApi | null = null;
  let operations: Operation[] = [];
  const tokens: (string | null)[] = [null];
  let sent = 0;

  const send = async (r: Sent): Promise<number> => {
    sent += 1;
    const res = await fetch(`${api!.url}${r.url}`, {
      method: r.method,
      headers: r.headers,
      ...(r.body !== undefined ? { body: r.body } : {}),
      redirect: 'manual',
    });
    await res.arrayBuffer();
    return res.status;
  };

  beforeAll(async () => {
    api = (await startTestApi({ database: 'postgres' })) ?? (await startTestApi({ database: 'pglite' }));
    const base = api!.url;
    await migrateStaffAuth(api!.ctx.sql);
    await ensureStaffUser(api!.ctx.sql, { email: 'fuzz-admin@example.test', password: PASSWORD, role: 'admin', name: 'Fuzz admin' });
    tokens.push((await staffSignIn(base, { email: 'fuzz-admin@example.test', password: PASSWORD }, api!.ctx.now)).token);
    const signUp = await fetch(`${base}/api/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Fuzz',
        last_name: 'Member',
        email: 'fuzz-member@example.test',
        password: PASSWORD,
        membership_id: 1,
        recaptcha_token: 'local-test-token',
        state: 'NSW',
        dob: '1990-01-01',
      }),
    });
    tokens.push(((await signUp.json()) as { access_token: string }).access_token);
    operations = operationsOf((await (await fetch(`${base}/api/openapi.json`)).json()) as Parameters<typeof operationsOf>[0]);
  });
  afterAll(async () => {
    // The figure the closing note quotes: how many requests one run sends.
    console.warn(`openapi fuzz: ${sent} requests over ${operations.length} operations`);
    await api?.close();
  });

  it('has a member and a staff token and a document to walk', () => {
    expect(tokens.filter(Boolean)).toHaveLength(2);
    expect(operations.length).toBeGreaterThan(30);
  });

  // A fixed number of requests: on a loaded machine they take minutes, so the budget only catches a hang.
  it('answers every generated and mutated request with less than 500', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    // Every operation under each of the three callers (none, member, staff), a share of the runs each.
    for (const op of operations) {
      for (const [i, token] of tokens.entries()) {
        const caller = ['no token', 'staff token', 'member token'][i];
        const before = failures.length;
        await fc
          .assert(
            fc.asyncProperty(requestArbitrary(op, [token]), async (r) => {
              const request = `(${caller}) ${r.method} ${r.url} ${JSON.stringify(r.headers['content-encoding'] ?? '')} ${r.body?.slice(0, 200) ?? ''}`;
              let status: number;
              try {
                status = await send(r);
              } catch (error) {
                // No answer at all (the server dropped the connection, or died): worse than a 500.
                failures.push(
                  `no answer ${request}: ${error instanceof Error ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}` : String(error)}`,
                );
                return false;
              }
              if (status >= 500) failures.push(`${status} ${request}`);
              return status < 500;
            }),
            { numRuns: Math.ceil(RUNS_PER_OPERATION / tokens.length), endOnFailure: true },
          )
          .catch((error: unknown) => {
            // A failing request is listed above as it happened (fast-check stops that operation at
            // its first); anything else fast-check reports (an arbitrary that threw) fails the run too.
            if (failures.length === before)
              failures.push(`${op.method} ${op.path} (${caller}): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
          });
      }
    }
    expect(failures).toEqual([]);
  });
});
