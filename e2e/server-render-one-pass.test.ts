import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { primedRequestKey, siteSettingsRequest } from '../domain/first-screen.ts';
import { loadConfig } from '../server/config.ts';
import { startServer, type RunningServer } from '../server/server.ts';
import { answerAsAnon, renderFirstScreen } from '../server/web/first-screen.ts';
import { ServerRenderer } from '../server/web/server-render.ts';

/**
 * Issue 31 item 2 (decision 219): an uncached page is drawn in one React render, its first-screen
 * answers already in hand and every other read sent once, while that render waits for it.
 */
let server: RunningServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'showcase-one-pass-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'error',
    JOBS_TICK_SECONDS: '0',
    PAGE_CACHE: 'false',
    ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
  });
  server = await startServer(config, { log: () => undefined });
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('an uncached server render', () => {
  it('renders each page once, sending no read twice and none read before it again', async () => {
    const { url } = server;
    const { anonKey } = server.ctx.keys;
    const headers = { apikey: anonKey, authorization: `Bearer ${anonKey}` };
    const [project] = (await (await fetch(`${url}/rest/v1/projects?select=id,creator_id&status=eq.approved&order=created_at.desc&limit=1`, { headers })).json()) as Array<{ id: string; creator_id: string }>;
    const today = new Date().toISOString().slice(0, 10);

    const sent: string[] = [];
    const api = (request: Request) => {
      const target = new URL(request.url);
      sent.push(`${request.method} ${target.pathname}${target.search} ${request.headers.get('prefer') ?? ''}`);
      return fetch(url + target.pathname + target.search, { method: request.method, headers: request.headers });
    };
    const distDir = process.env.E2E_WEB_DIST ?? resolve(import.meta.dirname, '../dist/web');
    const renderer = new ServerRenderer(join(distDir, '.ssr', 'entry-server.js'), (message) => expect.fail(message));

    // Home and /projects have their first screen answered; a project page reads its makers and
    // comments after its own row, and asks a POST (related projects) the browser sends; a creator
    // page asks a POST too; the leaderboard's only read is a POST.
    for (const path of ['/', '/projects', `/projects/${project!.id}`, `/creators/${project!.creator_id}`, `/leaderboard/daily/${today}`]) {
      const target = new URL(path, url);
      // What server/web/render-page.ts reads before the render: the first screen and the site's settings.
      const firstScreen = await renderFirstScreen(api, url, anonKey, target.pathname, target.search);
      const answers = [...firstScreen.answers, (await answerAsAnon(api, url, anonKey, siteSettingsRequest()))!.answer];
      const primed = new Set(answers.map((a) => a.key));
      sent.length = 0;
      const drawn = await renderer.render(api, url, anonKey, path, answers);
      expect(drawn?.root, path).toContain('<main');
      expect(drawn?.passes, path).toBe(1);
      expect(sent.filter((s, i) => sent.indexOf(s) !== i), `${path} reads sent twice`).toEqual([]);
      expect(sent.every((s) => s.startsWith('GET ')), path).toBe(true);
      const resent = sent.filter((s) => {
        const [, pathAndQuery, prefer] = s.split(' ');
        return primed.has(primedRequestKey(pathAndQuery!, prefer || undefined));
      });
      expect(resent, `${path} first-screen reads sent again`).toEqual([]);
      expect(sent.filter((s) => s.includes('/site_settings_public?')), `${path} site settings read again`).toEqual([]);
    }
  });
});
