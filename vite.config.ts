import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';
import { staticImportClosure } from './domain/build-manifest.ts';
import { PUBLIC_ROUTES } from './domain/public-routes.ts';

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
 * supabase-js builds its realtime and storage clients eagerly, on every page: they get stubs
 * (web/lib/realtime-stub.ts, decision 051; web/lib/storage-stub.ts). The live site imports the real
 * @supabase/realtime-js itself, in a chunk loaded after first render (web/lib/live, decision 193);
 * the pages that upload or remove files use the real @supabase/storage-js through web/lib/storage.ts.
 */
function clientStubsForSupabaseJs(): Plugin {
  const stubs: Record<string, string> = {
    '@supabase/realtime-js': resolve(import.meta.dirname, 'web/lib/realtime-stub.ts'),
    '@supabase/storage-js': resolve(import.meta.dirname, 'web/lib/storage-stub.ts'),
  };
  return {
    name: 'client-stubs-for-supabase-js',
    enforce: 'pre',
    resolveId(source, importer) {
      if (stubs[source] && importer && /[\\/]@supabase[\\/]supabase-js[\\/]/.test(importer)) return stubs[source];
      return null;
    },
  };
}

/**
 * `virtual:public-pages`: the router's view of the table of public pages, domain/public-routes.ts
 * (web/app/routes.tsx; decision 218). Each route's path, and its page module as an import() the
 * build splits into a chunk of its own; home, bundled with the entry, has none. The rest of the
 * table (titles, meta sources, first-screen reads, sitemap and warm-up facts) is the server's: in
 * the browser's bundle it put / over its budget (161.1 kB gzip measured), so the table is read
 * here, at build time, and only its paths and modules reach the app.
 */
function publicPagesForTheRouter(): Plugin {
  const id = 'virtual:public-pages';
  const webRoot = resolve(import.meta.dirname, 'web');
  return {
    name: 'public-pages-for-the-router',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(resolved) {
      if (resolved !== `\0${id}`) return null;
      const routes = PUBLIC_ROUTES.map(({ path, module }) => {
        if (!module && path === '') return `{ path: '' }`;
        if (!module) throw new Error(`domain/public-routes.ts: the page at /${path} names no module`);
        if (!/^features\/[^/]+\/[^/]+-page\.tsx$/.test(module)) throw new Error(`${module}: a page module is a *-page.tsx at a feature's root`);
        return `{ path: ${JSON.stringify(path)}, load: () => import(${JSON.stringify(resolve(webRoot, module))}) }`;
      });
      return `export const PUBLIC_PAGES = [\n  ${routes.join(',\n  ')},\n];\n`;
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
  plugins: [clientStubsForSupabaseJs(), publicPagesForTheRouter(), react(), tailwindcss(), anonKeyFromServer(), ...(isSsrBuild ? [] : [hintTheAppStart(), precompress()])],
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
