import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, watchErrors, type E2EApp } from './support/app.ts';

/** Journeys of a signed-out visitor through the public pages, against the seeded demo data. */
let app: E2EApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const cardTitles = (page: Page) => page.locator('main article h3').allTextContents();

async function waitForCards(page: Page) {
  await page.locator('[data-testid="project-skeleton"]').first().waitFor({ state: 'detached' }).catch(() => undefined);
  await page.locator('main article h3').first().waitFor();
}

/** The list has answered for the current URL (no placeholder from the previous filters). */
async function settled(page: Page) {
  await page.getByRole('region', { name: 'Projects', exact: true }).and(page.locator('[aria-busy="false"]')).waitFor();
}

interface Row {
  id: string;
  title: string;
  featured: boolean;
  tool: string;
  tools: string[];
}

/** Every approved project as the API returns it to a visitor, newest first. */
async function approved(): Promise<Array<Row & { upvotes: number; points: number }>> {
  const { data, error } = await app
    .anon()
    .from('project_listing')
    .select('id,title,featured,tool,tools,upvotes,points,created_at,trending_score')
    .eq('status', 'approved')
    .order('created_at', { ascending: false })
    .order('id', { ascending: false });
  if (error) throw error;
  return data as Array<Row & { upvotes: number; points: number }>;
}

