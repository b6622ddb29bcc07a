import { expect } from 'vitest';
import { comparePositions, type RecordedEvent } from '@roar/platform';
import type { TestApi } from './setup';

/** A JSON request to the test api; `token` goes in as a bearer token. */
export interface ApiRequest {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly body?: unknown;
  readonly token?: string;
}

/** An event the request must have appended: its type, and the payload fields that matter (matched as a subset). */
export interface ExpectedEvent {
  readonly type: string;
  readonly data?: Record<string, unknown>;
}

export interface ApiAnswer {
  readonly status: number;
  readonly headers: Headers;
  /** Parsed JSON, the text when it is not JSON, null when empty. */
  readonly body: unknown;
}

/** Stream name → the events the request appended to it, in order, nothing more and nothing less. */
export type ExpectedStreams = Record<string, readonly ExpectedEvent[]>;

export interface ApiThen<Given> {
  readonly status: number;
  /** A value the body must match (as a subset, toMatchObject), or an assertion on it. */
  readonly body?: unknown;
  /** The streams to look at, from the answer (a new member's id, an order id) and the given setup. */
  readonly events?: ExpectedStreams | ((answer: ApiAnswer, given: Given) => ExpectedStreams | Promise<ExpectedStreams>);
}

export interface ApiOutcome<Given> extends ApiAnswer {
  readonly given: Given;
  /** Every event appended to the named streams since the request began. */
  readonly appended: Record<string, RecordedEvent[]>;
}

/** An answer a test client already read (referrals-helpers' `client`): its status and parsed body. */
export interface ReadAnswer {
  readonly status: number;
  readonly body: unknown;
}

async function send(api: TestApi, request: ApiRequest | Response | ReadAnswer): Promise<ApiAnswer> {
  if (!(request instanceof Response) && 'status' in request) return { status: request.status, headers: new Headers(), body: request.body };
  const r =
    request instanceof Response
      ? request
      : await fetch(`${api.url}${request.path}`, {
          method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
          headers: {
            ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
          },
          ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        });
  const text = await r.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: r.status, headers: r.headers, body };
}

/**
 * Api tests as specifications, after Emmett's `ApiSpecification`: given a setup (members signed
 * up, a cart saved), when one request, then its status, its body, and the events it appended,
 * read back from the test api's own event store:
 *
 *     const spec = ApiSpecification.for(() => api);
 *     await spec(() => c.paidMember())
 *       .when((m) => ({ path: '/api/cashback/claims', body: claim, token: m.token }))
 *       .then({ status: 201, events: (_, m) => ({ [cashbackStreamId(m.id)]: [{ type: 'CashbackClaimSubmitted' }] }) });
 *
 * "Appended by the request" is every event of a named stream whose position passes the store's
 * head as it stood just before the request: the store orders positions by commit, so a write the
 * request made sorts after it. Name streams only this request writes to while it runs; a reactor
 * that appends to the same stream later would show up too.
 */
export const ApiSpecification = {
  for(api: () => TestApi) {
    return <Given = undefined>(setup?: () => Given | Promise<Given>) => ({
      /** The request: a JSON request to send, or the call itself (a fetch, or a test client's call). */
      when(request: (given: Given) => ApiRequest | Promise<Response | ReadAnswer>) {
        return {
          async then(expected: ApiThen<Given>): Promise<ApiOutcome<Given>> {
            const app = api();
            const given = (await setup?.()) as Given;
            const head = await app.infra.store.headPosition();
            const answer = await send(app, await request(given));
            expect(answer.status, `status of an answer with body ${JSON.stringify(answer.body)}`).toBe(expected.status);
            if (typeof expected.body === 'function') (expected.body as (body: unknown) => void)(answer.body);
            else if (expected.body !== undefined) expect(answer.body).toMatchObject(expected.body as object);
            const streams = typeof expected.events === 'function' ? await expected.events(answer, given) : (expected.events ?? {});
            const appended: Record<string, RecordedEvent[]> = {};
            for (const [stream, events] of Object.entries(streams)) {
              appended[stream] = (await app.infra.store.readStream(stream)).filter((e) => comparePositions(e.position, head) > 0);
              const seen = appended[stream].map((e) => ({ type: e.type, data: e.data }));
              expect(seen, `events appended to ${stream}`).toMatchObject(events.map((e) => ({ type: e.type, ...(e.data ? { data: e.data } : {}) })));
            }
            return { ...answer, given, appended };
          },
        };
      },
    });
  },
};
