import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { App } from './App';
import { cspNonce } from './cspNonce';

// MUI's styles go into style elements that carry the page's CSP nonce (see cspNonce.ts).
const styleCache = createCache({ key: 'css', nonce: cspNonce });

const root = document.getElementById('root');
if (!root) throw new Error('the page has no #root element');
// Clean URLs under /admin (react-admin's documented sub-path setup): the API serves index.html
// for every /admin/* path, and <Admin basename="/admin"> builds its links below it.
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
