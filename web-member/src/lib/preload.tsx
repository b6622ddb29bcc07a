import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { replayEarlyClicks } from './early-clicks';

/**
 * Answers a page loaded on the server before it was rendered there (issue 25, public pages that
 * paint without JavaScript). The server renders, collects the loads the render asked for, runs
 * them and renders again with their answers; the page carries the answers as JSON
 * (`<script type="application/json" id="ssr-data">`) and the browser's first render (hydration)
 * reads the same answers, so it draws exactly what the server drew. After hydration the store is
 * emptied: a later visit to a page loads afresh.
 */
export interface PreloadStore {
  readonly answers: Map<string, unknown>;
  /** Server only: the loads the last render asked for and did not find in `answers`. */
  readonly wanted?: Map<string, () => Promise<unknown>>;
}

/** What the server embeds in the page: the answers, and the time it rendered at (countdowns start from it). */
export interface PreloadedPage {
  readonly renderedAt: number;
  readonly answers: Record<string, unknown>;
}

const PreloadContext = createContext<PreloadStore | null>(null);

let hydrationNow: number | null = null;

/**
 * "Now" for a render: while the server renders and while the browser hydrates its page, the time
 * the server rendered at (a countdown drawn then must match); afterwards the clock.
 */
export function renderNow(): number {
  return hydrationNow ?? Date.now();
}

/** True while the browser hydrates the page the server drew (its first render); false on the server and afterwards. */
export function hydratingServerPage(): boolean {
  return hydrationNow !== null && typeof document !== 'undefined';
}

/** Sets (or clears, with null) the time renders use as "now" (the server around each render, the browser while it hydrates). */
export function setRenderNow(at: number | null): void {
  hydrationNow = at;
}

function ClearAfterHydration({ store, children }: { store: PreloadStore; children: ReactNode }) {
  useEffect(() => {
    // Effects of the whole tree have run: every component has read its answer.
    store.answers.clear();
    setRenderNow(null);
    // The server's page is live now: links route in the app (and are tracked) instead of loading a new page.
    document.documentElement.dataset.hydrated = 'true';
    replayEarlyClicks();
  }, [store]);
  return children;
}

export function PreloadProvider({
  store,
  clearAfterMount = false,
  children,
}: {
  store: PreloadStore;
  clearAfterMount?: boolean;
  children: ReactNode;
}) {
  return (
    <PreloadContext.Provider value={store}>
      {clearAfterMount ? <ClearAfterHydration store={store}>{children}</ClearAfterHydration> : children}
    </PreloadContext.Provider>
  );
}

export type Preloaded<T> = { readonly found: true; readonly value: T } | { readonly found: false };

/**
 * The answer preloaded under `key` for this component's first render, if there is one; on the
 * server, a miss asks for `load` to be run before the next render.
 */
export function usePreloaded<T>(key: string, load: () => Promise<T>): Preloaded<T> {
  const store = useContext(PreloadContext);
  const [first] = useState<Preloaded<T>>(() => {
    if (!store) return { found: false };
    if (store.answers.has(key)) return { found: true, value: store.answers.get(key) as T };
    if (store.wanted && !store.wanted.has(key)) store.wanted.set(key, load);
    return { found: false };
  });
  return first;
}

/** Serialises the preloaded page for a `<script type="application/json">` element (no `</script>` can end it early). */
export function preloadedJson(page: PreloadedPage): string {
  return JSON.stringify(page)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
