import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API process serves dist/ at /admin with an SPA fallback (react-admin runs with
// basename="/admin"); in dev, Vite forwards the staff API to it.
const api = 'http://127.0.0.1:3000';

// `vite build --ssr src/entry-server.tsx` writes the renderer (dist-server/) the build uses to draw
// the sign-in page into dist/login.html (scripts/prerender-admin.mjs, issue 25).
export default defineConfig(({ isSsrBuild }) => ({
  base: '/admin/',
  plugins: [react()],
  server: { proxy: { '/api': api } },
  preview: { proxy: { '/api': api } },
  build: { outDir: isSsrBuild ? 'dist-server' : 'dist', emptyOutDir: true, copyPublicDir: !isSsrBuild },
}));
