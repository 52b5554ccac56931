import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createHttpsServer } from 'node:https';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect as netConnect, type AddressInfo, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FetchRefused, safeFetch, type Connect, type ConnectTarget, type Resolve, type SafeFetchOptions } from './safe-fetch.ts';

/**
 * One local fake site stands in for every "public" address: the fake resolver answers public-looking
 * addresses, and the fake connector sends those (and only those) to the site on 127.0.0.1. Any other
 * address reaching the connector fails the test, so nothing outside this machine is ever contacted.
 */
const PUBLIC_SITE = '93.184.215.14';
const OTHER_PUBLIC_SITE = '93.184.215.15';

const DNS: Record<string, string[]> = {
  'site.example': [PUBLIC_SITE],
  'other.example': [OTHER_PUBLIC_SITE],
  'private.example': ['10.0.0.5'],
  'loopback.example': ['127.0.0.1'],
  'metadata.example': ['169.254.169.254'],
  'mapped.example': ['::ffff:127.0.0.1'],
  // One public and one private answer: which one a client would pick must not matter.
  'mixed.example': [PUBLIC_SITE, '192.168.0.10'],
};

let site: Server;
let sitePort: number;
let resolved: string[];
let connected: ConnectTarget[];
let sockets: Socket[];
let requestHeaders: IncomingMessage['headers'][];

