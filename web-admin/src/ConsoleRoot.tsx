import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { App } from './App';
import { cspNonce } from './cspNonce';

// MUI's styles go into style elements that carry the page's CSP nonce (see cspNonce.ts).
const styleCache = createCache({ key: 'css', nonce: cspNonce });

/**
 * The console itself (react-admin, MUI, every resource): its own chunk, loaded by main.tsx for every
 * /admin path but the sign-in page. Clean URLs under /admin (react-admin's documented sub-path
 * setup): the API serves index.html for every /admin/* path, and <Admin basename="/admin"> builds
 * its links below it.
 */
export function renderConsole(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <CacheProvider value={styleCache}>
        <BrowserRouter>
          <Routes>
            <Route path="/admin/*" element={<App />} />
          </Routes>
        </BrowserRouter>
      </CacheProvider>
    </StrictMode>,
  );
}
