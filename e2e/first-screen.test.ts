import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './accounts-support.ts';
import { SERVER_QUERIES_ELEMENT_ID } from '../domain/server-render.ts';
import { PUBLIC_ROUTES } from '../domain/public-routes.ts';
import { startApp, watchErrors, type E2EApp } from './support/app.ts';

/**
 * Decision 201: the server answers a public route's first-screen reads inside index.html, so a
 * phone draws the list without another round trip. Fails when the SPA's requests and
 * domain/first-screen.ts drift apart, or when an answer is used where it must not be.
 */

/** REST reads the page sends to the network (the answered ones never leave the page). */
function restReads(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    // A search is a POST to rpc/search_projects (and search_facets): a read all the same.
    const read = r.method() === 'GET' || url.pathname.startsWith('/rest/v1/rpc/search_');
    if (read && /^\/rest\/v1\/(project_listing|projects|tags|rpc\/home_launches|rpc\/search_projects)$/.test(url.pathname)) seen.push(url.pathname + url.search);
  });
  return seen;
}

/** The newest approved project, as a visitor's API read finds it. */
async function newestApproved(app: E2EApp) {
  const { data } = await app.anon().from('projects').select('id,title').eq('status', 'approved').order('created_at', { ascending: false }).limit(1);
  return data![0]!;
}