describe('home', () => {
  it('lists featured projects first, then at most 8 others, per tool tab', async () => {
    const page = await app.newPage();
    const errors = watchErrors(page);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Where AI Meets Human Creativity' }).waitFor();
    await page.getByRole('link', { name: 'Browse Projects' }).waitFor();
    await page.getByRole('link', { name: 'Share Yours' }).waitFor();
    await waitForCards(page);

    const all = await approved();
    const expected = (tool?: string) => {
      const rows = all.filter((r) => !tool || r.tool === tool);
      return [...rows.filter((r) => r.featured).slice(0, 24), ...rows.filter((r) => !r.featured).slice(0, 8)].map((r) => r.title);
    };
    expect(await cardTitles(page)).toEqual(expected());

    for (const tool of ['Lovable', 'Cursor', 'Bolt']) {
      const tab = page.getByRole('tab', { name: tool });
      await tab.click();
      expect(await tab.getAttribute('aria-selected')).toBe('true');
      await page.waitForFunction(
        (titles) => JSON.stringify([...document.querySelectorAll('main article h3')].map((h) => h.textContent)) === JSON.stringify(titles),
        expected(tool),
      );
    }

    // Keyboard: arrows move between tabs and select them.
    await page.getByRole('tab', { name: 'Bolt' }).focus();
    await page.keyboard.press('Home');
    expect(await page.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');

    await page.getByRole('link', { name: 'View All Projects' }).click();
    await page.waitForURL('**/projects');
    await page.getByRole('heading', { name: 'All Projects' }).waitFor();
    expect(errors.pageErrors).toEqual([]);
  });
});

describe('/projects', () => {
  it('searches, filters and sorts on the server, keeping the state in the URL through reload and back', async () => {
    const page = await app.newPage();
    const errors = watchErrors(page);
    await page.goto('/projects');
    await waitForCards(page);
    const all = await approved();
    expect(await page.getByText(`${all.length} projects`).count()).toBe(1);

    // Search is case-insensitive and ranked (search_projects, decision 232), and debounced into ?q=.
    await page.getByRole('searchbox', { name: 'Search projects' }).fill('RECIPE');
    await page.waitForURL(/\?q=RECIPE$/);
    // The list gives way to the search's skeleton, then its cards (decision 233): wait for cards.
    await page.waitForFunction(() => {
      const titles = [...document.querySelectorAll('main article h3')];
      return titles.length > 0 && titles.every((h) => /recipe/i.test(h.closest('article')!.textContent!));
    });
    const searched = await cardTitles(page);
    expect(searched).toContain('Recipe Radar');

    await page.getByRole('searchbox', { name: 'Search projects' }).fill('');
    await page.waitForURL(/\/projects$/);
    await page.getByLabel('Filter by AI tool').selectOption('Cursor');
    await page.waitForURL(/tool=Cursor/);
    await page.getByLabel('Sort by').selectOption('top');
    await page.waitForURL(/tool=Cursor&sort=top/);

    // A tool filter matches every project made with it, main tool or not (decision 170).
    const cursor = all.filter((r) => r.tools.includes('Cursor'));
    const cursorTop = cursor.map((r) => r.title);
    const pointsOf = new Map(cursor.map((r) => [r.title, Number(r.points)]));
    // Top ranks on points (decision 121); ties may come in either order, but the points of the
    // cards shown must never increase down the list.
    const topOrdered = async () => {
      await settled(page);
      const points = (await cardTitles(page)).map((t) => pointsOf.get(t) ?? Number.NaN);
      return { titles: (await cardTitles(page)).sort(), descending: points.every((n, i) => i === 0 || n <= points[i - 1]!) };
    };
    await expect.poll(topOrdered, { timeout: 15_000 }).toEqual({ titles: cursorTop.slice().sort(), descending: true });

    // Reload keeps it; back/forward walk the states.
    await page.reload();
    await waitForCards(page);
    expect(await page.getByLabel('Filter by AI tool').inputValue()).toBe('Cursor');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('top');
    await page.goBack();
    await page.waitForURL(/\?tool=Cursor$/);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('newest');
    await page.goBack();
    await page.waitForURL(/\/projects$/);
    expect(await page.getByLabel('Filter by AI tool').inputValue()).toBe('');
    await page.goForward();
    await page.waitForURL(/\?tool=Cursor$/);
    expect(await page.getByLabel('Filter by AI tool').inputValue()).toBe('Cursor');

    // Category filter, then trending computed in the database.
    await page.goto('/projects?category=Dashboard');
    await waitForCards(page);
    expect(await page.getByLabel('Filter by category').inputValue()).toBe('Dashboard');

    const { data: trending } = await app
      .anon()
      .from('project_listing')
      .select('title')
      .eq('status', 'approved')
      .order('trending_score', { ascending: false })
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(24);
    await page.goto('/projects?sort=trending');
    await waitForCards(page);
    expect(await cardTitles(page)).toEqual(trending!.map((r) => r.title));
    expect(errors.pageErrors).toEqual([]);
  });

  it('honours featured=true (the footer link) and pages through the list', async () => {
    const page = await app.newPage();
    await page.goto('/');
    await page.locator('footer').getByRole('link', { name: 'Featured' }).click();
    await page.waitForURL(/\/projects\?featured=true$/);
    // The home page's own cards may still be showing while the projects route loads.
    await settled(page);
    await waitForCards(page);
    const featured = (await approved()).filter((r) => r.featured).map((r) => r.title);
    expect(await cardTitles(page)).toEqual(featured.slice(0, 24));

    await page.goto('/projects');
    await waitForCards(page);
    const total = (await approved()).length;
    if (total > 24) {
      await page.getByRole('link', { name: 'Next' }).click();
      await page.waitForURL(/page=2/);
      await page.getByText(`Page 2 of ${Math.ceil(total / 24)}`).waitFor();
      // Page 1's cards stay on screen until page 2 has answered.
      await settled(page);
      await waitForCards(page);
      expect((await cardTitles(page)).length).toBe(Math.min(24, total - 24));
    }
  });

  it('answers absurd and hostile searches with the empty state, never an error', async () => {
    const page = await app.newPage();
    const errors = watchErrors(page);
    const hostile = ["'; drop table projects; --", '%', '_', '\\', '.*[(', '(a,b)', 'a"b', '*', '%00', 'x'.repeat(10_000)];
    for (const q of hostile) {
      await page.goto(`/projects?q=${encodeURIComponent(q)}`);
      await page.getByText('No projects found').waitFor();
      await page.getByText('Try adjusting your filters or search terms').waitFor();
      expect((await page.getByRole('searchbox', { name: 'Search projects' }).inputValue()).length).toBeLessThanOrEqual(100);
    }
    // The projects are all still there.
    expect((await approved()).length).toBeGreaterThan(0);
    expect(errors.pageErrors).toEqual([]);
  });
});

describe('not found', () => {
  it('shows the project not-found state for unknown and malformed ids, and a 404 page for unknown routes', async () => {
    const page = await app.newPage();
    const errors = watchErrors(page);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const response = await page.goto(`/projects/${encodeURIComponent(id)}`);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Project not found' }).waitFor();
      await page.getByText("The project you're looking for doesn't exist or has been removed.").waitFor();
    }
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL((u) => u.pathname === '/');

    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(errors.pageErrors).toEqual([]);
  });

  it('shows the load-failure toast when the API cannot be reached', async () => {
    const page = await app.newPage();
    const [first] = await approved();
    // A fresh load of a project page carries its data in the HTML (decision 201): the read that
    // fails is the one the SPA sends when the visitor opens the project from the list.
    await page.goto('/projects');
    await waitForCards(page);
    await page.route('**/rest/v1/projects**', (route) => route.abort('connectionrefused'));
    await page.locator(`a[href="/projects/${first!.id}"]`).first().click();
    await page.getByText('Failed to load project details', { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'Project not found' }).waitFor();
  });
});

