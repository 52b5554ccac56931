import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { approve, launchMaker, launchSite, submit } from '../launches/launch-fixtures.ts';

/**
 * oEmbed and the embeddable project card (issue 33 item 3, decision 259): the oEmbed answer for a
 * launched project and its refusals, the card's escaping and strict CSP, and framing: /embed/*
 * alone may be framed, every other route still refuses.
 */

const INDEX_HTML =
  '<!doctype html><html><head><title>x</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>';
const EVIL_TITLE = `</title><script>alert("t")</script><img src=x onerror=alert(1)> "quoted" & 'single'`;
const EVIL_TAGLINE = '<iframe src="javascript:alert(2)"></iframe>';
const EVIL_MAKER = 'Mallory <b onmouseover=alert(3)>';

let server: TestServer;
let distDir: string;
let maker: TestUser;
let launched: string;
let evil: string;
let pending: string;
let scheduled: string;

const oembed = (params: Record<string, string>) => fetch(`${server.url}/oembed?${new URLSearchParams(params).toString()}`);
const pageUrl = (id: string) => `${server.url}/projects/${id}`;

/** A GET with the path exactly as written (fetch would normalize "..", "%2e" and "//"). */
function rawGet(path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: 'GET' }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A response no page may frame: X-Frame-Options DENY, and a CSP whose frame-ancestors, when it
 * has one, is 'none' (the SVG badge's own CSP names none, so DENY alone governs it).
 */
function expectRefusesFraming(path: string, xfo: string | null | undefined, csp: string | null | undefined): void {
  expect(xfo, path).toBe('DENY');
  expect(csp, path).toBeTruthy();
  const ancestors = /frame-ancestors ([^;]*)/.exec(csp!)?.[1];
  if (ancestors !== undefined || !path.startsWith('/badges/')) expect(ancestors, path).toBe("'none'");
}

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'embeds-dist-'));
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  server = await startTestServer({ WEB_DIST_DIR: distDir });
  await launchSite(server);
  maker = await launchMaker(server, 'Ada Embed');
  launched = (await submit(server, maker, { title: 'Card Carrier', description: 'Travels well in an iframe.', live_url: 'https://carrier.example/home?x=1' })).data!.id as string;
  await approve(server, launched);
  const mallory = await launchMaker(server, EVIL_MAKER);
  const submitted = await submit(server, mallory, { title: EVIL_TITLE, description: EVIL_TAGLINE, live_url: 'https://evil.example/"><script>alert(4)</script>' });
  if (submitted.error) throw new Error(submitted.error.message);
  evil = submitted.data.id as string;
  await approve(server, evil);
  pending = (await submit(server, maker, { title: 'Still Pending' })).data!.id as string;
  scheduled = (await submit(server, maker, { title: 'Launches Later' })).data!.id as string;
  await approve(server, scheduled);
  // Approved, but its launch day is still ahead: not public yet.
  await server.ctx.db.query(`update public.projects set launched_at = showcase_private.app_now() + interval '3 days' where id = $1`, [scheduled]);
});
afterAll(async () => {
  await server?.close();
  if (distDir) rmSync(distDir, { recursive: true, force: true });
});

