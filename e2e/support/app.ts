import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import WebSocket from 'ws';
import { loadConfig } from '../../server/config.ts';
import { startServer, type RunningServer } from '../../server/server.ts';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface E2EApp {
  url: string;
  server: RunningServer;
  browser: Browser;
  /**
   * A fresh browser context (own localStorage) and page; viewport 1280×800 unless given, in the given time zone and language.
   * userAgent: headless Chromium says HeadlessChrome, which the visit counter takes for a bot (decision 236).
   */
  newPage(options?: { width?: number; height?: number; timezoneId?: string; locale?: string; userAgent?: string }): Promise<Page>;
  /** supabase-js holding the service_role key, for arranging data the UI cannot. */
  service(): SupabaseClient;
  anon(): SupabaseClient;
  /** Signs up a confirmed user through /auth/v1 (AUTH_AUTOCONFIRM) and returns their credentials. */
  createUser(options?: { name?: string }): Promise<{ id: string; email: string; password: string; client: SupabaseClient }>;
  close(): Promise<void>;
}

function client(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}

/**
 * Waits until /readyz answers 200: the server draws every public page once at start (decision 205)
 * and says "warming" until then. A test's first visit in that window would queue behind the
 * warm-up's renders, which on a busy machine takes longer than a page load may.
 */
async function untilReady(url: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const res = await fetch(`${url}/readyz`).catch(() => undefined);
    await res?.body?.cancel();
    if (res?.status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url}/readyz did not say ready within 180 s (last: ${res?.status ?? 'no answer'})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The real server (startServer, PGlite) on a fresh data directory with the demo content, serving the
 * dist/web that global-setup built, plus a headless Chromium.
 */
export async function startApp(env: Record<string, string> = {}): Promise<E2EApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'showcase-e2e-'));
  // The run's migrated database (global-setup), where the server keeps its own; a plain `npx tsx`
  // run (screenshots) migrates a fresh one.
  if (process.env.E2E_PGLITE_TEMPLATE) cpSync(process.env.E2E_PGLITE_TEMPLATE, join(dataDir, 'pglite'), { recursive: true });
  // The seed stores image URLs under SITE_URL, so the port must be known before the server starts.
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    AUTH_AUTOCONFIRM: 'true',
    LOG_LEVEL: 'error',
    // Suites change data and reload at once; the page cache (decision 206) may serve the copy from
    // before for a second. test/integration/web/page-cache.test.ts covers it; a suite may turn it on.
    PAGE_CACHE: 'false',
    // These suites check what a drawn page holds; on a busy machine a cold render can pass the 2 s
    // default, and the page would (rightly) go out without its data.
    PAGE_RENDER_DEADLINE_MS: '30000',
    // global-setup's private build; a plain `npx tsx` run (screenshots) serves dist/web.
    ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
    ...env,
  });
  const server = await startServer(config, { log: () => undefined });
  await untilReady(server.url);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const contexts: BrowserContext[] = [];
  const { anonKey, serviceRoleKey } = server.ctx.keys;

  return {
    url: server.url,
    server,
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
        timezoneId: options.timezoneId,
        locale: options.locale,
        userAgent: options.userAgent,
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      waitForTheAppOnEveryLoad(page);
      return page;
    },
    service: () => client(server.url, serviceRoleKey),
    anon: () => client(server.url, anonKey),
    async createUser(options = {}) {
      const email = `e2e-${Math.random().toString(36).slice(2, 10)}@example.test`;
      const password = 'correct-horse-battery-staple-42';
      const c = client(server.url, anonKey);
      const { data, error } = await c.auth.signUp({ email, password, options: { data: options.name ? { name: options.name } : {} } });
      if (error || !data.user) throw error ?? new Error('sign-up returned no user');
      const signedIn = await c.auth.signInWithPassword({ email, password });
      if (signedIn.error) throw signedIn.error;
      return { id: data.user.id, email, password, client: c };
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Moves the server's clock (and the database's) to `hours` after 00:00 of site-today + `days`: launch
 * suites step through a launch day's phases (decision 161's shuffled first hours, the day's close).
 */
export async function moveClockToSiteDay(app: E2EApp, days: number, hours: number): Promise<void> {
  const { rows } = await app.server.ctx.db.query<{ ms: string }>(
    `select extract(epoch from (showcase_private.day_start(showcase_private.site_today() + $1::int) + make_interval(hours => $2) - showcase_private.app_now())) * 1000 as ms`,
    [days, hours],
  );
  await app.server.ctx.clock.advance(app.server.ctx.db, Number(rows[0]!.ms));
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; html: string }>;
}

/**
 * Runs axe-core in the page (injected through the debugging protocol, which the page's CSP does
 * not govern) and returns the serious and critical violations.
 */
export async function seriousA11yViolations(page: Page, { moderate = false }: { moderate?: boolean } = {}): Promise<AxeViolation[]> {
  // Once per document: a second check of the same page (the other theme, a dialog) reuses it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target, html: n.html })) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || (moderate && v.impact === 'moderate'));
}

/**
 * The light or the dark theme on the page as it is: the `dark` class on <html> is all the theme is
 * (public/theme.js and the toggle set it). Colours ease over (transition-colors): this returns once
 * the transitions have ended, so contrast is measured on the final colours.
 */
export async function applyTheme(page: Page, dark: boolean): Promise<void> {
  await page.evaluate(async (on) => {
    document.documentElement.classList.toggle('dark', on);
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    await Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined)));
  }, dark);
}

/** Collects uncaught page errors and console errors, to assert a journey ran clean. */
export function watchErrors(page: Page): { pageErrors: string[]; consoleErrors: string[] } {
  const watched = { pageErrors: [] as string[], consoleErrors: [] as string[] };
  page.on('pageerror', (e) => watched.pageErrors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') watched.consoleErrors.push(m.text());
  });
  return watched;
}

/**
 * After `goto` and `reload`, waits until the app has drawn or adopted the page (`data-app-ready`,
 * web/app/root-layout.tsx): the server draws public pages before their scripts run (decision
 * 203), and a click on that HTML before then would go nowhere. Documents that are not the app
 * (a feed, a badge) pass at once.
 */
function waitForTheAppOnEveryLoad(page: Page): void {
  const ready = () => page.waitForFunction(() => document.getElementById('root') === null || document.documentElement.dataset.appReady === 'true');
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = (async (url: string, options?: Parameters<Page['goto']>[1]) => {
    const response = await goto(url, options);
    await ready();
    return response;
  }) as Page['goto'];
  page.reload = (async (options?: Parameters<Page['reload']>[0]) => {
    const response = await reload(options);
    await ready();
    return response;
  }) as Page['reload'];
}

/**
 * Waits until the CSS transitions and animations running on the page (or inside `selector`) have
 * ended, so what is measured or photographed is where it comes to rest. Endless ones (spinners)
 * are left out; one cancelled because its element left the page counts as ended.
 */
export async function animationsSettled(page: Page, selector?: string): Promise<void> {
  await page.evaluate(async (within) => {
    const roots = within ? [...document.querySelectorAll(within)] : [document.documentElement];
    const running = roots.flatMap((el) => el.getAnimations({ subtree: true }));
    await Promise.all(running.filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined)));
  }, selector);
}
