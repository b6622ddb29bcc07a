import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runSections, selectSections, type BenchSection, type Figures } from './sections';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('bench sections', () => {
  it('stop at the first section that fails: the later ones never start', async () => {
    const ran: string[] = [];
    const section = (name: string, fail = false): BenchSection => ({
      name,
      run: () => {
        ran.push(name);
        return fail ? Promise.reject(new Error(`${name} broke`)) : Promise.resolve({ [`${name}_ms`]: 1 });
      },
    });
    const figures: Figures = {};
    const lines: string[] = [];
    const failed = await runSections([section('a'), section('b', true), section('c')], figures, (l) => lines.push(l));
    expect(failed).toBe('b');
    expect(ran).toEqual(['a', 'b']);
    expect(figures).toEqual({ a_ms: 1, b_failed: 'b broke' });
    expect(lines[0]).toMatch(/^b: FAILED: Error: b broke/);
  });

  it('are chosen by name or by prefix, and an unknown name is refused with the list', () => {
    const all = ['append_postgres', 'append_pglite', 'draw'].map((name): BenchSection => ({ name, run: () => Promise.resolve({}) }));
    expect(selectSections(all, []).map((s) => s.name)).toEqual(['append_postgres', 'append_pglite', 'draw']);
    expect(selectSections(all, ['draw', 'append']).map((s) => s.name)).toEqual(['append_postgres', 'append_pglite', 'draw']);
    expect(() => selectSections(all, ['nope'])).toThrow('no bench section named nope; the sections: append_postgres, append_pglite, draw');
  });

  it('`npm run bench` exits 1 promptly after a section fails (Chromium missing), without running the next section', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/index.ts', 'assets', 'shop'], {
      cwd: root,
      env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let failedAt = 0;
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (!failedAt && output.includes('assets: FAILED')) failedAt = Date.now();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    // Before the fix the product process the section started kept the run alive after its summary.
    const code = await new Promise<number | null>((resolve) => {
      const killer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(null);
      }, 150_000);
      child.once('exit', (c) => {
        clearTimeout(killer);
        resolve(c);
      });
    });
    const exitedAfterMs = Date.now() - failedAt;
    expect(output).toContain('Chromium not found at /nonexistent/chromium');
    expect(output).toContain('section assets failed: the run stopped there');
    expect(output).not.toMatch(/^shop \(/m);
    expect(code, output).toBe(1);
    expect(exitedAfterMs).toBeLessThan(15_000);
  }, 180_000);
});