describe('GET /oembed', () => {
  it('answers a launched project as oEmbed 1.0 rich, an iframe of its card', async () => {
    const res = await oembed({ url: pageUrl(launched), format: 'json' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      version: '1.0',
      type: 'rich',
      provider_name: 'AI Showcase',
      provider_url: `${server.url}/`,
      title: 'Card Carrier',
      author_name: 'Ada Embed',
      author_url: `${server.url}/creators/${maker.id}`,
      width: 480,
      height: 160,
      thumbnail_width: 1200,
      thumbnail_height: 630,
    });
    expect(body.html).toMatch(new RegExp(`^<iframe src="${server.url}/embed/projects/${launched}" width="480" height="160" `));
    expect(body.html).toContain('title="Card Carrier on AI Showcase"');
    // The thumbnail is the project's preview image (server/previews), and it is served.
    expect(body.thumbnail_url).toMatch(new RegExp(`^${server.url}/og/project/${launched}/[0-9a-f]{16}\\.png$`));
    expect((await fetch(body.thumbnail_url as string)).headers.get('content-type')).toBe('image/png');
  });

  it('honours maxwidth and maxheight, leaving out a thumbnail that does not fit', async () => {
    const body = (await (await oembed({ url: pageUrl(launched), maxwidth: '320', maxheight: '120' })).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ width: 320, height: 120 });
    expect(body.html).toContain('width="320" height="120"');
    expect(body).not.toHaveProperty('thumbnail_url');
    const roomy = (await (await oembed({ url: pageUrl(launched), maxwidth: '2000', maxheight: '900' })).json()) as Record<string, unknown>;
    expect(roomy).toMatchObject({ width: 480, height: 160, thumbnail_width: 1200 });
  });

  it('takes the project URL with a trailing slash, a query or a fragment, and passes a theme to the card', async () => {
    for (const url of [`${pageUrl(launched)}/`, `${pageUrl(launched)}?utm_source=x`, `${pageUrl(launched)}#comments`]) {
      expect((await oembed({ url })).status, url).toBe(200);
    }
    const dark = (await (await oembed({ url: pageUrl(launched), theme: 'dark' })).json()) as { html: string };
    expect(dark.html).toContain(`/embed/projects/${launched}?theme=dark"`);
  });

  it('refuses a URL outside the site, an unknown, pending or unlaunched project with 404', async () => {
    const refused = [
      `https://elsewhere.example/projects/${launched}`,
      `${server.url.replace('http:', 'https:')}/projects/${launched}`,
      `http://user:pw@${new URL(server.url).host}/projects/${launched}`,
      `${server.url}/creators/${maker.id}`,
      `${server.url}/projects/${launched}/extra`,
      `${server.url}/embed/projects/${launched}`,
      'not a url',
      pageUrl('00000000-0000-4000-8000-000000000404'),
      pageUrl(pending),
      pageUrl(scheduled),
    ];
    for (const url of refused) {
      const res = await oembed({ url, format: 'json' });
      expect(res.status, url).toBe(404);
      await res.body?.cancel();
    }
    expect((await fetch(`${server.url}/oembed`)).status).toBe(404);
  });

  it('answers 501 for format=xml (and any format but json)', async () => {
    expect((await oembed({ url: pageUrl(launched), format: 'xml' })).status).toBe(501);
    expect((await oembed({ url: pageUrl(launched), format: 'yaml' })).status).toBe(501);
  });

  it('is discovered from the project page head', async () => {
    const html = await (await fetch(pageUrl(launched))).text();
    const link = /<link rel="alternate" type="application\/json\+oembed" title="([^"]*)" href="([^"]*)" \/>/.exec(html);
    expect(link?.[1]).toBe('Card Carrier on AI Showcase');
    const href = link![2]!.replace(/&amp;/g, '&');
    expect(href).toBe(`${server.url}/oembed?url=${encodeURIComponent(pageUrl(launched))}&format=json`);
    expect((await fetch(href)).status).toBe(200);
    // Only project pages carry it.
    expect(await (await fetch(`${server.url}/projects`)).text()).not.toContain('json+oembed');
  });
});

