import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, watchErrors, type E2EApp } from './support/app.ts';

/**
 * /blog, /blog/{slug} and /documentation in the browser: they show what content_items holds
 * (published only, newest first), render Markdown without ever running what an author typed,
 * and name the tab after the admin's site name.
 */
let app: E2EApp;

const SEEDED = ['Building Your First App with Lovable', '10 Cursor Tips for Faster Development', 'The Future of AI-Assisted Coding'];

async function insertPost(fields: { slug: string; title: string; body: string; status: 'draft' | 'published'; created_at?: string }) {
  const { error } = await app
    .service()
    .from('content_items')
    .insert({ type: 'blog', category: 'Testing', excerpt: `Excerpt of ${fields.title}`, author: 'Test Author', ...fields });
  if (error) throw error;
}

async function listedTitles(path = '/blog'): Promise<string[]> {
  const page = await app.newPage();
  await page.goto(path);
  await page.locator('main article h2').first().waitFor();
  const titles = await page.locator('main article h2').allInnerTexts();
  await page.context().close();
  return titles;
}

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

describe('blog', () => {
  it('lists the three seeded posts newest first with their details, and opens one', async () => {
    const page = await app.newPage();
    const errors = watchErrors(page);
    await page.goto('/blog');
    await page.locator('main article').first().waitFor();
    expect(await page.locator('main article h2').allInnerTexts()).toEqual(SEEDED);

    const first = page.locator('main article').first();
    const text = await first.innerText();
    // Seeded a few days before the install (migration 0101), so the date is the stored one.
    const { data: seeded } = await app.anon().from('content_items').select('created_at').eq('slug', 'building-your-first-app-with-lovable').single();
    const date = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date((seeded as { created_at: string }).created_at));
    for (const t of ['Tutorial', 'Sarah Chen', date, '4 min read', 'A step-by-step walkthrough']) expect(text).toContain(t);
    expect(await page.locator('main').innerText()).toContain('More articles are coming soon');
    expect(await page.title()).toBe('Blog · AI Showcase');

    await first.getByRole('link', { name: SEEDED[0] }).click();
    await page.waitForURL('**/blog/building-your-first-app-with-lovable');
    await page.getByRole('heading', { level: 1, name: SEEDED[0] }).waitFor();
    // The Markdown "## Start with a clear prompt" became a real heading, not literal hashes.
    await page.getByRole('heading', { level: 2, name: 'Start with a clear prompt' }).waitFor();
    expect(await page.locator('main article').innerText()).not.toContain('##');
    expect(await page.title()).toBe(`${SEEDED[0]} · AI Showcase`);

    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await page.waitForURL((u) => u.pathname === '/blog');
    expect(errors.pageErrors).toEqual([]);
  });

  it('hides a draft until it is published, then lists it first', async () => {
    await insertPost({ slug: 'draft-then-published', title: 'Draft Then Published', body: 'Not ready yet.', status: 'draft' });
    expect(await listedTitles()).toEqual(SEEDED);

    const page = await app.newPage();
    await page.goto('/blog/draft-then-published');
    await page.getByRole('heading', { level: 1, name: 'Article not found' }).waitFor();

    const { error } = await app.service().from('content_items').update({ status: 'published' }).eq('slug', 'draft-then-published');
    expect(error).toBeNull();
    expect(await listedTitles()).toEqual(['Draft Then Published', ...SEEDED]);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Draft Then Published' }).waitFor();
    expect(await page.locator('main article').innerText()).toContain('Not ready yet.');
  });

  it('shows a not-found state with a way back for an unknown slug', async () => {
    const page = await app.newPage();
    await page.goto('/blog/no-such-article');
    await page.getByRole('heading', { level: 1, name: 'Article not found' }).waitFor();
    expect(await page.title()).toBe('Article not found · AI Showcase');
    await page.locator('main section').getByRole('link', { name: 'Back to Blog' }).click();
    await page.waitForURL((u) => u.pathname === '/blog');
    await page.locator('main article').first().waitFor();
  });

  it('shows HTML in a post body as text and runs none of it', async () => {
    const body = 'Before <script>window.__pwned = 1; alert(1)</script>\n\n<img src="x" onerror="window.__pwned = 2">\n\n[bad](javascript:window.__pwned=3)';
    await insertPost({ slug: 'hostile-markup', title: 'Hostile Markup', body, status: 'published' });
    const page = await app.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto('/blog/hostile-markup');
    await page.getByRole('heading', { level: 1, name: 'Hostile Markup' }).waitFor();
    const article = page.locator('main article');
    const text = await article.innerText();
    expect(text).toContain('<script>window.__pwned = 1; alert(1)</script>');
    expect(text).toContain('<img src="x" onerror="window.__pwned = 2">');
    expect(await article.locator('script, img').count()).toBe(0);
    // A javascript: link is shown as its text only.
    expect(await article.locator('a').count()).toBe(0);
    // No wait before reading __pwned: nothing that could set it (a <script>, an <img onerror>) is in the article.
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });
});

describe('documentation', () => {
  it('shows the four published sections in order, including Coming soon', async () => {
    const page = await app.newPage();
    await page.goto('/documentation');
    await page.locator('main section h2').first().waitFor();
    expect(await page.locator('main section h2').allInnerTexts()).toEqual([
      'Getting Started',
      'Submitting Projects',
      'Project Guidelines',
      'API Documentation',
    ]);
    const text = await page.locator('main').innerText();
    expect(text).toContain('Coming soon');
    expect(text).toContain('Submit your project for review.');
    // **Submit Project** in the seed is bold, not asterisks.
    expect(await page.locator('main strong', { hasText: 'Submit Project' }).count()).toBe(1);
    expect(await page.title()).toBe('Documentation · AI Showcase');
  });
});

describe('page titles', () => {
  it('follow the site name the admin saves', async () => {
    const { error } = await app.service().from('site_settings').update({ site_name: 'Builders Gallery' }).eq('id', true);
    expect(error).toBeNull();
    const page = await app.newPage();
    await page.goto('/blog');
    await expect.poll(() => page.title()).toBe('Blog · Builders Gallery');
    await page.goto('/documentation');
    await expect.poll(() => page.title()).toBe('Documentation · Builders Gallery');
    await app.service().from('site_settings').update({ site_name: 'AI Showcase' }).eq('id', true);
  });
});
