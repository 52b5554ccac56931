import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect as netConnect, type AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { autofillResultSchema, type AutofillResult } from '../../../domain/autofill.ts';
import type { Connect, ConnectTarget, Resolve } from '../../../server/fetcher/safe-fetch.ts';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';

/**
 * The autofill function (issue 35 item 1, decision 261) against local fake sites and a fake GitHub
 * API. A fake DNS answers public-looking addresses and the fake connector sends those (and the one
 * FETCH_ALLOW_HOSTS pair) to the site on 127.0.0.1; any other address reaching it fails the test,
 * so nothing outside this machine is contacted. Every refusal says why, and nothing is stored.
 */

const PUBLIC_SITE = '93.184.215.14';
const DNS: Record<string, string[]> = {
  'maker.example': [PUBLIC_SITE],
  'cdn.maker.example': [PUBLIC_SITE],
  'private.example': ['10.0.0.5'],
};

let site: Server;
let sitePort: number;
let github: Server;
let githubCalls: IncomingMessage['headers'][];
let server: TestServer;
let maker: TestUser;
let connected: ConnectTarget[];
let png: Buffer;
let before: { objects: number; projects: number };

const resolve: Resolve = async (hostname) => {
  const answers = DNS[hostname];
  if (!answers) throw new Error(`ENOTFOUND ${hostname}`);
  return answers.map((address) => ({ address, family: 4 as const }));
};

const connect: Connect = (target) => {
  connected.push(target);
  const allowedLocal = target.address === '127.0.0.1' && target.port === sitePort;
  if (target.address !== PUBLIC_SITE && !allowedLocal) throw new Error(`the test connector was asked for ${target.address}: a refused address got through`);
  return netConnect({ host: '127.0.0.1', port: sitePort });
};

const PAGE = `<!doctype html><html><head>
<title>Pixel Garden — grow a garden</title>
<meta name="description" content="A tiny garden you tend in the browser.">
<meta property="og:title" content="Pixel Garden">
<meta property="og:description" content="Plant seeds, water them, watch pixel flowers bloom.">
<meta property="og:image" content="/cover.png">
<link rel="icon" href="/icon.png" sizes="64x64">
<link rel="manifest" href="/manifest.json">
</head><body><a href="https://github.com/pixel-folk/pixel-garden">Code</a></body></html>`;

function html(res: ServerResponse, body: string) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(body);
}

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/': (_req, res) => html(res, PAGE),
  '/cover.png': (_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(png);
  },
  '/manifest.json': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/manifest+json' });
    res.end(JSON.stringify({ name: 'Pixel Garden App', icons: [{ src: '/icon-512.png', sizes: '512x512' }] }));
  },
  '/manifest-only': (_req, res) => html(res, '<head><link rel="manifest" href="/manifest.json"><title>Home</title></head>'),
  '/fake-image': (_req, res) => html(res, '<head><title>Fake</title><meta property="og:image" content="/not-a-png.png"></head>'),
  '/not-a-png.png': (_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end('<svg onload="alert(1)"></svg>'.padEnd(64));
  },
  '/private-image': (_req, res) => html(res, '<head><title>Sneaky</title><meta property="og:image" content="http://169.254.169.254/latest/meta-data/x.png"></head>'),
  '/to-private': (_req, res) => {
    res.writeHead(302, { location: 'http://10.0.0.1/admin' });
    res.end();
  },
  '/huge': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(10 * 1024 ** 3) });
    res.write('<html><head><title>Huge</title></head><body>');
    const chunk = Buffer.alloc(16 * 1024, 'a');
    const pump = () => {
      while (!res.destroyed && res.write(chunk));
    };
    res.on('drain', pump);
    pump();
  },
  '/drip': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    const timer = setInterval(() => res.write(' '), 50);
    res.on('close', () => clearInterval(timer));
  },
  '/many-meta': (_req, res) => html(res, `<html><head><title>Many</title>${'<meta name="x" content="yyyyyyyyyyyyyyyyyyyyyyyy">'.repeat(10_000)}</head></html>`),
  '/file.pdf': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/pdf' });
    res.end('%PDF-1.4');
  },
  '/gone': (_req, res) => {
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<title>Not found</title>');
  },
};