describe('the card /embed/projects/:id', () => {
  it('shows cover, name, tagline, maker and votes, without cookies, with a strict CSP by hash', async () => {
    const res = await fetch(`${server.url}/embed/projects/${launched}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('set-cookie')).toBeNull();
    const html = await res.text();
    expect(html).toContain('>Card Carrier</a></h1>');
    expect(html).toContain('<p class="tagline">Travels well in an iframe.</p>');
    expect(html).toContain('<p class="maker">by Ada Embed</p>');
    expect(html).toContain('<span class="count">0</span>');
    expect(html).toContain('<img src="https://img.example.com/radar.webp"');
    // No SPA bundle: one inline script, one inline style, allowed by their hashes only.
    expect(html).not.toMatch(/<script[^>]+src=/);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(csp).toContain(`script-src ${hash(script)}`);
    expect(csp).toContain(`style-src ${hash(style)}`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('frame-ancestors *');
    expect(res.headers.get('x-frame-options')).toBeNull();
  });

  it('links back to the project page and out to the live site through the outbound-link rule, in a new tab with noopener', async () => {
    const html = await (await fetch(`${server.url}/embed/projects/${launched}`)).text();
    const anchors = [...html.matchAll(/<a ([^>]*)>/g)].map((m) => m[1]!);
    expect(anchors.length).toBeGreaterThanOrEqual(3);
    for (const a of anchors) {
      expect(a).toContain('target="_blank"');
      expect(a).toMatch(/rel="noopener[^"]*"/);
    }
    expect(anchors.some((a) => a.includes(`href="${pageUrl(launched)}"`))).toBe(true);
    const host = new URL(server.url).hostname;
    expect(anchors).toContainEqual(expect.stringContaining(`href="https://carrier.example/home?x=1&amp;ref=${host}"`));
    expect(anchors.find((a) => a.includes('carrier.example'))).toContain('rel="noopener nofollow ugc" referrerpolicy="origin"');
  });

  it('escapes every user text: a malicious title, tagline and maker name stay text', async () => {
    const res = await fetch(`${server.url}/embed/projects/${evil}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('<b onmouseover');
    expect(html).not.toContain('"><script>alert(4)');
    expect(html).toContain('href="https://evil.example/%22%3E%3Cscript%3Ealert(4)%3C/script%3E?ref=');
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot; &amp; &#39;single&#39;');
    expect(html).toContain('&lt;iframe src=&quot;javascript:alert(2)&quot;&gt;&lt;/iframe&gt;');
    expect(html).toContain('by Mallory &lt;b onmouseover=alert(3)&gt;');
    expect(html.match(/<script>/g)).toHaveLength(1);
    // The oEmbed answer escapes it inside its iframe's title as well.
    const body = (await (await oembed({ url: pageUrl(evil) })).json()) as { html: string; title: string };
    expect(body.title).toBe(EVIL_TITLE);
    expect(body.html).not.toContain('<script');
    expect(body.html.match(/</g)).toHaveLength(2);
  });

  it('takes ?theme=light|dark; without it follows the reader\'s colour scheme', async () => {
    const themed = async (query: string) => /<html lang="en"([^>]*)>/.exec(await (await fetch(`${server.url}/embed/projects/${launched}${query}`)).text())![1];
    expect(await themed('?theme=dark')).toBe(' data-theme="dark"');
    expect(await themed('?theme=light')).toBe(' data-theme="light"');
    expect(await themed('')).toBe('');
    expect(await themed('?theme=%22%3E%3Cscript%3E')).toBe('');
  });

  it('is 404 for an unknown, malformed, pending or unlaunched project', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000404', 'not-a-uuid', pending, scheduled]) {
      const res = await fetch(`${server.url}/embed/projects/${id}`);
      expect(res.status, id).toBe(404);
      await res.body?.cancel();
    }
  });
});

describe('framing', () => {
  it('lets any page frame /embed/*, and only that', async () => {
    const res = await fetch(`${server.url}/embed/projects/00000000-0000-4000-8000-000000000404`);
    expect(res.status).toBe(404);
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors *');
  });

  it('every other route still refuses to be framed', async () => {
    const paths = [
      '/',
      '/projects',
      `/projects/${launched}`,
      `/creators/${maker.id}`,
      '/signin',
      '/no-such-page',
      '/rest/v1/projects?select=id',
      '/auth/v1/settings',
      '/storage/v1/bucket',
      '/functions/v1/nothing',
      `/oembed?url=${encodeURIComponent(pageUrl(launched))}`,
      '/assets/app-abc123.js',
      '/assets/missing.js',
      `/badges/${launched}.svg`,
      '/feed.xml',
      '/embed',
      '/embeds/projects/x',
      `/embedded/projects/${launched}`,
    ];
    for (const path of paths) {
      const res = await fetch(server.url + path, { headers: { apikey: server.anonKey } });
      await res.body?.cancel();
      expectRefusesFraming(path, res.headers.get('x-frame-options'), res.headers.get('content-security-policy'));
    }
  });

  it('no spelling of another route under /embed/ gets the framable headers', async () => {
    for (const path of [
      `/embed/../projects/${launched}`,
      `/embed/%2e%2e/projects/${launched}`,
      `/embed/.%2E/projects/${launched}`,
      `/embed//projects/${launched}`,
      `/embed/%2F..%2Fprojects/${launched}`,
      `/embed\\..\\projects/${launched}`,
    ]) {
      const res = await rawGet(path);
      expectRefusesFraming(path, res.headers['x-frame-options'] as string | undefined, res.headers['content-security-policy'] as string | undefined);
    }
  });
});
