import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API process serves dist/ at /admin with an SPA fallback (react-admin runs with
// basename="/admin"); in dev, Vite forwards the staff API to it.
const api = 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  server: { proxy: { '/api': api } },
  preview: { proxy: { '/api': api } },
  build: { outDir: 'dist', emptyOutDir: true },
});
