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

  it('says the storage bounds of ids, filters and limits', async () => {
    const doc = (await (await fetch(`${api.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { parameters?: Array<{ name: string; schema: { maximum?: number } }>; requestBody?: { content: Record<string, { schema: { properties: Record<string, { maximum?: number }> } }> } }>> };
    const limit = doc.paths['/items/membership']?.get?.parameters?.find((p) => p.name === 'limit');
    expect(limit?.schema.maximum).toBe(2147483647);
    const signUp = doc.paths['/api/sign-up']?.post?.requestBody?.content['application/json']?.schema.properties.membership_id;
    expect(signUp?.maximum).toBe(2147483647);
  });
});
