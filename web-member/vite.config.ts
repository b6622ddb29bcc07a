import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API process serves dist/ at '/' with an SPA fallback; in dev, Vite forwards API calls to it.
const api = 'http://127.0.0.1:3000';

// `vite build --ssr src/entry-server.tsx` writes the server renderer (dist-server/) the API imports
// to serve public pages as HTML (issue 25); the public folder is the browser build's alone.
export default defineConfig(({ isSsrBuild }) => ({
  base: '/',
  plugins: [react()],
  server: {
    proxy: { '/api': api, '/items': api, '/auth': api },
  },
  preview: {
    proxy: { '/api': api, '/items': api, '/auth': api },
  },
  build: {
    outDir: isSsrBuild ? 'dist-server' : 'dist',
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    // dist/.vite/manifest.json: the chunks and stylesheets of each route module, for the server's prerendered pages.
    manifest: !isSsrBuild,
    // Every browser the console supports preloads modules itself (Chrome 66, Safari 17, Firefox 115); where one
    // does not, the scripts still load when they run. Without the polyfill the first visit carries 0.4 KiB less.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // A chunk of the api's contracts (zod schemas shared by several pages) is named for them, so
        // it never takes a page's name: `auth-*.js` is the sign-in page, `contracts-auth-*.js` its schemas.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => id.includes('/services/contracts/'))
            ? 'assets/contracts-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
        // Every module the entry imports statically runs on every page before anything else: one chunk for
        // them all (issue 25). Left to itself the bundler cut them into ~17 small files (each shared with
        // some route), which the first visit fetched one by one and which compressed worse apart (gzip
        // 160.9 -> 150.4 KiB for the home page's first visit, measured on the built files).
        ...(isSsrBuild ? {} : { codeSplitting: { groups: [{ name: 'app', tags: ['$initial' as const] }] } }),
      },
    },
  },
}));
