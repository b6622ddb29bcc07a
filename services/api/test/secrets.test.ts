import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const secrets = fileURLToPath(new URL('../src/secrets.ts', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** One process of `npm run start:services` reading (or making) a secret of the shared data folder. */
function secretOf(dataDir: string): Promise<string> {
  const script = `import(${JSON.stringify(secrets)}).then((m) => process.stdout.write(m.persistentSecret({ DATA_DIR: ${JSON.stringify(dataDir)} }, 'gift-card-secret')))`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
  });
}

describe('a secret generated into the data folder', () => {
  it('is the same for processes starting together (the gift card key must be one, or cards are lost)', async () => {
    for (let round = 0; round < 3; round++) {
      const dir = mkdtempSync(join(tmpdir(), 'roar-secret-'));
      dirs.push(dir);
      const seen = await Promise.all(Array.from({ length: 6 }, () => secretOf(dir)));
      expect(new Set(seen).size).toBe(1);
      expect(seen[0]).toMatch(/^[A-Za-z0-9_-]{64}$/);
      // No drafts are left behind.
      expect(readdirSync(dir)).toEqual(['gift-card-secret']);
    }
  }, 60_000);
});
