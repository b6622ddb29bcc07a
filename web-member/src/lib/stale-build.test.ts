import { describe, expect, it } from 'vitest';
import { claimReload, isChunkLoadError } from './stale-build';

const memoryStore = () => {
  const values = new Map<string, string>();
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
};

describe('stale build reloads', () => {
  it('recognises the chunk errors of Chromium, Firefox and Safari, and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/auth-1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError({ status: 404 })).toBe(false);
  });

  it('reloads a path once a minute at most, so a broken release cannot loop', () => {
    const store = memoryStore();
    expect(claimReload(store, '/login', 1_000)).toBe(true);
    expect(claimReload(store, '/login', 30_000)).toBe(false);
    expect(claimReload(store, '/dashboard', 30_000)).toBe(true);
    expect(claimReload(store, '/login', 100_000)).toBe(true);
    store.setItem('roar.stale_build_reload', 'not json');
    expect(claimReload(store, '/login', 100_500)).toBe(true);
  });
});
