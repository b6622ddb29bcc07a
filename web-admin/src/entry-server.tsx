import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { SignInPage } from './sign-in/SignInPage';

/**
 * The staff sign-in page drawn at build time (issue 25: it paints before any script runs): the
 * build (`vite build --ssr`, dist-server/) renders it once into dist/login.html
 * (scripts/prerender-admin.mjs), which the API serves for /admin/login; main.tsx then hydrates the
 * same tree. Nothing in it depends on the request: `next` only changes where a sign-in goes, not
 * what the page shows, and the notice of an ended session is read after hydration.
 */
export function renderSignInPage(): string {
  return renderToString(
    <StrictMode>
      <SignInPage next={null} />
    </StrictMode>,
  );
}