const REPOS: Record<string, { status: number; body?: Record<string, unknown>; headers?: Record<string, string> }> = {
  'pixel-folk/pixel-garden': {
    status: 200,
    headers: { etag: '"v1"' },
    body: {
      full_name: 'pixel-folk/pixel-garden',
      private: false,
      description: 'Grow pixel flowers in your browser',
      topics: ['game', 'pixel-art'],
      stargazers_count: 1234,
      license: { spdx_id: 'MIT', name: 'MIT License' },
      pushed_at: '2026-11-20T10:00:00Z',
      homepage: 'http://maker.example/',
    },
  },
  'pixel-folk/no-home': { status: 200, body: { full_name: 'pixel-folk/no-home', private: false, description: null, topics: [], stargazers_count: 0, license: null, pushed_at: null, homepage: '' } },
  'pixel-folk/secret': { status: 200, body: { full_name: 'pixel-folk/secret', private: true, description: 'Private plans' } },
  'slow-down/please': { status: 403, headers: { 'retry-after': '120', 'x-ratelimit-remaining': '0' }, body: { message: 'API rate limit exceeded' } },
};

async function invoke(client: SupabaseClient, body: unknown): Promise<{ status: number; data?: AutofillResult; error?: { error: string; message: string } }> {
  const { data, error } = await client.functions.invoke('autofill', { body: body as Record<string, unknown> });
  if (!error) return { status: 200, data: autofillResultSchema.parse(data) };
  const context = (error as { context?: Response }).context;
  return { status: context?.status ?? 0, error: context ? ((await context.json()) as { error: string; message: string }) : undefined };
}

const count = async (sql: string) => (await server.ctx.db.query<{ n: number }>(`select count(*)::int as n ${sql}`)).rows[0]!.n;

