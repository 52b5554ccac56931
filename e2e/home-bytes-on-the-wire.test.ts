import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type E2EApp } from './support/app.ts';

/** The JS budget for `/` (decision 051), counted as the bytes a browser receives. */
const HOME_JS_BUDGET_BYTES = 160_000;

function get(url: string, acceptEncoding: string) {
  return new Promise<{ status: number; encoding?: string; vary?: string; body: Buffer }>((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, encoding: res.headers['content-encoding'], vary: res.headers.vary, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

/** Static imports of a built module (`import{a}from"./x.js"`, `import"./x.js"`), not dynamic import(). */
function staticImports(source: string): string[] {
  return [...source.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.\.?\/[^"']+\.js)["']/g)].map((m) => m[1]!);
}

/** What a built module imports with import(): for the entry, the app it starts (web/app/start.tsx, decision 204). */
function dynamicImports(source: string): string[] {
  return [...source.matchAll(/\bimport\(\s*["'`](\.\.?\/[^"'`]+\.js)["'`]\s*\)/g)].map((m) => m[1]!);
}

describe('what / costs on the wire', () => {
  let app: E2EApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app?.close());

  it('sends / and every module it needs before first render gzip-compressed, within the budget', async () => {
    const page = await get(`${app.url}/`, 'gzip');
    expect(page.status).toBe(200);
    expect(page.encoding).toBe('gzip');
    const html = gunzipSync(page.body).toString();
    const entry = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
    const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
    expect(entry).toHaveLength(1);

    const seen = new Map<string, number>();
    const queue = [...entry, ...preloads];
    while (queue.length) {
      const path = queue.shift()!;
      const isEntry = path === entry[0];
      if (seen.has(path)) continue;
      const res = await get(app.url + path, 'gzip');
      expect(res.status, path).toBe(200);
      expect(res.vary, path).toMatch(/Accept-Encoding/i);
      // Modules of a few hundred bytes are not worth compressing and go out as they are.
      if (res.encoding !== 'gzip') expect(res.body.length, path).toBeLessThan(256);
      seen.set(path, res.body.length);
      const source = res.encoding === 'gzip' ? gunzipSync(res.body).toString() : res.body.toString();
      const dir = path.slice(0, path.lastIndexOf('/') + 1);
      const imported = isEntry ? [...staticImports(source), ...dynamicImports(source)] : staticImports(source);
      if (isEntry) expect(dynamicImports(source), 'the entry starts the app with import()').toHaveLength(1);
      for (const spec of imported) queue.push(new URL(spec, `http://x${dir}`).pathname);
    }
    const total = [...seen.values()].reduce((a, b) => a + b, 0);
    console.log(`/ needs ${seen.size} modules, ${(total / 1000).toFixed(1)} kB gzip on the wire`);
    expect(seen.size).toBeGreaterThan(1);
    expect(total).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
  });

  it('gives browsers brotli, and identity to clients that ask for nothing', async () => {
    // A page the browser draws (not the server) hints the app's modules, its start among them.
    const html = await get(`${app.url}/my-projects`, '');
    const start = /<link rel="modulepreload" crossorigin href="(\/assets\/start-[\w-]+\.js)"/.exec(html.body.toString())![1]!;
    const br = await get(app.url + start, 'gzip, deflate, br, zstd');
    expect(br.encoding).toBe('br');
    const plain = await get(app.url + start, '');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(br.body.length * 2.5);
  });
});