describe('the first screen, answered inside the page', () => {
  let app: E2EApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app?.close());

  it('draws home, /projects and a project page with no request for their data', async () => {
    const page = await app.newPage({ width: 375, height: 800 });
    const errors = watchErrors(page);
    const reads = restReads(page);
    const newest = await newestApproved(app);

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Featured Projects' }).isVisible()).resolves.toBe(true);
    await page.locator('article h3').first().waitFor();
    // Today's launches (issue 16) comes with the page too.
    await page.getByRole('heading', { name: "Today's launches" }).waitFor();

    await page.goto('/projects');
    await page.getByRole('link', { name: newest.title, exact: true }).first().waitFor();
    // The image the server asked the browser to preload is the first card's: one fetch serves both.
    const preload = await page.locator('head link[rel="preload"][as="image"]').getAttribute('href');
    expect(await page.locator('article img').first().getAttribute('src')).toBe(preload);

    const scripts: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('.js')) scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`/projects/${newest.id}`);
    await page.getByRole('heading', { level: 1, name: newest.title }).waitFor();
    await page.waitForLoadState('networkidle');
    // The server drew the page (decision 203): no script is hinted ahead of its first paint, and
    // the page's module is fetched once, when the app hydrates.
    const html = await (await fetch(`${app.url}/projects/${newest.id}`)).text();
    expect(html).toContain(newest.title);
    expect(html).not.toContain('rel="modulepreload"');
    expect(scripts.filter((s) => /^\/assets\/project-detail-page-[\w-]+\.js$/.test(s))).toHaveLength(1);

    expect(reads).toEqual([]);
    expect(errors).toEqual({ pageErrors: [], consoleErrors: [] });
  });

  it('draws home and /projects on a desktop screen without moving what is already on it', async () => {
    for (const path of ['/', '/projects']) {
      const page = await app.newPage({ width: 1350, height: 940 });
      await page.addInitScript(() => {
        const w = window as unknown as { layoutShift: number };
        w.layoutShift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.layoutShift += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(path);
      await page.locator('article h3').first().waitFor();
      // Sections without a skeleton (Today's launches, the tag chips) come with the first render.
      if (path === '/') await page.getByRole('heading', { name: "Today's launches" }).waitFor();
      else await page.getByRole('button', { name: '#React', exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
      expect(shift, `${path}: cumulative layout shift`).toBeLessThanOrEqual(0.02);
    }
  });

  it('names a page module the build has for every route it hints', () => {
    const manifest = JSON.parse(readFileSync(join(process.env.E2E_WEB_DIST!, '.vite', 'manifest.json'), 'utf8')) as Record<string, unknown>;
    for (const { module: key } of PUBLIC_ROUTES) if (key) expect(manifest[key], key).toBeDefined();
  });

  it('answers only the first screen: a search asks the API', async () => {
    const page = await app.newPage();
    const reads = restReads(page);
    await page.goto('/projects');
    await page.locator('article h3').first().waitFor();
    expect(reads).toEqual([]);

    await page.getByLabel('Search projects').fill('zzz-no-such-project');
    await page.getByText('No Projects Found').waitFor();
    expect(reads.some((u) => u.includes('rpc/search_projects'))).toBe(true);
  });

  it("never answers an owner's page for a pending project with what a visitor would see", async () => {
    const owner = await app.createUser({ name: 'Pending Paula' });
    await owner.client.from('creators').insert({ id: owner.id, name: 'Pending Paula' });
    const inserted = await owner.client
      .from('projects')
      .insert({ title: 'Paula Pending Project', description: 'Waits for review.', tool: 'Bolt', category: 'Other', creator_id: owner.id, upvotes: 0, featured: false })
      .select('id')
      .single();
    expect(inserted.error).toBeNull();
    const id = (inserted.data as { id: string }).id;

    const html = await (await fetch(`${app.url}/projects/${id}`)).text();
    expect(html).not.toContain('first-screen-data');
    expect(html).not.toContain(SERVER_QUERIES_ELEMENT_ID);
    expect(html).toContain('<div id="root"></div>');

    const page = await app.newPage();
    await signIn(page, owner.email, owner.password);
    await page.goto(`/projects/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Paula Pending Project' }).waitFor();
    await expect(page.getByText('Pending review').isVisible()).resolves.toBe(true);
  });

  it('writes user text into the page as data that cannot close its element', async () => {
    const hostile = '</script><script>window.__pwned=1</script><!--';
    const owner = await app.createUser();
    await owner.client.from('creators').insert({ id: owner.id, name: 'Hostile Hal' });
    const inserted = await owner.client
      .from('projects')
      .insert({ title: hostile, description: 'Tries to break out.', tool: 'Cursor', category: 'Other', creator_id: owner.id, upvotes: 0, featured: false })
      .select('id')
      .single();
    const id = (inserted.data as { id: string }).id;
    expect((await app.service().from('projects').update({ status: 'approved' }).eq('id', id)).error).toBeNull();

    const html = await (await fetch(`${app.url}/projects`)).text();
    // In the answers the page was drawn from, and in the drawn page itself (decision 203).
    const data = /<script type="application\/json" id="server-queries">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(data).not.toContain('</script>');
    expect(data).toContain('\\u003c/script>');
    expect(html).not.toContain('<script>window.__pwned');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;window.__pwned=1&lt;/script&gt;');

    const page = await app.newPage();
    const reads = restReads(page);
    await page.goto('/projects');
    await page.getByRole('link', { name: hostile, exact: true }).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(reads).toEqual([]);
  });
});

/**
 * Records the page's frame (header, main, footer, its heading) being taken out: what React does
 * when it cannot adopt the server's HTML and draws the page again. Lists and skeletons may change.
 */
async function watchRedraws(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { redrawn: string[] };
    w.redrawn = [];
    new MutationObserver((records) => {
      for (const r of records) {
        if (!(r.target instanceof Element) || r.target.closest('#root') === null) continue;
        for (const node of r.removedNodes) if (node instanceof HTMLElement && /^(H1|HEADER|FOOTER|MAIN)$/.test(node.tagName)) w.redrawn.push(node.tagName);
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

describe('the first screen, drawn by the server (decision 203)', () => {
  let app: E2EApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app?.close());

  it('shows the public pages before any script runs', async () => {
    const newest = await newestApproved(app);
    const context = await app.browser.newContext({ baseURL: app.url, javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Featured Projects' }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('heading', { name: "Today's launches" }).isVisible()).resolves.toBe(true);
      expect(await page.locator('article h3').count()).toBeGreaterThan(0);

      await page.goto('/projects');
      await expect(page.getByRole('link', { name: newest.title, exact: true }).first().isVisible()).resolves.toBe(true);
      // Drawn with the sized image the head preloads, as the browser's render spells it.
      const preload = await page.locator('head link[rel="preload"][as="image"]').getAttribute('href');
      expect(preload).toContain('/storage/v1/render/image/');
      expect(await page.locator('article img').first().getAttribute('src')).toBe(preload);

      await page.goto(`/projects/${newest.id}`);
      await expect(page.getByRole('heading', { level: 1, name: newest.title }).isVisible()).resolves.toBe(true);

      await page.goto('/signin');
      await expect(page.getByText('Welcome back').isVisible()).resolves.toBe(true);
      await expect(page.locator('#signin-email').isVisible()).resolves.toBe(true);
    } finally {
      await context.close();
    }
  });

  it('leaves guarded pages to the browser', async () => {
    for (const path of ['/my-projects', '/admin', '/profile']) {
      const html = await (await fetch(`${app.url}${path}`)).text();
      expect(html, path).toContain('<div id="root"></div>');
    }
  });

  it('lets the app take over the drawn page as it is, with no error and nothing redrawn', async () => {
    const newest = await newestApproved(app);
    for (const width of [1280, 375]) {
      const page = await app.newPage({ width, height: 800 });
      const errors = watchErrors(page);
      await watchRedraws(page);
      for (const path of ['/', '/projects', `/projects/${newest.id}`, '/signin', '/about', '/upcoming']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        const redrawn = await page.evaluate(() => (window as unknown as { redrawn: string[] }).redrawn);
        expect(redrawn, `${path} at ${width}px`).toEqual([]);
      }
      // The page works as an app: a search asks the API and shows its answer.
      await page.goto('/projects');
      await page.getByLabel('Search projects').fill('zzz-no-such-project');
      await page.getByText('No Projects Found').waitFor();
      expect(errors).toEqual({ pageErrors: [], consoleErrors: [] });
    }
  });

  it('adopts text drawn from the clock as drawn, in another time zone and language, on a clock that runs ahead', async () => {
    const sql = async <T>(text: string, params: unknown[] = []) => (await app.server.ctx.db.query<T>(text, params)).rows;
    // A launch seconds old: Today's launches says how long ago.
    const [recent] = (await sql<{ id: string; launched_at: string }>(
      `select id, launched_at from public.projects where status = 'approved' order by created_at desc offset 1 limit 1`,
    )) as [{ id: string; launched_at: string }];
    try {
      await sql(
        `update public.projects set launched_at = greatest(showcase_private.day_start(showcase_private.site_today()), showcase_private.app_now() - interval '20 seconds') where id = $1`,
        [recent.id],
      );
      const page = await app.newPage({ timezoneId: 'Pacific/Kiritimati', locale: 'de-DE' });
      const errors = watchErrors(page);
      await watchRedraws(page);
      // Ninety seconds ahead of the server: "20 sec. ago" there is "2 min. ago" here.
      await page.clock.setFixedTime(Date.now() + 90_000);

      await page.goto('/');
      const launched = page.locator(`li:has(a[href="/projects/${recent.id}"]) time`);
      await expect.poll(() => launched.textContent()).toBe('2 min. ago');
      expect(await page.evaluate(() => (window as unknown as { redrawn: string[] }).redrawn)).toEqual([]);
      // Days and periods read the same in every language the browser speaks.
      for (const path of ['/upcoming', '/winners', '/community']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(() => (window as unknown as { redrawn: string[] }).redrawn), path).toEqual([]);
      }
      expect(errors).toEqual({ pageErrors: [], consoleErrors: [] });
    } finally {
      await sql('update public.projects set launched_at = $2 where id = $1', [recent.id, recent.launched_at]);
    }
  });

  it('starts the app once the drawn page is shown, and hints its modules where the browser draws (decision 204)', async () => {
    const page = await app.newPage({ width: 375, height: 800 });
    for (const path of ['/', '/projects', '/signin']) {
      await page.goto(path);
      const { shown, started } = await page.evaluate(() => ({
        shown: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        started: performance.getEntriesByType('resource').find((r) => /\/assets\/start-[\w-]+\.js$/.test(r.name))?.startTime,
      }));
      expect(shown, path).toBeDefined();
      expect(started, path).toBeGreaterThanOrEqual(shown!);
    }
    // A page the browser draws itself asks for the app beside the entry, not after it.
    const html = await (await fetch(`${app.url}/my-projects`)).text();
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/start-[\w-]+\.js">/);
  });

  it("asks a signed-in visitor's data again with their token", async () => {
    const user = await app.createUser();
    const page = await app.newPage();
    await signIn(page, user.email, user.password);
    const reads = restReads(page);
    await page.goto('/projects');
    await page.locator('article h3').first().waitFor();
    await expect.poll(() => reads.some((u) => u.startsWith('/rest/v1/project_listing'))).toBe(true);
  });
});
