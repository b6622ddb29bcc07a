import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Production runs the compiled bundles (scripts/build-services.mjs) on an `npm ci --omit=dev`
 * install of the service workspaces. A bundle may therefore import only node built-ins and the
 * `dependencies` of those workspaces: a dev dependency (tsx, vitest, ...) would be missing there.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const SERVICE_WORKSPACES = ['services/platform', 'services/domain', 'services/workers', 'services/api', 'projections'];

function productionDependencies(): Set<string> {
  const names = SERVICE_WORKSPACES.flatMap((w) =>
    Object.keys((JSON.parse(readFileSync(join(root, w, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {}),
  );
  return new Set(names);
}

function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

describe('the production build', () => {
  const out = mkdtempSync(join(tmpdir(), 'roar-build-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('bundles every service entry to JavaScript that imports only built-ins and production dependencies', async () => {
    const { buildServices, SERVICE_ENTRIES } = (await import(join(root, 'scripts/build-services.mjs'))) as {
      buildServices: (outRoot: string) => Promise<void>;
      SERVICE_ENTRIES: Array<[string, string]>;
    };
    await buildServices(out);
    const allowed = productionDependencies();
    const builtins = new Set(builtinModules);
    for (const [, outfile] of SERVICE_ENTRIES) {
      const code = readFileSync(join(out, outfile), 'utf8');
      const imported = [...code.matchAll(/(?:^|\n)import\s[^;]*?from\s*"([^"]+)"|import\("([^"]+)"\)/g)].map((m) => m[1] ?? m[2]!);
      expect(imported.length, outfile).toBeGreaterThan(0);
      const foreign = imported.filter((s) => !s.startsWith('node:') && !builtins.has(s) && !allowed.has(packageOf(s)));
      expect(foreign, outfile).toEqual([]);
      expect(code).not.toMatch(/from\s*"@roar\//);
      expect(code).not.toMatch(/from\s*"tsx/);
    }
  });
});
