import type express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { startTestApi, type TestApi } from './setup';

/**
 * Every route the express app mounts is in /api/openapi.json. The routes come from walking the
 * app's own router stack (nested routers included), not from a list kept by hand, so a route
 * added anywhere without `documentRoute` fails here.
 */
interface Layer {
  readonly rawPath?: string | readonly string[];
  readonly route?: { readonly path: string | RegExp | readonly string[]; readonly methods: Record<string, boolean> };
  readonly handle: { readonly stack?: readonly Layer[] };
}

function join(prefix: string, path: string): string {
  const joined = `${prefix}/${path}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

function pathsOf(p: string | RegExp | readonly string[] | undefined): string[] {
  if (p === undefined) return [''];
  // A pattern route (the media files under /media) is documented as one {path} parameter.
  if (p instanceof RegExp) return [':path'];
  return typeof p === 'string' ? [p] : [...p];
}

/** `METHOD /path/{param}` for every route of a router stack. */
export function mountedRoutes(stack: readonly Layer[], prefix = ''): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const methods = Object.keys(layer.route.methods).filter((m) => m !== '_all');
      return pathsOf(layer.route.path).flatMap((p) => methods.map((m) => `${m.toUpperCase()} ${join(prefix, p).replace(/:(\w+)/g, '{$1}')}`));
    }
    if (layer.handle.stack) return pathsOf(layer.rawPath).flatMap((p) => mountedRoutes(layer.handle.stack!, join(prefix, p === '/' ? '' : p)));
    return [];
  });
}

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/**
 * Where a response schema says nothing: `{}`, an object with no properties (`z.object({}).loose()`),
 * a record of anything at the top, or an array of such. Nested `unknown` values (an event's data)
 * are fine; an object that lists no properties anywhere is not.
 */
export function emptyPlaces(schema: JsonSchema | undefined, at = '(body)', top = true): string[] {
  if (!schema || Object.keys(schema).length === 0) return [at];
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternatives) return alternatives.flatMap((s, i) => emptyPlaces(s, `${at}|${i}`, top));
  if (schema.type === 'array') return emptyPlaces(schema.items, `${at}[]`, top);
  if (schema.type === 'object') {
    if (schema.properties && Object.keys(schema.properties).length === 0) return [at];
    if (!schema.properties) {
      const values = schema.additionalProperties as JsonSchema | undefined;
      return top && (!values || Object.keys(values).length === 0) ? [at] : [];
    }
    return Object.entries(schema.properties).flatMap(([k, s]) =>
      (s && s.type === 'object') || s?.type === 'array' || s?.anyOf ? emptyPlaces(s, `${at}.${k}`, false) : [],
    );
  }
  return [];
}

describe('the OpenAPI document', () => {
  let api: TestApi;
  let app: express.Express;
  beforeAll(async () => {
    api = (await startTestApi({ database: 'pglite', seed: false }))!;
    app = createApp(api.ctx, api.infra.members, { serveWeb: false });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('documents every mounted route', async () => {
    const doc = (await (await fetch(`${api.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`)));
    const mounted = [...new Set(mountedRoutes((app as unknown as { router: { stack: Layer[] } }).router.stack))];
    expect(mounted.length).toBeGreaterThan(50);
    expect(mounted.filter((r) => !documented.has(r)).sort()).toEqual([]);
  });

  it('states a real success schema for every operation (no empty or missing 2xx body)', async () => {
    type Operation = { responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> };
    const doc = (await (await fetch(`${api.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, Operation>> };
    const empty: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const success = Object.entries(op.responses).filter(([status]) => status.startsWith('2') || status.startsWith('3'));
        if (success.length === 0) empty.push(`${method.toUpperCase()} ${path}: no success response`);
        for (const [status, response] of success) {
          if (status === '204' || status.startsWith('3')) continue;
          const content = Object.values(response.content ?? {});
          if (content.length === 0) empty.push(`${method.toUpperCase()} ${path} ${status}: no body schema`);
          for (const c of content)
            for (const where of emptyPlaces(c.schema)) empty.push(`${method.toUpperCase()} ${path} ${status}: empty at ${where}`);
        }
      }
    }
    expect(empty.sort()).toEqual([]);
  });

  it('says the storage bounds of ids, filters and limits', async () => {
    const doc = (await (await fetch(`${api.url}/api/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: Array<{ name: string; schema: { maximum?: number } }>;
            requestBody?: { content: Record<string, { schema: { properties: Record<string, { maximum?: number }> } }> };
          }
        >
      >;
    };
    const limit = doc.paths['/items/membership']?.get?.parameters?.find((p) => p.name === 'limit');
    expect(limit?.schema.maximum).toBe(2147483647);
    const signUp = doc.paths['/api/sign-up']?.post?.requestBody?.content['application/json']?.schema.properties.membership_id;
    expect(signUp?.maximum).toBe(2147483647);
  });
});