const resolve: Resolve = async (hostname) => {
  resolved.push(hostname);
  const answers = DNS[hostname];
  if (!answers) throw new Error(`ENOTFOUND ${hostname}`);
  return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const connect: Connect = (target) => {
  connected.push(target);
  if (target.address !== PUBLIC_SITE && target.address !== OTHER_PUBLIC_SITE) {
    throw new Error(`the test connector was asked for ${target.address}: the fetcher let a refused address through`);
  }
  const socket = netConnect({ host: '127.0.0.1', port: sitePort });
  sockets.push(socket);
  return socket;
};

const fake: SafeFetchOptions = { resolve, connect, timeoutMs: 2_000 };

async function refusal(url: string, options: SafeFetchOptions = fake): Promise<FetchRefused> {
  const error = await safeFetch(url, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchRefused);
  return error as FetchRefused;
}

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/page': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<title>A page</title>');
  },
  '/echo': (req, res) => {
    requestHeaders.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(req.headers));
  },
  '/with-cookie-to-echo': (_req, res) => {
    res.writeHead(302, { location: '/echo', 'set-cookie': 'session=secret; Path=/' });
    res.end();
  },
  '/to-private-ip': (_req, res) => {
    res.writeHead(302, { location: 'http://10.0.0.1/admin' });
    res.end();
  },
  '/to-metadata': (_req, res) => {
    res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' });
    res.end();
  },
  '/to-private-name': (_req, res) => {
    res.writeHead(307, { location: 'http://private.example/' });
    res.end();
  },
  '/to-hex-loopback': (_req, res) => {
    res.writeHead(302, { location: '//0x7f000001/' });
    res.end();
  },
  '/to-other-site': (_req, res) => {
    res.writeHead(302, { location: 'http://other.example/page' });
    res.end();
  },
  '/huge': (_req, res) => {
    // Announces 10 GB; the fetcher must refuse it from the headers alone.
    res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(10 * 1024 ** 3) });
    res.write('<html>');
  },
  '/endless': (_req, res) => {
    // Streams without end and without a length, as fast as the reader takes it.
    res.writeHead(200, { 'content-type': 'text/html' });
    const chunk = Buffer.alloc(16 * 1024, 'a');
    const pump = () => {
      while (!res.destroyed && res.write(chunk));
    };
    res.on('drain', pump);
    pump();
  },
  '/drip': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    const timer = setInterval(() => res.write('.'), 20);
    res.on('close', () => clearInterval(timer));
  },
  '/silent': () => {
    // Never answers.
  },
  '/many-meta': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<html><head>${'<meta name="x" content="yyyyyyyyyyyyyyyyyyyyyyyy">'.repeat(10_000)}</head></html>`);
  },
  '/binary': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    res.end(Buffer.alloc(1024));
  },
  '/gzip': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
    res.end(gzipSync('<html></html>'));
  },
  '/image': (_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  },
};

beforeAll(async () => {
  site = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const hops = /^\/hops\/(\d+)$/.exec(path);
    if (hops) {
      const left = Number(hops[1]);
      if (left === 0) return routes['/page']!(req, res);
      res.writeHead(302, { location: `/hops/${left - 1}` });
      return res.end();
    }
    const route = routes[path];
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('not here');
    }
    route(req, res);
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  sitePort = (site.address() as AddressInfo).port;
});

afterAll(async () => {
  site.closeAllConnections();
  await new Promise((done) => site.close(done));
});

beforeEach(() => {
  resolved = [];
  connected = [];
  sockets = [];
  requestHeaders = [];
});

describe('safeFetch on a public site', () => {
  it('fetches a page: status, final URL, type and body', async () => {
    const result = await safeFetch('http://site.example/page', fake);
    expect(result).toMatchObject({ status: 200, url: 'http://site.example/page', contentType: 'text/html', truncated: false, redirects: 0 });
    expect(result.body.toString()).toBe('<title>A page</title>');
  });

  it('reads images and answers other statuses as they are', async () => {
    expect((await safeFetch('http://site.example/image', fake)).contentType).toBe('image/png');
    const missing = await safeFetch('http://site.example/nowhere', fake);
    expect(missing.status).toBe(404);
  });

  it('resolves the name once per hop and connects to the checked address, never the name again (no rebinding)', async () => {
    await safeFetch('http://site.example/page', fake);
    expect(resolved).toEqual(['site.example']);
    expect(connected).toEqual([{ address: PUBLIC_SITE, port: 80, protocol: 'http:', hostname: 'site.example' }]);
  });

  it('follows a redirect to another public site, checking it again', async () => {
    const result = await safeFetch('http://site.example/to-other-site', fake);
    expect(result).toMatchObject({ status: 200, url: 'http://other.example/page', redirects: 1 });
    expect(resolved).toEqual(['site.example', 'other.example']);
  });

  it('sends no cookie and no credentials, not even one a redirect set', async () => {
    await safeFetch('http://site.example/with-cookie-to-echo', fake);
    expect(requestHeaders).toHaveLength(1);
    expect(requestHeaders[0]).not.toHaveProperty('cookie');
    expect(requestHeaders[0]).not.toHaveProperty('authorization');
    expect(requestHeaders[0]!['accept-encoding']).toBe('identity');
    // The socket went to an address; the request still names the site.
    expect(requestHeaders[0]!.host).toBe('site.example');
  });
});

describe('safeFetch refuses addresses that are not public websites', () => {
  it.each([
    ['http://127.0.0.1/', 'private-address'],
    ['http://localhost/', 'private-address'],
    ['http://app.localhost/', 'private-address'],
    ['http://[::1]/', 'private-address'],
    ['http://10.1.2.3/', 'private-address'],
    ['http://172.16.0.1/', 'private-address'],
    ['http://192.168.1.1/', 'private-address'],
    ['http://169.254.169.254/latest/meta-data/', 'private-address'],
    ['http://0.0.0.0/', 'private-address'],
    ['http://[::]/', 'private-address'],
    ['http://100.64.0.1/', 'private-address'],
    ['http://198.18.0.1/', 'private-address'],
    ['http://224.0.0.1/', 'private-address'],
    ['http://[::ffff:127.0.0.1]/', 'private-address'],
    ['http://[fc00::1]/', 'private-address'],
    ['http://[fe80::1]/', 'private-address'],
    ['http://[64:ff9b::7f00:1]/', 'private-address'],
    ['http://[2002:7f00:1::]/', 'private-address'],
    ['http://0x7f000001/', 'host-form'],
    ['http://2130706433/', 'host-form'],
    ['http://0177.0.0.1/', 'host-form'],
    ['http://127.1/', 'host-form'],
    ['http://0x08080808/', 'host-form'],
    ['http://localhost./', 'host-form'],
    ['http://site.example./page', 'host-form'],
    ['http://site.example:8080/page', 'port'],
    ['http://site.example:22/', 'port'],
    ['ftp://site.example/file', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['http://user:secret@site.example/page', 'credentials'],
    ['not a url', 'invalid-url'],
  ])('%s is refused (%s) without connecting anywhere', async (url, reason) => {
    const error = await refusal(url);
    expect(error.reason).toBe(reason);
    expect(error.message).toMatch(/can(not)? be fetched|not a valid web address/);
    expect(connected).toEqual([]);
  });

  it('says in plain words why a private address is refused', async () => {
    expect((await refusal('http://10.0.0.1/')).message).toBe('This address points to a private network, not to a public website, so it cannot be fetched.');
    expect((await refusal('http://169.254.169.254/')).message).toContain('cloud metadata service');
  });

  it.each([
    ['private.example', 'a private network'],
    ['loopback.example', 'loopback'],
    ['metadata.example', 'metadata'],
    ['mapped.example', 'IPv4 address written as IPv6'],
    ['mixed.example', 'a private network'],
  ])('refuses %s, a name that resolves to %s', async (name, kind) => {
    const error = await refusal(`http://${name}/`);
    expect(error.reason).toBe('private-address');
    expect(error.message).toContain(kind);
    expect(connected).toEqual([]);
  });

  it('refuses a name that does not resolve', async () => {
    expect((await refusal('http://nowhere.example/')).reason).toBe('dns');
  });
});

