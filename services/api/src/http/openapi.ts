import { z } from 'zod';

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
  readonly response?: z.ZodType;
  readonly auth?: 'member' | 'staff';
  readonly errors?: readonly number[];
}

const errorSchema = z.object({ errors: z.array(z.object({ message: z.string(), extensions: z.object({ code: z.string(), field: z.string().optional() }).optional() })) });

const docs: RouteDoc[] = [];

export function documentRoute(doc: RouteDoc): void {
  docs.push(doc);
}

function jsonSchema(schema: z.ZodType): unknown {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', unrepresentable: 'any', io: 'input' });
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
      ? Object.entries(d.query.shape).map(([name, s]) => ({ name, in: 'query', required: !(s as z.ZodType).safeParse(undefined).success, schema: jsonSchema(s as z.ZodType) }))
      : [];
    const responses: Record<string, unknown> = {
      '200': { description: 'OK', ...(d.response ? { content: { 'application/json': { schema: jsonSchema(d.response) } } } : {}) },
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