beforeAll(async () => {
  png = await sharp({ create: { width: 120, height: 63, channels: 3, background: '#22aa66' } }).png().toBuffer();
  site = createServer((req, res) => {
    const route = routes[new URL(req.url ?? '/', 'http://x').pathname];
    if (route) return route(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not here');
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  sitePort = (site.address() as AddressInfo).port;
  github = createServer((req, res) => {
    githubCalls.push(req.headers);
    const repo = /^\/repos\/([^/]+\/[^/]+)$/.exec(req.url ?? '')?.[1];
    const answer = repo ? REPOS[decodeURIComponent(repo)] : undefined;
    if (!answer) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end('{"message":"Not Found"}');
    }
    if (answer.headers?.etag && req.headers['if-none-match'] === answer.headers.etag) {
      res.writeHead(304, { etag: answer.headers.etag });
      return res.end();
    }
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(JSON.stringify(answer.body ?? {}));
  });
  await new Promise<void>((done) => github.listen(0, '127.0.0.1', done));
  server = await startTestServer({
    FETCH_ALLOW_HOSTS: `127.0.0.1:${sitePort}`,
    GITHUB_API_URL: `http://127.0.0.1:${(github.address() as AddressInfo).port}`,
    GITHUB_TOKEN: 'gh-test-token',
    RATE_LIMIT_AUTOFILL: '100/3600',
    RATE_LIMIT_AUTOFILL_IP: '500/3600',
  });
  server.ctx.linkPreviews.fetchHooks = { resolve, connect };
  maker = await server.createUser({ name: 'Mia Maker' });
  before = { objects: await count('from storage.objects'), projects: await count('from public.projects') };
});

afterAll(async () => {
  // Nothing an auto-fill did was stored: no object, no project.
  if (server) expect({ objects: await count('from storage.objects'), projects: await count('from public.projects') }).toEqual(before);
  await server?.close();
  for (const s of [site, github]) {
    s?.closeAllConnections();
    await new Promise((done) => s?.close(done));
  }
});

beforeEach(() => {
  connected = [];
  githubCalls = [];
});

describe('autofill from a site', () => {
  it('fills title, descriptions, repository and live links, and hands back the preview image as checked bytes', async () => {
    const { status, data } = await invoke(maker.client, { url: 'http://maker.example/' });
    expect(status).toBe(200);
    expect(data!.source).toBe('http://maker.example/');
    expect(data!.fields).toEqual({
      title: 'Pixel Garden App',
      description: 'Plant seeds, water them, watch pixel flowers bloom.',
      githubUrl: 'https://github.com/pixel-folk/pixel-garden',
      liveUrl: 'http://maker.example/',
    });
    expect(data!.favicon).toBe('http://maker.example/icon.png');
    expect(data!.image).toMatchObject({ type: 'image/png', width: 120, height: 63 });
    expect(Buffer.from(data!.image!.base64, 'base64').equals(png)).toBe(true);
    expect(data!.notes).toEqual([]);
    // Page, manifest, image: each to the vetted address.
    expect(connected.map((t) => t.address)).toEqual([PUBLIC_SITE, PUBLIC_SITE, PUBLIC_SITE]);
  });

  it('takes the name from the manifest when the page has no better one', async () => {
    const { data } = await invoke(maker.client, { url: 'http://maker.example/manifest-only' });
    expect(data!.fields.title).toBe('Pixel Garden App');
    expect(data!.favicon).toBe('http://maker.example/icon-512.png');
  });

  it('fetches a local staging site named in FETCH_ALLOW_HOSTS (exact host:port)', async () => {
    const { status, data } = await invoke(maker.client, { url: `http://127.0.0.1:${sitePort}/` });
    expect(status).toBe(200);
    expect(data!.fields.title).toBe('Pixel Garden App');
  });

  it('does not use an image whose bytes are not what it says, and says so', async () => {
    const { status, data } = await invoke(maker.client, { url: 'http://maker.example/fake-image' });
    expect(status).toBe(200);
    expect(data!.fields.title).toBe('Fake');
    expect(data!.image).toBeUndefined();
    expect(data!.notes).toEqual(['The preview image is not the JPEG, PNG, GIF or WebP it says it is, so it was not used.']);
  });

  it('does not fetch a preview image on a private address', async () => {
    const { data } = await invoke(maker.client, { url: 'http://maker.example/private-image' });
    expect(data!.image).toBeUndefined();
    expect(data!.notes[0]).toMatch(/^The preview image was not used: This address points to link-local or a cloud metadata service/);
    expect(connected.map((t) => t.address)).toEqual([PUBLIC_SITE]);
  });
});

describe('autofill refuses what it must not fetch, saying why', () => {
  it.each([
    ['http://127.0.0.1/', 'this machine (loopback)'],
    ['http://localhost/', 'this server itself'],
    ['http://[::1]/', 'this machine (loopback)'],
    ['http://10.1.2.3/', 'a private network'],
    ['http://169.254.169.254/latest/meta-data/', 'cloud metadata service'],
    ['http://0x7f000001/', 'unusual form'],
    ['http://[::ffff:127.0.0.1]/', 'IPv4 address written as IPv6'],
    ['http://private.example/', 'a private network'],
    ['http://maker.example/to-private', 'a private network'],
    ['http://127.0.0.1:22/', 'port 80 or 443'],
    ['file:///etc/passwd', 'Only http:// and https://'],
  ])('%s', async (url, why) => {
    const { status, error } = await invoke(maker.client, { url });
    expect(status).toBe(422);
    expect(error!.error).toBe('fetch_refused');
    expect(error!.message).toContain(why);
    expect(connected.filter((t) => t.address !== PUBLIC_SITE)).toEqual([]);
  });

  it('refuses a type that is not a web page', async () => {
    const { status, error } = await invoke(maker.client, { url: 'http://maker.example/file.pdf' });
    expect(status).toBe(422);
    expect(error!.message).toBe('This address does not lead to a web page, so nothing could be filled from it. Paste the address of your project’s site.');
  });

  it('says when the page itself is an error', async () => {
    const { status, error } = await invoke(maker.client, { url: 'http://maker.example/gone' });
    expect(status).toBe(422);
    expect(error!.message).toBe('The site answered with an error (404), so nothing could be filled from it.');
  });

  it('cuts a body that says it is 10 GB at the first 512 KB, and fills from what it read', async () => {
    const { status, data } = await invoke(maker.client, { url: 'http://maker.example/huge' });
    expect(status).toBe(200);
    expect(data!.fields.title).toBe('Huge');
    expect(data!.notes).toContain('Only the first 512 KB of the page were read.');
  });

  it('reads a page of 10,000 meta tags no further than its first tags', async () => {
    const { status, data } = await invoke(maker.client, { url: 'http://maker.example/many-meta' });
    expect(status).toBe(200);
    expect(data!.fields.title).toBe('Many');
    expect(data!.notes).toContain('The page has very many tags; only the first ones were read.');
  });

  it('gives up on a slow-drip body at the deadline', async () => {
    const { status, error } = await invoke(maker.client, { url: 'http://maker.example/drip' });
    expect(status).toBe(422);
    expect(error!.message).toBe('The site took too long to answer, so nothing was filled. Try again in a moment, or fill the form yourself.');
  });

  it('refuses a body that is not { url }', async () => {
    expect((await invoke(maker.client, {})).status).toBe(400);
    expect((await invoke(maker.client, { url: 'x'.repeat(3000) })).error!.message).toBe('This address is too long.');
  });
});

describe('autofill from a GitHub repository', () => {
  it('fills from the API (with GITHUB_TOKEN) and the homepage, then asks again with the ETag', async () => {
    const { status, data } = await invoke(maker.client, { url: 'https://github.com/pixel-folk/pixel-garden/issues' });
    expect(status).toBe(200);
    expect(data!.repository).toEqual({
      fullName: 'pixel-folk/pixel-garden',
      description: 'Grow pixel flowers in your browser',
      topics: ['game', 'pixel-art'],
      stars: 1234,
      license: 'MIT',
      pushedAt: '2026-11-20T10:00:00Z',
      homepage: 'http://maker.example/',
    });
    expect(data!.fields).toMatchObject({
      title: 'Pixel Garden App',
      description: 'Grow pixel flowers in your browser',
      githubUrl: 'https://github.com/pixel-folk/pixel-garden',
      liveUrl: 'http://maker.example/',
    });
    expect(data!.image?.type).toBe('image/png');
    expect(githubCalls).toHaveLength(1);
    expect(githubCalls[0]!.authorization).toBe('Bearer gh-test-token');
    expect(githubCalls[0]!['if-none-match']).toBeUndefined();

    const again = await invoke(maker.client, { url: 'https://github.com/pixel-folk/pixel-garden' });
    expect(again.data!.repository).toEqual(data!.repository);
    expect(githubCalls[1]!['if-none-match']).toBe('"v1"');
  });

  it('fills from the API alone when the repository names no homepage', async () => {
    const { data } = await invoke(maker.client, { url: 'https://github.com/pixel-folk/no-home' });
    expect(data!.fields).toEqual({ title: 'no-home', githubUrl: 'https://github.com/pixel-folk/no-home' });
    expect(data!.image).toBeUndefined();
  });

  it('never describes a private repository (a token may see one), nor one that does not exist', async () => {
    for (const url of ['https://github.com/pixel-folk/secret', 'https://github.com/nobody/nothing']) {
      const { status, error } = await invoke(maker.client, { url });
      expect(status).toBe(422);
      expect(error).toEqual({ error: 'repository_not_found', message: 'This GitHub repository was not found, or it is private.' });
    }
  });

  it('backs off after a 403 until GitHub’s Retry-After has passed', async () => {
    const limited = await invoke(maker.client, { url: 'https://github.com/slow-down/please' });
    expect(limited.status).toBe(503);
    expect(limited.error!.message).toBe('GitHub is limiting requests from this site; try again in 2 minutes.');
    const calls = githubCalls.length;
    // Meanwhile no call reaches GitHub, whichever repository is asked for.
    expect((await invoke(maker.client, { url: 'https://github.com/pixel-folk/no-home' })).status).toBe(503);
    expect(githubCalls).toHaveLength(calls);
    await server.advanceClock(121_000);
    expect((await invoke(maker.client, { url: 'https://github.com/pixel-folk/no-home' })).status).toBe(200);
  });
});

describe('who may auto-fill, and how often', () => {
  it('refuses a signed-out visitor and an anonymous session', async () => {
    expect((await invoke(server.anon(), { url: 'http://maker.example/' })).status).toBe(401);
    const visitor = await server.signInAnonymously();
    expect((await invoke(visitor.client, { url: 'http://maker.example/' })).status).toBe(403);
    expect(connected).toEqual([]);
  });

  it('limits each maker (RATE_LIMIT_AUTOFILL) and each network (RATE_LIMIT_AUTOFILL_IP)', async () => {
    const rules = { user: server.ctx.config.RATE_LIMIT_AUTOFILL, ip: server.ctx.config.RATE_LIMIT_AUTOFILL_IP };
    try {
      server.ctx.config.RATE_LIMIT_AUTOFILL = { count: 2, seconds: 3600 };
      const busy = await server.createUser({ name: 'Busy Bee' });
      expect((await invoke(busy.client, { url: 'http://maker.example/manifest-only' })).status).toBe(200);
      expect((await invoke(busy.client, { url: 'http://maker.example/manifest-only' })).status).toBe(200);
      connected = [];
      const third = await invoke(busy.client, { url: 'http://maker.example/manifest-only' });
      expect(third.status).toBe(429);
      expect(third.error!.message).toMatch(/^You have filled the form from pages many times this hour\. Try again in \d+ minutes?, or fill it yourself\.$/);
      expect(connected).toEqual([]);
      // Another maker still may, until the network's own limit.
      const other = await server.createUser({ name: 'Other Maker' });
      expect((await invoke(other.client, { url: 'http://maker.example/manifest-only' })).status).toBe(200);
      server.ctx.config.RATE_LIMIT_AUTOFILL = rules.user;
      server.ctx.config.RATE_LIMIT_AUTOFILL_IP = { count: 1, seconds: 3600 };
      expect((await invoke(other.client, { url: 'http://maker.example/manifest-only' })).status).toBe(429);
    } finally {
      server.ctx.config.RATE_LIMIT_AUTOFILL = rules.user;
      server.ctx.config.RATE_LIMIT_AUTOFILL_IP = rules.ip;
    }
  });
});