describe('static pages and accessibility', () => {
  it('renders every static page with its content', async () => {
    const page = await app.newPage();
    const checks: Array<[string, string[]]> = [
      ['/documentation', ['Getting Started', 'Submitting Projects', 'Project Guidelines', 'API Documentation', 'Coming soon']],
      ['/blog', ['min read', 'More articles are coming soon']],
      ['/community', ['Discussions', 'Join Discord', 'Events', 'View Calendar', 'Resources', 'Browse Resources', 'Upcoming Events', 'Community Guidelines']],
      ['/about', ['Our Mission', 'Innovation', 'Community', 'Transparency', 'Quality', 'Our Team', 'hello@']],
      ['/terms', ['Last updated March 15, 2024', '8. Changes to These Terms']],
      ['/privacy', ['Last updated March 15, 2024', 'under 13', '9. Changes and Contact']],
    ];
    for (const [path, texts] of checks) {
      await page.goto(path);
      // /blog and /documentation load their content after the heading: poll until it is there.
      for (const t of texts) {
        await expect.poll(() => page.locator('main').innerText(), { message: `${path} shows "${t}"` }).toContain(t);
      }
    }
    await page.goto('/blog');
    await page.locator('main article').first().waitFor();
    expect(await page.locator('main article').count()).toBe(3);
    await page.goto('/community');
    await page.locator('main h1').waitFor();
    expect(await page.getByRole('link', { name: /^RSVP for/ }).count()).toBe(2);
    // No dead buttons: every call to action is a real link, the calendar and resources on this site.
    expect(await page.getByRole('link', { name: 'Join Discord' }).getAttribute('href')).toMatch(/^https:\/\//);
    expect(await page.getByRole('link', { name: 'View Calendar' }).getAttribute('href')).toBe('#events');
    expect(await page.getByRole('link', { name: 'Browse Resources' }).getAttribute('href')).toBe('/documentation');
    await page.goto('/terms');
    await page.locator('main section h2').first().waitFor();
    expect(await page.locator('main section h2').count()).toBe(8);
    await page.goto('/privacy');
    await page.getByRole('heading', { name: 'Privacy Policy' }).waitFor();
    expect(await page.locator('main section h2').count()).toBe(9);
  });
});

describe('layout', () => {
  it('offers the header links in a mobile menu at 375 px', async () => {
    const page = await app.newPage({ width: 375, height: 740 });
    await page.goto('/');
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.waitFor();
    for (const name of ['Home', 'Projects', 'Sign in', 'Sign up']) await menu.getByRole('link', { name }).waitFor();
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Projects' }).click();
    await page.waitForURL('**/projects');
    await menu.waitFor({ state: 'detached' });
    // Nothing overflows sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('subscribes to the newsletter once per address, with a confirmation toast', async () => {
    const page = await app.newPage();
    await page.goto('/about');
    const email = page.getByRole('textbox', { name: 'Email address' });
    await email.fill('not-an-email');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Please enter a valid email address.', { exact: true }).waitFor();

    for (const address of ['Reader@Example.com', 'reader@example.com ']) {
      await email.fill(address);
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await page.getByText("Thanks! We'll e-mail you when there's something new to see.", { exact: true }).first().waitFor();
    }
    const { data } = await app.service().from('newsletter_subscriptions').select('email');
    expect(data).toEqual([{ email: 'reader@example.com' }]);
    // Visitors cannot read the list back.
    const { data: asAnon } = await app.anon().from('newsletter_subscriptions').select('email');
    expect(asAnon ?? []).toEqual([]);
  });
});

describe('sharing', () => {
  it('puts each project into the page title and meta tags, and lists approved projects in the sitemap and feed', async () => {
    const [first] = await approved();
    const html = await (await fetch(`${app.url}/projects/${first!.id}`)).text();
    expect(html).toContain(`<title>${first!.title} · AI Showcase</title>`);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+" \/>/);
    expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image" \/>/);
    expect(html).toContain('<meta name="supabase-anon-key"');

    const sitemap = await (await fetch(`${app.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`/projects/${first!.id}</loc>`);
    const feed = await fetch(`${app.url}/feed.xml`);
    expect(feed.headers.get('content-type')).toContain('application/rss+xml');
    expect(await feed.text()).toContain(`<title>${first!.title.replace(/&/g, '&amp;')}</title>`);

    const index = await fetch(`${app.url}/projects`);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
    expect((await fetch(app.url + asset)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${app.url}/assets/missing-abc123.js`)).status).toBe(404);
  });
});
