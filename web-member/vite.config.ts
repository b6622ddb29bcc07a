import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API process serves dist/ at '/' with an SPA fallback; in dev, Vite forwards API calls to it.
const api = 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/',
  plugins: [react()],
  server: {
    proxy: { '/api': api, '/items': api, '/auth': api },
  },
  preview: {
    proxy: { '/api': api, '/items': api, '/auth': api },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
