import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchPublicRoute, PUBLIC_ROUTES } from '../domain/public-routes.ts';
import { loadConfig } from '../server/config.ts';
import { startServer, type RunningServer } from '../server/server.ts';

/**
 * The first visitor after a deploy gets a warm page (issue 28): the server draws every
 * server-drawn route of the registry once, into the page cache, and /readyz says ready only after
 * that.
 */
let server: RunningServer;
let dataDir: string;
const lines: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'showcase-warm-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'info',
    JOBS_TICK_SECONDS: '0',
    PAGE_WARM_UP: 'true',
    PAGE_RENDER_DEADLINE_MS: '30000',
    ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
  });
  server = await startServer(config, { log: (line) => lines.push(line) });
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const warmedLine = () => lines.find((line) => line.includes('pages warmed'));

describe('pages at start', () => {
  it('are all drawn once before /readyz says ready', async () => {
    let warmedWhenReady: string | undefined;
    await expect
      .poll(
        async () => {
          const response = await fetch(`${server.url}/readyz`);
          const body = (await response.json()) as { status: string };
          // What the log held at the moment readiness was first said: the warm-up must be over by then.
          if (response.status === 200) warmedWhenReady = warmedLine();
          else expect(body.status).toMatch(/^(warming|unavailable)$/);
          return response.status;
        },
        { timeout: 90_000 },
      )
      .toBe(200);
    expect(warmedWhenReady).toBeDefined();

    const warmed = warmedWhenReady!.slice(warmedWhenReady!.indexOf(':', warmedWhenReady!.indexOf('pages warmed')) + 1).trim().split(' ');
    expect(warmedWhenReady).not.toContain('(not drawn)');
    for (const route of PUBLIC_ROUTES.filter((r) => r.serverDrawn)) {
      expect(
        warmed.some((path) => matchPublicRoute(path)?.route === route),
        `/${route.path} drawn at start`,
      ).toBe(true);
    }
  });

  it('are in the page cache by then: the first visitor gets the copy, nothing is drawn for them', async () => {
    const { draws, misses, hits } = server.ctx.pageCache.stats;
    // A visitor of the site's own address (SITE_URL: the origin the copies were drawn for).
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(server.url);
      http
        .get({ host: url.hostname, port: url.port, path: '/', headers: { host: new URL(server.ctx.config.SITE_URL).host } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        })
        .on('error', reject);
    });
    expect(status).toBe(200);
    expect(server.ctx.pageCache.stats).toMatchObject({ draws, misses, hits: hits + 1 });
  });
});