describe('safeFetch checks every redirect as it checked the first address', () => {
  it.each([
    ['/to-private-ip', 'private-address'],
    ['/to-metadata', 'private-address'],
    ['/to-private-name', 'private-address'],
    ['/to-hex-loopback', 'host-form'],
  ])('a public page redirecting through %s is refused (%s)', async (path, reason) => {
    expect((await refusal(`http://site.example${path}`)).reason).toBe(reason);
    expect(connected.map((target) => target.address)).toEqual([PUBLIC_SITE]);
  });

  it('follows five redirects and refuses the sixth', async () => {
    expect((await safeFetch('http://site.example/hops/5', fake)).redirects).toBe(5);
    connected = [];
    const error = await refusal('http://site.example/hops/6');
    expect(error.reason).toBe('too-many-redirects');
    expect(connected).toHaveLength(6);
  });
});

describe('safeFetch bounds what it reads, and how long', () => {
  it('refuses a body that says it is 10 GB from its headers', async () => {
    const error = await refusal('http://site.example/huge');
    expect(error.reason).toBe('too-large');
    expect(error.message).toBe('The page is larger than 2048 KB, so it was not read.');
  });

  it('stops reading an endless body at the cap', async () => {
    const maxBytes = 64 * 1024;
    const error = await refusal('http://site.example/endless', { ...fake, maxBytes });
    expect(error.reason).toBe('too-large');
    // What left the socket: the cap, one read's chunk past it at most, and the headers.
    expect(sockets[0]!.bytesRead).toBeLessThan(maxBytes + 128 * 1024);
  });

  it('with truncate, returns the first maxBytes of a page with 10,000 meta tags', async () => {
    const maxBytes = 32 * 1024;
    const result = await safeFetch('http://site.example/many-meta', { ...fake, maxBytes, truncate: true });
    expect(result.truncated).toBe(true);
    expect(result.body.length).toBe(maxBytes);
    expect((await refusal('http://site.example/many-meta', { ...fake, maxBytes })).reason).toBe('too-large');
  });

  it('ends a slow-drip body at the deadline', async () => {
    const error = await refusal('http://site.example/drip', { ...fake, timeoutMs: 200 });
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe('The site did not answer in full within 0.2 seconds.');
    expect(sockets[0]!.destroyed).toBe(true);
  });

  it('stops when the caller cancels, and says it was cancelled', async () => {
    const controller = new AbortController();
    const fetching = safeFetch('http://site.example/silent', { ...fake, signal: controller.signal });
    await expect.poll(() => sockets[0]?.readyState).toBe('open');
    controller.abort();
    const error = await fetching.then(() => null, (e: unknown) => e);
    expect(error).toMatchObject({ reason: 'cancelled' });
  });

  it('ends a site that never answers at the deadline', async () => {
    expect((await refusal('http://site.example/silent', { ...fake, timeoutMs: 200 })).reason).toBe('timeout');
  });

  it('refuses a type it does not read, before reading it', async () => {
    const error = await refusal('http://site.example/binary');
    expect(error.reason).toBe('unsupported-type');
    expect(error.message).toContain('application/octet-stream');
  });

  it('refuses a compressed answer it did not ask for', async () => {
    expect((await refusal('http://site.example/gzip')).reason).toBe('unsupported-encoding');
  });
});

