import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/**
 * The SPA lives in web/ and builds into dist/web, which server/web serves.
 * In `vite dev` the API calls go to a running server (npm run dev) through the proxy below.
 */
const apiTarget = process.env.VITE_DEV_API ?? 'http://localhost:8080';

export default defineConfig({
  root: resolve(import.meta.dirname, 'web'),
  publicDir: resolve(import.meta.dirname, 'web/public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    // The SPA opens no realtime channel; see web/lib/realtime-stub.ts.
    alias: { '@supabase/realtime-js': resolve(import.meta.dirname, 'web/lib/realtime-stub.ts') },
  },
  build: {
    outDir: resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    // scripts/check-bundle-size.ts reads the manifest to find what `/` needs before first render.
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    proxy: Object.fromEntries(
      ['/rest/v1', '/auth/v1', '/storage/v1', '/functions/v1', '/sitemap.xml', '/feed.xml'].map((p) => [p, apiTarget]),
    ),
  },
});
