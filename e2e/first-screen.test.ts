import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './accounts-support.ts';
import { ROUTE_MODULES } from '../server/web/route-modules.ts';
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
    if (r.method() === 'GET' && /^\/rest\/v1\/(project_listing|projects|tags|rpc\/home_launches)$/.test(url.pathname)) seen.push(url.pathname + url.search);
  });
  return seen;
}

describe('the first screen, answered inside the page', () => {
  let app: E2EApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app?.close());

  async function newestApproved() {
    const { data } = await app.anon().from('projects').select('id,title').eq('status', 'approved').order('created_at', { ascending: false }).limit(1);
    return data![0]!;
  }

  it('draws home, /projects and a project page with no request for their data', async () => {
    const page = await app.newPage({ width: 375, height: 800 });
    const errors = watchErrors(page);
    const reads = restReads(page);
    const newest = await newestApproved();

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Featured Projects' }).isVisible()).resolves.toBe(true);
    await page.locator('article h3').first().waitFor();
    // Today's launches (issue 16) comes with the page too.
    await page.getByRole('heading', { name: "Today's launches" }).waitFor();

    await page.goto('/projects');
    await page.getByRole('link', { name: newest.title, exact: true }).first().waitFor();
    // The image the server asked the browser to preload is the first card's: one fetch serves both.
    const preload = await page.locator('link[rel="preload"][as="image"]').getAttribute('href');
    expect(await page.locator('article img').first().getAttribute('src')).toBe(preload);

    const scripts: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('.js')) scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`/projects/${newest.id}`);
    await page.getByRole('heading', { level: 1, name: newest.title }).waitFor();
    await page.waitForLoadState('networkidle');
    // The page's module is named in the HTML (server/web/route-modules.ts), and fetched once.
    const hinted = await page.locator('link[rel="modulepreload"][href*="project-detail-page"]').getAttribute('href');
    expect(hinted).toMatch(/^\/assets\/project-detail-page-[\w-]+\.js$/);
    expect(scripts.filter((s) => s === hinted)).toHaveLength(1);

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
    for (const [, key] of ROUTE_MODULES) expect(manifest[key], key).toBeDefined();
  });

  it('answers only the first screen: a search asks the API', async () => {
    const page = await app.newPage();
    const reads = restReads(page);
    await page.goto('/projects');
    await page.locator('article h3').first().waitFor();
    expect(reads).toEqual([]);

    await page.getByLabel('Search projects').fill('zzz-no-such-project');
    await page.getByText('No Projects Found').waitFor();
    expect(reads.some((u) => u.includes('search_text'))).toBe(true);
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
    const data = /<script type="application\/json" id="first-screen-data">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(data).not.toContain('</script>');
    expect(data).toContain('\\u003c/script>');

    const page = await app.newPage();
    const reads = restReads(page);
    await page.goto('/projects');
    await page.getByRole('link', { name: hostile, exact: true }).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(reads).toEqual([]);
  });
});
