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
    rollupOptions: {
      output: {
        // A chunk of the api's contracts (zod schemas shared by several pages) is named for them, so
        // it never takes a page's name: `auth-*.js` is the sign-in page, `contracts-auth-*.js` its schemas.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => id.includes('/services/contracts/'))
            ? 'assets/contracts-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
}));
