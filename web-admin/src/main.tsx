import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SignInPage } from './sign-in/SignInPage';

const root = document.getElementById('root');
if (!root) throw new Error('the page has no #root element');

// /admin/login is the light sign-in page (plain React, no react-admin or MUI): it paints at once and
// the console's code is fetched only after signing in. Every other /admin path loads the console,
// which sends staff without a session back here with a full page load (App.tsx, ToSignIn).
if (/^\/admin\/login\/?$/.test(window.location.pathname)) {
  createRoot(root).render(
    <StrictMode>
      <SignInPage next={new URLSearchParams(window.location.search).get('next')} />
    </StrictMode>,
  );
} else {
  void import('./ConsoleRoot').then(({ renderConsole }) => renderConsole(root));
}
