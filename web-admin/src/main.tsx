import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SignInPage } from './sign-in/SignInPage';

const root = document.getElementById('root');
if (!root) throw new Error('the page has no #root element');

// /admin/login is the light sign-in page (plain React, no react-admin or MUI): the server sends it
// drawn at build time (dist/login.html, src/entry-server.tsx), so it paints before this script runs,
// and the same tree hydrates it here; the console's code is fetched only after signing in. Every
// other /admin path loads the console, which sends staff without a session back here with a full
// page load (App.tsx, ToSignIn).
if (/^\/admin\/login\/?$/.test(window.location.pathname)) {
  const page = (
    <StrictMode>
      <SignInPage next={new URLSearchParams(window.location.search).get('next')} />
    </StrictMode>
  );
  // An empty #root: the plain index.html (the vite dev server, or a build without login.html).
  if (root.hasChildNodes()) hydrateRoot(root, page);
  else createRoot(root).render(page);
} else {
  void import('./ConsoleRoot').then(({ renderConsole }) => renderConsole(root));
}
