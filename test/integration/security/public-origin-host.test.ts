import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { makeProject } from '../admin-fixtures.ts';
import { rawRequest } from './raw-http.ts';

/**
 * The origin written into pages, feeds, sitemap and robots.txt is SITE_URL's unless the request's
 * Host is one the site is configured to be reached at (decision 105): a foreign Host is never
 * reflected into an answer a cache may keep.
 */
const SITE = 'https://showcase.example';
const PREVIEW = 'https://preview.example';
let server: TestServer;
let distDir: string;
let projectId: string;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'showcase-dist-'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><html><head><title>AI Showcase</title>\n</head><body><div id="root"></div></body></html>');
  server = await startTestServer({ WEB_DIST_DIR: distDir, SITE_URL: SITE, ADDITIONAL_REDIRECT_URLS: `${PREVIEW}/**,https://*.wild.example/**` });
  const maker = await server.createUser();
  projectId = await makeProject(server, maker, { title: 'Origin probe', status: 'approved' });
});
afterAll(async () => {
  await server?.close();
  rmSync(distDir, { recursive: true, force: true });
});

const get = async (path: string, host: string) => (await rawRequest(server.url + path, { headers: { host } })).text;

/** Every origin-bearing output for one Host header. */
async function outputs(host: string) {
  const page = await get(`/projects/${projectId}`, host);
  const meta = (pattern: RegExp) => pattern.exec(page)?.[1];
  return {
    robots: /Sitemap: (\S+)\/sitemap\.xml/.exec(await get('/robots.txt', host))?.[1],
    sitemap: [...(await get('/sitemap.xml', host)).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).origin),
    feed: [...(await get('/feed.xml', host)).matchAll(/<link>([^<]+)<\/link>/g)].map((m) => new URL(m[1]!).origin),
    supabaseUrl: meta(/<meta name="supabase-url" content="([^"]+)"/),
    authReturn: meta(/<meta name="auth-return-origin" content="([^"]+)"/),
    canonical: meta(/<link rel="canonical" href="([^"]+)"/),
    ogUrl: meta(/<meta property="og:url" content="([^"]+)"/),
  };
}

function expectAllOn(o: Awaited<ReturnType<typeof outputs>>, origin: string) {
  expect(o.robots).toBe(origin);
  expect(o.sitemap.length).toBeGreaterThan(0);
  expect(new Set(o.sitemap)).toEqual(new Set([origin]));
  expect(o.feed.length).toBeGreaterThan(0);
  expect(new Set(o.feed)).toEqual(new Set([origin]));
  expect(o.supabaseUrl).toBe(origin);
  expect(o.authReturn).toBe(origin);
  expect(new URL(o.canonical!).origin).toBe(origin);
  expect(new URL(o.ogUrl!).origin).toBe(origin);
}

describe('the public origin and the Host header', () => {
  for (const host of ['evil.example', 'evil.example:8443', 'showcase.example.evil.example', 'x.wild.example', '127.0.0.1']) {
    it(`a foreign Host (${host}) gets SITE_URL in robots.txt, sitemap, feed and the page`, async () => {
      expectAllOn(await outputs(host), SITE);
    });
  }

  it('SITE_URL’s own host and a configured additional host are kept', async () => {
    expectAllOn(await outputs('showcase.example'), SITE);
    expectAllOn(await outputs('preview.example'), PREVIEW);
  });
});

describe('while SITE_URL is loopback', () => {
  let local: TestServer;
  beforeAll(async () => {
    local = await startTestServer({ WEB_DIST_DIR: distDir });
  });
  afterAll(() => local?.close());

  it('a loopback Host is kept and a foreign one is not', async () => {
    const robots = async (host: string) => (await rawRequest(local.url + '/robots.txt', { headers: { host } })).text;
    const port = new URL(local.url).port;
    expect(await robots(`localhost:${port}`)).toContain(`Sitemap: http://localhost:${port}/sitemap.xml`);
    expect(await robots('evil.example')).toContain(`Sitemap: ${new URL(local.url).origin}/sitemap.xml`);
  });
});
