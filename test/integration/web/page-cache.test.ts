import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { makeProject } from '../admin-fixtures.ts';
import { approve, launchMaker, launchSite, submit, TUESDAY_START } from '../launches/launch-fixtures.ts';
import { agedUser } from '../votes/votes-fixtures.ts';

/** The built index.html's shape (the server draws the first screen's data into it). */
const INDEX_HTML =
  '<!doctype html><html><head><title>x</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>';

const POLL = { timeout: 20_000 };

/** A page as a browser asks for it. */
async function page(server: TestServer, path: string, headers: Record<string, string> = {}, base = server.url) {
  const res = await fetch(base + path, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

function nonceIn(html: string): string[] {
  return [...html.matchAll(/<meta name="csp-nonce" content="([^"]+)"/g)].map((m) => m[1]!);
}

/** The project's row as the page's first-screen data carries it (a JSON string inside JSON). */
function projectField(html: string, field: string): number | undefined {
  const m = new RegExp(`${field}\\\\*":(\\d+)`).exec(html);
  return m ? Number(m[1]) : undefined;
}

describe('the page cache', () => {
  let server: TestServer;
  let distDir: string;
  let maker: TestUser;
  let projectId: string;
  const draws = () => server.ctx.pageCache.stats.draws;

  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'showcase-page-cache-'));
    writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
    server = await startTestServer({
      WEB_DIST_DIR: distDir,
      PAGE_CACHE: 'true',
      PAGE_CACHE_MIN_REDRAW_MS: '0',
      // Time-based staleness comes only from launches here, not from the age cap.
      PAGE_CACHE_MAX_AGE_SECONDS: String(30 * 24 * 3600),
      // 500 visitors at once from this one address: above the per-address connection cap (256),
      // which is there for one client holding sockets, not for a crowd (decision 114).
      HTTP_MAX_CONNECTIONS_PER_IP: '1024',
    });
    maker = await server.createUser();
    projectId = await makeProject(server, maker, { status: 'approved', title: 'Cached Project' });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('serves one drawing to many visitors, each response with its own nonce, in every encoding', async () => {
    const path = `/projects/${projectId}`;
    await page(server, path);
    const before = draws();
    const seen = new Set<string>();
    for (const encoding of ['br', 'gzip', 'identity', 'br', 'gzip']) {
      // fetch decodes br and gzip: a copy stitched together wrongly would fail here.
      const res = await page(server, path, { 'accept-encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding') ?? 'identity').toBe(encoding);
      const nonces = nonceIn(res.text);
      expect(nonces).toHaveLength(1);
      expect(res.headers.get('content-security-policy')).toContain(`style-src 'self' 'nonce-${nonces[0]}'`);
      expect(seen.has(nonces[0]!)).toBe(false);
      seen.add(nonces[0]!);
      expect(res.text).toContain('Cached Project');
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=25');
    }
    expect(draws()).toBe(before);
  });

  it('keeps a copy per origin: a page never names another origin', async () => {
    const other = server.url.replace('localhost', '127.0.0.1');
    expect(other).not.toBe(server.url);
    const path = '/projects';
    for (let i = 0; i < 3; i++) {
      const mine = await page(server, path);
      const theirs = await page(server, path, {}, other);
      expect(mine.text).toContain(`<meta name="supabase-url" content="${server.url}" />`);
      expect(mine.text).toContain(`<link rel="canonical" href="${server.url}/projects" />`);
      expect(mine.text).not.toContain(other);
      // (auth-return-origin stays SITE_URL on every origin, by design: server/auth/redirects.ts.)
      expect(theirs.text).toContain(`<meta name="supabase-url" content="${other}" />`);
      expect(theirs.text).toContain(`<link rel="canonical" href="${other}/projects" />`);
    }
  });

  it('ignores unknown query parameters: ?x=<random> makes no entry and no drawing', async () => {
    await page(server, '/about');
    await page(server, '/projects?sort=top');
    const entries = server.ctx.pageCache.size.entries;
    const before = draws();
    for (let i = 0; i < 20; i++) {
      expect((await page(server, `/about?x=${randomBytes(6).toString('hex')}`)).status).toBe(200);
      expect((await page(server, `/projects?sort=top&x=${randomBytes(6).toString('hex')}`)).status).toBe(200);
    }
    expect(server.ctx.pageCache.size.entries).toBe(entries);
    expect(draws()).toBe(before);
    // A known parameter is a page of its own.
    await page(server, '/projects?sort=trending');
    expect(server.ctx.pageCache.size.entries).toBe(entries + 1);
  });

  it('draws a page once for 500 concurrent misses', async () => {
    const cache = server.ctx.pageCache;
    const before = draws();
    const joined = cache.stats.joinedDrawing;
    // The first drawing is held until the other 499 requests are waiting for it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    cache.beforeDraw = () => held;
    const pending = Promise.all(Array.from({ length: 500 }, () => page(server, '/community')));
    try {
      await expect.poll(() => cache.stats.joinedDrawing - joined, { timeout: 30_000 }).toBe(499);
    } finally {
      release();
      cache.beforeDraw = undefined;
    }
    const answers = await pending;
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(draws()).toBe(before + 1);
    // Every one of them still got a nonce of its own.
    expect(new Set(answers.map((a) => nonceIn(a.text)[0])).size).toBe(500);
  });

  it('answers 304 to a matching ETag, restating that copy’s nonce, and a new ETag once the page changed', async () => {
    const path = `/projects/${projectId}`;
    const first = await fetch(server.url + path);
    await first.text();
    const etag = first.headers.get('etag')!;
    const csp = first.headers.get('content-security-policy')!;
    expect(etag).toMatch(/^W\/"/);
    const again = await fetch(server.url + path, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('content-security-policy')).toBe(csp);
    // Another ETag of the same copy (another visitor's) is as good; a made-up one is not.
    const other = (await fetch(server.url + path)).headers.get('etag')!;
    expect((await fetch(server.url + path, { headers: { 'if-none-match': other } })).status).toBe(304);
    expect((await fetch(server.url + path, { headers: { 'if-none-match': 'W/"nope.AAAAAAAAAAAAAAAAAAAAAA=="' } })).status).toBe(200);

    const voter = await server.createUser();
    expect((await voter.client.rpc('toggle_vote', { project_id: projectId })).error).toBeNull();
    await expect.poll(async () => (await fetch(server.url + path, { headers: { 'if-none-match': etag } })).status, POLL).toBe(200);
  });

  it('draws a page again after a vote', async () => {
    const path = `/projects/${projectId}`;
    const before = projectField((await page(server, path)).text, 'upvotes')!;
    expect(before).toBeGreaterThanOrEqual(0);
    // A day-old account: the public count leaves out fresh ones (decision 212).
    const voter = await agedUser(server, 2);
    expect((await voter.client.rpc('toggle_vote', { project_id: projectId })).error).toBeNull();
    await expect.poll(async () => projectField((await page(server, path)).text, 'upvotes'), POLL).toBe(before + 1);
  });

  it('draws a page again after a comment', async () => {
    const path = `/projects/${projectId}`;
    const before = projectField((await page(server, path)).text, 'comment_count')!;
    const commenter = await server.createUser();
    const { error } = await commenter.client.from('project_comments').insert({ project_id: projectId, user_id: commenter.id, content: 'Lovely' });
    expect(error).toBeNull();
    await expect.poll(async () => projectField((await page(server, path)).text, 'comment_count'), POLL).toBe(before + 1);
  });

  it('draws a page again after an approval', async () => {
    const title = `Approved ${randomBytes(4).toString('hex')}`;
    const pending = await makeProject(server, maker, { status: 'pending', title });
    expect((await page(server, '/projects')).text).not.toContain(title);
    await approve(server, pending);
    await expect.poll(async () => (await page(server, '/projects')).text, POLL).toContain(title);
  });

  it('serves the copy from before a change, without drawing, until the route may be drawn again', async () => {
    const slow = await startTestServer({ WEB_DIST_DIR: distDir, PAGE_CACHE: 'true', PAGE_CACHE_MIN_REDRAW_MS: String(3_600_000) });
    try {
      const owner = await slow.createUser();
      const id = await makeProject(slow, owner, { status: 'approved' });
      const path = `/projects/${id}`;
      await page(slow, path);
      const drawn = slow.ctx.pageCache.stats.draws;
      const voter = await slow.createUser();
      expect((await voter.client.rpc('toggle_vote', { project_id: id })).error).toBeNull();
      await expect.poll(async () => (await page(slow, path), slow.ctx.pageCache.stats.staleHits), POLL).toBeGreaterThan(0);
      for (let i = 0; i < 10; i++) expect(projectField((await page(slow, path)).text, 'upvotes')).toBe(0);
      expect(slow.ctx.pageCache.stats.draws).toBe(drawn);
    } finally {
      await slow.close();
    }
  });

  // Last: it moves the clock.
  it('draws a page again when a scheduled launch happens, which writes nothing', async () => {
    await launchSite(server);
    const launcher = await launchMaker(server, 'Launch Maker');
    const title = `Launching ${randomBytes(4).toString('hex')}`;
    const { data, error } = await submit(server, launcher, { title, launch_date: '2031-03-11' });
    expect(error).toBeNull();
    const drawnBefore = draws();
    await approve(server, data!.id as string);
    // The approval is heard (a drawing after it), and the project is not public yet.
    await expect.poll(async () => (await page(server, '/projects'), draws()), POLL).toBeGreaterThan(drawnBefore);
    expect((await page(server, '/projects')).text).not.toContain(title);
    await server.setClock(new Date(TUESDAY_START.getTime() + 60_000));
    expect((await page(server, '/projects')).text).toContain(title);
  });
});
