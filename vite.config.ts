import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';
import { staticImportClosure } from './domain/build-manifest.ts';

/**
 * The SPA lives in web/ and builds into dist/web, which server/web serves.
 * In `vite dev` the API calls go to a running server (npm run dev) through the proxy below.
 */
const apiTarget = process.env.VITE_DEV_API ?? 'http://localhost:8080';

/**
 * In `vite dev`, copies the anon key from the running server's index.html, which the server fills
 * in at request time (server/web), so the dev app needs no VITE_SUPABASE_ANON_KEY.
 */
function anonKeyFromServer(): Plugin {
  return {
    name: 'anon-key-from-server',
    apply: 'serve',
    async transformIndexHtml(html) {
      if (process.env.VITE_SUPABASE_ANON_KEY) return html;
      try {
        const served = await (await fetch(`${apiTarget}/`)).text();
        const tag = /<meta name="supabase-anon-key" content="[^"]*" \/>/.exec(served)?.[0];
        return tag ? html.replace('</head>', `  ${tag}\n  </head>`) : html;
      } catch {
        console.warn(`No server at ${apiTarget}; start it with npm run dev, or set VITE_SUPABASE_ANON_KEY.`);
        return html;
      }
    },
  };
}

/**
 * supabase-js builds its realtime client eagerly, on every page: it gets the stub
 * (web/lib/realtime-stub.ts, decision 051). The live site imports the real @supabase/realtime-js
 * itself, in a chunk loaded after first render (web/lib/live, decision 193).
 */
function realtimeStubForSupabaseJs(): Plugin {
  const stub = resolve(import.meta.dirname, 'web/lib/realtime-stub.ts');
  return {
    name: 'realtime-stub-for-supabase-js',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@supabase/realtime-js' && importer && /[\\/]@supabase[\\/]supabase-js[\\/]/.test(importer)) return stub;
      return null;
    },
  };
}

/**
 * index.html's entry (web/app/main.tsx) imports the app (web/app/start.tsx) dynamically, after a
 * server-drawn first screen is shown (decision 204). Its modules are hinted in index.html all the
 * same, so a page the browser draws itself loads them beside the entry, not after it; the server
 * takes every hint out of the pages it draws (server/web/index-html.ts).
 */
function hintTheAppStart(): Plugin {
  return {
    name: 'hint-the-app-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
        const start = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith('/web/app/start.tsx'));
        if (!start) throw new Error('web/app/start.tsx is not a chunk of its own: main.tsx must import it with import()');
        return staticImportClosure(start.fileName, (fileName) => chunks.get(fileName)?.imports)
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/**
 * `vite build --ssr app/entry-server.tsx` builds the server's renderer of first screens (decision
 * 203) into dist/web/.ssr, after the browser build: a dot folder, which the server never serves.
 */
export const SERVER_RENDER_OUT_DIR = resolve(import.meta.dirname, 'dist/web/.ssr');

export default defineConfig(({ isSsrBuild }) => ({
  root: resolve(import.meta.dirname, 'web'),
  publicDir: isSsrBuild ? false : resolve(import.meta.dirname, 'web/public'),
  plugins: [realtimeStubForSupabaseJs(), react(), tailwindcss(), anonKeyFromServer(), ...(isSsrBuild ? [] : [hintTheAppStart(), precompress()])],
  build: isSsrBuild
    ? {
        outDir: SERVER_RENDER_OUT_DIR,
        emptyOutDir: true,
        sourcemap: false,
        target: 'node20',
        // One file: the server loads a fresh copy after a rebuild, and shared chunks would import the
        // old entry back (server/web/server-render.ts).
        rolldownOptions: { output: { codeSplitting: false } },
      }
    : {
        outDir: resolve(import.meta.dirname, 'dist/web'),
        emptyOutDir: true,
        // scripts/check-bundle-size.ts reads the manifest to find what `/` needs before first render.
        manifest: true,
        // No polyfill for <link rel="modulepreload">: every browser the build targets but Safari 16
        // follows it, and there the hints are simply ignored; the polyfill cost / 0.2 kB gzip.
        modulePreload: { polyfill: false },
        sourcemap: false,
        target: 'es2022',
      },
  // supabase-js is bundled into the server's renderer too, so it gets the realtime stub: on Node 20
  // the real client throws at construction for want of a WebSocket.
  ssr: { noExternal: ['@supabase/supabase-js'] },
  server: {
    proxy: Object.fromEntries(
      ['/rest/v1', '/auth/v1', '/storage/v1', '/functions/v1', '/sitemap.xml', '/feed.xml'].map((p) => [p, apiTarget]),
    ),
  },
}));
