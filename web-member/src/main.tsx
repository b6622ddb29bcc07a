import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router-dom';
import { App } from './app';
import { routes } from './app/router';
import { dropEarlyClicks } from './lib/early-clicks';
import { PreloadProvider, setRenderNow, type PreloadedPage, type PreloadStore } from './lib/preload';
import { session } from './lib/session';
import './styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * A page the server rendered (services/api prerender) carries its loads' answers; it is hydrated
 * for a visitor, whose page is the one the server drew. A signed-in member's pages depend on who
 * they are (the browser holds the session): the app renders them afresh.
 */
const embedded = document.getElementById('ssr-data');
if (embedded?.textContent && !session.isLoggedIn()) {
  hydrate(root, JSON.parse(embedded.textContent) as PreloadedPage).catch((error: unknown) => {
    dropEarlyClicks();
    throw error;
  });
} else {
  // The app draws this page afresh (a member's own): the server's buttons are gone, and so is any tap on them.
  dropEarlyClicks();
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

/**
 * Hydrates the server's page. Not awaited at the top of this module: the route modules it loads import
 * the entry chunk this module is in (every module the entry imports shares one chunk, vite.config.ts),
 * and a top-level await here would have them wait for this module to finish, and it for them.
 */
async function hydrate(container: HTMLElement, page: PreloadedPage): Promise<void> {
  const store: PreloadStore = { answers: new Map(Object.entries(page.answers)) };
  // The route modules the page is made of are loaded before hydrating, so the first render is the page itself.
  for (const match of matchRoutes(routes, window.location) ?? []) {
    const route = match.route;
    if (typeof route.lazy !== 'function') continue;
    Object.assign(route, await route.lazy());
    delete route.lazy;
  }
  // The server's page is painted before hydration starts (hydrating is the first load's longest task).
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  setRenderNow(page.renderedAt);
  hydrateRoot(
    container,
    <StrictMode>
      <PreloadProvider store={store} clearAfterMount>
        <App />
      </PreloadProvider>
    </StrictMode>,
  );
}
