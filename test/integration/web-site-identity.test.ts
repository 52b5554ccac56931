import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';

/** Settings › General names the site: shared-link previews, page titles and the feed follow it. */
let server: TestServer;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'showcase-dist-'));
  writeFileSync(
    join(distDir, 'index.html'),
    '<!doctype html><html><head><title>AI Showcase</title>\n<meta name="description" content="default" />\n</head><body><div id="root"></div></body></html>',
  );
  server = await startTestServer({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await server?.close();
  rmSync(distDir, { recursive: true, force: true });
});

const page = async (path: string) => (await fetch(server.url + path)).text();

describe('site identity from the admin settings', () => {
  it('uses the defaults until an admin renames the site, then the new name and description', async () => {
    expect(await page('/blog')).toContain('<title>Blog · AI Showcase</title>');

    const { error } = await server
      .service()
      .from('site_settings')
      .update({ site_name: 'Builders <Gallery>', site_description: 'Made with & for makers' })
      .eq('id', true);
    expect(error).toBeNull();

    const blog = await page('/blog');
    expect(blog).toContain('<title>Blog · Builders &lt;Gallery&gt;</title>');
    const home = await page('/');
    expect(home).toContain('<title>Builders &lt;Gallery&gt;</title>');
    expect(home).toContain('content="Made with &amp; for makers"');
    const feed = await page('/feed.xml');
    expect(feed).toContain('<title>Builders &lt;Gallery&gt;</title>');
  });

  it("names a tag's page and its feed in the HTML; an unknown tag is a 404", async () => {
    const response = await fetch(server.url + '/tags/education');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<title>#Education · [^<]+<\/title>/);
    expect(html).toContain('content="Projects tagged Education, built with AI coding tools."');
    expect(html).toMatch(/<link rel="alternate" type="application\/rss\+xml" title="[^"]+: #Education" href="\/tags\/education\/feed.xml" \/>/);
    const unknown = await fetch(server.url + '/tags/no-such-tag');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toMatch(/<title>Tag not found · /);
  });
});
