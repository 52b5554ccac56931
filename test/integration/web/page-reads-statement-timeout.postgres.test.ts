import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';

/**
 * The server's own reads for a visitor (a page's meta, the feeds, the sitemap, badges) run through the one
 * caller executor as `anon`, so anon's statement_timeout bounds them as it bounds a REST read of
 * theirs: a costly policy cannot hold a pooled connection for as long as it likes. A policy that
 * sleeps stands in for a costly one (PGlite cannot enforce statement_timeout).
 */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>AI Showcase</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let server: TestServer;
let distDir: string;

const get = (path: string) => fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(20_000) });

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'showcase-page-timeouts-'));
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  // The page's own deadline is far away: only the statement timeout can cut the read.
  server = await startTestServer({ WEB_DIST_DIR: distDir, STATEMENT_TIMEOUT_ANON: '300ms', PAGE_RENDER_DEADLINE_MS: '60000' });
  await server.ctx.db.exec(
    `insert into public.tags (slug, name) values ('slow-tag', 'Slow tag');
     create policy slow_tags_read on public.tags as restrictive for select to anon using ((select true from pg_sleep(2)));`,
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (distDir) rmSync(distDir, { recursive: true, force: true });
});

describe('the server-drawn pages read as anon under anon’s statement timeout', () => {
  it('answers a tag page whose read runs over the limit with a 503 to retry, not a page drawn after the slow read', async () => {
    const res = await get('/tags/slow-tag');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.text()).not.toContain('#Slow tag');
  });

  it('answers the tag’s feed with a 503 to retry when its read runs over the limit', async () => {
    const res = await get('/tags/slow-tag/feed.xml');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
  });

  it('still serves pages whose reads stay within the limit', async () => {
    const res = await get('/projects');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  });
});
