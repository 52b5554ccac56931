import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { openPostgres } from '../../../server/db/postgres.ts';
import { cloneTemplate, cloneUrl } from '../../support/databases.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { TcpProxy } from '../../support/tcp-proxy.ts';
import { serviceProject } from '../schema-fixtures.ts';

/**
 * A page of the SPA while Postgres hangs (reliability F2): its reads share one deadline
 * (PAGE_RENDER_DEADLINE_MS), and past it the page goes out without them, the app then reading the
 * API itself. The pool's own limits are set far beyond the client's patience here, so only the
 * deadline can answer in time.
 */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>AI Showcase</title>
    <meta name="description" content="The build's description" />
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let clone: Database;
let proxy: TcpProxy;
let server: TestServer;
/** The same database behind the same proxy, with the page cache on (as a production server runs). */
let cachingServer: TestServer;
let projectId: string;
let distDir: string;

const page = (path: string) => fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(20_000) });
const hasFirstScreen = (html: string) => html.includes('id="first-screen-data"');

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'showcase-pages-hang-'));
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  clone = await cloneTemplate();
  const direct = new URL(cloneUrl(clone));
  proxy = await TcpProxy.start({ host: direct.hostname, port: Number(direct.port || 5432) });
  const viaProxy = new URL(direct);
  viaProxy.port = String(proxy.port);
  const db = await openPostgres(viaProxy.toString(), { poolSize: 6, acquireTimeoutMs: 60_000, queryTimeoutMs: 60_000 });
  server = await startTestServer({ WEB_DIST_DIR: distDir, PAGE_RENDER_DEADLINE_MS: '500' }, { db });
  const owner = await server.createUser({ name: 'Owner' });
  await server.service().from('creators').insert({ id: owner.id, name: 'Owner' });
  projectId = await serviceProject(server, owner.id);
  const cachingDb = await openPostgres(viaProxy.toString(), { poolSize: 4, acquireTimeoutMs: 60_000, queryTimeoutMs: 60_000 });
  cachingServer = await startTestServer({ WEB_DIST_DIR: distDir, PAGE_RENDER_DEADLINE_MS: '500', PAGE_CACHE: 'true', PAGE_WARM_UP: 'false' }, { db: cachingDb });
}, 120_000);

afterAll(async () => {
  proxy?.resume();
  await server?.close();
  await cachingServer?.close();
  await proxy?.close();
  await clone?.close();
  if (distDir) rmSync(distDir, { recursive: true, force: true });
});

describe('pages while the database hangs', () => {
  it('sends /, /projects and /about without their data, and a project page as 503 with Retry-After, then draws them again once it answers', async () => {
    const before = await page('/');
    expect(before.status).toBe(200);
    expect(before.headers.get('cache-control')).toBe('no-cache');
    expect(hasFirstScreen(await before.text())).toBe(true);

    proxy.hang();
    try {
      const [home, projects, about, project] = await Promise.all([page('/'), page('/projects'), page('/about'), page(`/projects/${projectId}`)]);
      for (const [response, title] of [
        [home, 'AI Showcase'],
        [projects, 'All Projects · AI Showcase'],
        [about, 'About · AI Showcase'],
      ] as const) {
        expect(response.status).toBe(200);
        // Not to be kept by any cache: the next request may have its data.
        expect(response.headers.get('cache-control')).toBe('no-store');
        const html = await response.text();
        expect(html).toContain(`<title>${title}</title>`);
        // The app's root, empty, and no answers: the browser's app draws the page and reads the API.
        expect(html).toContain('<div id="root"></div>');
        expect(hasFirstScreen(html)).toBe(false);
        expect(html).toContain('<meta name="supabase-url"');
      }
      // Whether a project exists is in the database: a crawler is told to come back, a visitor's app still runs.
      expect(project.status).toBe(503);
      expect(project.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await project.text()).toContain('<div id="root"></div>');
    } finally {
      proxy.resume();
    }

    await expect.poll(async () => hasFirstScreen(await (await page('/')).text())).toBe(true);
    const detail = await page(`/projects/${projectId}`);
    expect(detail.status).toBe(200);
    expect(hasFirstScreen(await detail.text())).toBe(true);
    const { data, error } = await server.anon().from('projects').select('id').eq('id', projectId);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: projectId }]);
  });

  it('sends a page the cache holds no copy of without its data too, rather than wait on the database', async () => {
    proxy.hang();
    try {
      const home = await fetch(`${cachingServer.url}/`, { signal: AbortSignal.timeout(20_000) });
      expect(home.status).toBe(200);
      const html = await home.text();
      expect(html).toContain('<div id="root"></div>');
      expect(hasFirstScreen(html)).toBe(false);
    } finally {
      proxy.resume();
    }
    // Drawn without its data, it was not kept: the next visitor gets the page with its data.
    await expect.poll(async () => hasFirstScreen(await (await fetch(`${cachingServer.url}/`)).text())).toBe(true);
  });
});
