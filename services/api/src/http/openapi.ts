import { z } from 'zod';
import { errorBodySchema } from '@roar/contracts/http';

/**
 * OpenAPI 3.1 built from the same zod schemas the routes parse with: a route documents itself by
 * registering its method, path and schemas, so the document cannot drift from the validation.
 */
export interface RouteDoc {
  readonly method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly query?: z.ZodObject;
  /** Path parameters with their bounds; without it each `:name` is documented as a string. */
  readonly params?: z.ZodObject;
  readonly body?: z.ZodType;
  /** The body's media type (default application/json; the hosted checkout form posts urlencoded). */
  readonly bodyType?: 'application/json' | 'application/x-www-form-urlencoded';
  /**
   * The success answer's body, from @roar/contracts. Every operation declares one (a test holds the
   * document to it); only a 204 or a redirect answers without a body.
   */
  readonly response?: z.ZodType;
  /** The success status (default 200). */
  readonly status?: 200 | 201 | 202 | 204 | 302 | 303;
  /** The success answer's media type (default application/json; CSV exports, the hosted checkout page). */
  readonly responseType?:
    | 'application/json'
    | 'text/csv'
    | 'text/html'
    | 'text/plain'
    | 'image/png'
    | 'image/webp'
    | 'application/pdf'
    | 'application/octet-stream'
    | 'application/zip'
    | 'text/event-stream';
  readonly auth?: 'member' | 'staff';
  readonly errors?: readonly number[];
}

const errorSchema = errorBodySchema;

const docs: RouteDoc[] = [];
const byRoute = new Map<string, RouteDoc>();

export function documentRoute(doc: RouteDoc): void {
  docs.push(doc);
  byRoute.set(`${doc.method.toUpperCase()} ${doc.path}`, doc);
}

/** The documented route for a method and express pattern (`/api/shop/orders/:id`), if any. */
export function findRouteDoc(method: string, pattern: string): RouteDoc | null {
  return byRoute.get(`${method.toUpperCase()} ${pattern}`) ?? null;
}

/** Every documented route, in the order they were registered. */
export function routeDocs(): readonly RouteDoc[] {
  return docs;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): unknown {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', unrepresentable: 'any', io });
}

export function buildOpenApi(version: string): unknown {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const d of docs) {
    const path = d.path.replace(/:(\w+)/g, '{$1}');
    const params = [...d.path.matchAll(/:(\w+)/g)].map((m) => {
      const declared = m[1] ? d.params?.shape[m[1]] : undefined;
      return { name: m[1], in: 'path', required: true, schema: declared ? jsonSchema(declared as z.ZodType) : { type: 'string' } };
    });
    const queryParams = d.query
      ? Object.entries(d.query.shape).map(([name, s]) => ({
          name,
          in: 'query',
          required: !(s as z.ZodType).safeParse(undefined).success,
          schema: jsonSchema(s as z.ZodType),
        }))
      : [];
    const status = d.status ?? 200;
    const responses: Record<string, unknown> = {
      [String(status)]: {
        description: status === 201 ? 'Created' : status === 202 ? 'Accepted' : status === 204 ? 'No Content' : status >= 300 ? 'Redirect' : 'OK',
        ...(d.response ? { content: { [d.responseType ?? 'application/json']: { schema: jsonSchema(d.response, 'output') } } } : {}),
      },
    };
    for (const status of d.errors ?? [400]) {
      responses[String(status)] = { description: 'Error', content: { 'application/json': { schema: jsonSchema(errorSchema) } } };
    }
    paths[path] ??= {};
    paths[path]![d.method] = {
      summary: d.summary,
      tags: [d.tag],
      parameters: [...params, ...queryParams],
      ...(d.body ? { requestBody: { required: true, content: { [d.bodyType ?? 'application/json']: { schema: jsonSchema(d.body) } } } } : {}),
      ...(d.auth ? { security: [{ bearer: [] }] } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'ROAR+ club platform API', version },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