describe('FETCH_ALLOW_HOSTS (allowHosts): exact host:port pairs only', () => {
  // The real resolver and connector: the production path to a local site the operator allowed.
  const local = () => ({ timeoutMs: 2_000, allowHosts: [`127.0.0.1:${sitePort}`] });

  it('fetches an allowed local host:port through the default resolver and connector', async () => {
    const result = await safeFetch(`http://127.0.0.1:${sitePort}/page`, local());
    expect(result.status).toBe(200);
  });

  it('still refuses the same host on another port, or another local name for it', async () => {
    expect((await refusal(`http://127.0.0.1:${sitePort - 1}/page`, local())).reason).toBe('port');
    expect((await refusal(`http://localhost:${sitePort}/page`, local())).reason).toBe('port');
    expect((await refusal('http://127.0.0.1/page', local())).reason).toBe('private-address');
  });

  it('still checks the form of an allowed address', async () => {
    expect((await refusal(`http://0x7f000001:${sitePort}/page`, local())).reason).toBe('host-form');
  });
});

describe('TLS verifies the certificate with Node\'s defaults', () => {
  // A throwaway self-signed certificate for localhost, made by openssl for this run only (no key is
  // kept in the repository): no trusted authority signed it, so a fetcher that verifies must refuse it.
  const { SELF_SIGNED_KEY, SELF_SIGNED_CERT } = selfSignedLocalhost();

  it('refuses a certificate no trusted authority signed (never rejectUnauthorized: false)', async () => {
    const namesAsked: string[] = [];
    const SNICallback = (name: string, done: (error: Error | null) => void) => {
      namesAsked.push(name);
      done(null);
    };
    const tlsSite = createHttpsServer({ key: SELF_SIGNED_KEY, cert: SELF_SIGNED_CERT, SNICallback }, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('secret');
    });
    await new Promise<void>((done) => tlsSite.listen(0, '127.0.0.1', done));
    const port = (tlsSite.address() as AddressInfo).port;
    try {
      const error = await refusal(`https://localhost:${port}/`, { timeoutMs: 2_000, allowHosts: [`localhost:${port}`] });
      expect(error.reason).toBe('tls');
      // The connection went to the vetted address, but TLS named the URL's host (servername).
      expect(namesAsked).toEqual(['localhost']);
      expect(error.message).toBe(`The site at localhost:${port} has a certificate that could not be verified.`);
    } finally {
      tlsSite.closeAllConnections();
      await new Promise((done) => tlsSite.close(done));
    }
  });
});

function selfSignedLocalhost(): { SELF_SIGNED_KEY: string; SELF_SIGNED_CERT: string } {
  const dir = mkdtempSync(join(tmpdir(), 'fetcher-tls-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { SELF_SIGNED_KEY: readFileSync(join(dir, 'key.pem'), 'utf8'), SELF_SIGNED_CERT: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
