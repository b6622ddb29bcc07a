/**
 * After a new release the page a member has open still points at the previous build's chunks,
 * which are gone: the next lazy route fails to load. The cure is one full reload (the new
 * index.html names the new chunks). A reload that fails again must not loop, so each path is
 * reloaded at most once a minute; after that the error page shows.
 */
const KEY = 'roar.stale_build_reload';
const WINDOW_MS = 60_000;

/** What browsers say when a dynamic import() or a module preload cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : typeof error === 'string' ? error : '';
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i.test(
    message,
  );
}

interface Store {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** True (and remembered) when this path has not been reloaded for a stale build within a minute. */
export function claimReload(store: Store, path: string, now: number): boolean {
  let last: { path?: unknown; at?: unknown } = {};
  try {
    last = JSON.parse(store.getItem(KEY) ?? '{}') as typeof last;
  } catch {
    last = {};
  }
  if (last.path === path && typeof last.at === 'number' && now - last.at < WINDOW_MS) return false;
  store.setItem(KEY, JSON.stringify({ path, at: now }));
  return true;
}

/** Reloads once for a stale build; false when the caller should show the error instead. */
export function reloadForStaleBuild(error: unknown): boolean {
  if (!isChunkLoadError(error)) return false;
  if (!claimReload(window.sessionStorage, window.location.pathname, Date.now())) return false;
  window.location.reload();
  return true;
}
