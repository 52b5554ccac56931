import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';

/**
 * A path the app has no page for is a real 404 (issue 30, L2), still carrying the app, which shows
 * its not-found page; every page the app has, public or behind a sign-in, answers 200.
 */
let server: TestServer;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'showcase-dist-'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><html><head><title>AI Showcase</title>\n</head><body><div id="root"></div></body></html>');
  server = await startTestServer({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await server?.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('status codes of the pages', () => {
  it('an unknown path answers 404 with the app inside, titled "Page not found"', async () => {
    for (const path of ['/no-such-page', '/projects/one/two', '/signin/extra', '/profiles', '/admin-panel']) {
      const response = await fetch(server.url + path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain('<div id="root">');
      expect(html, path).toMatch(/<title>Page not found · [^<]+<\/title>/);
    }
  });

  it('every page the app has answers 200, the private ones and the admin too', async () => {
    const paths = ['/', '/projects', '/about', '/signin', '/signup', '/upcoming', '/winners', '/auth/callback', '/reset-password', '/submit-project', '/profile', '/profile/', '/my-projects', '/notifications', '/settings/notifications', '/following', '/bookmarks', '/invitations', '/collections/c0ffee00-0000-4000-8000-000000000000', '/admin', '/admin/users', '/admin/settings'];
    for (const path of paths) expect((await fetch(server.url + path)).status, path).toBe(200);
  });
});
