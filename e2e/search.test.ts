import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, watchErrors, type E2EApp } from './support/app.ts';

/**
 * Search on /projects?q= (issue 34): ranked results with the matched words marked, "Did you
 * mean …" for a typo, and a name full of markup shown as text, marks and all.
 */
let app: E2EApp;
let xssId: string;

beforeAll(async () => {
  app = await startApp();
  const { rows } = await app.server.ctx.db.query<{ id: string }>(
    `insert into public.projects (title, description, tool, category, creator_id, status)
     select '<img src=x onerror=alert(1)> Quokka', 'A quokka <script>window.__xss=1</script> tagline.', 'Cursor', 'App', id, 'approved'
       from public.creators order by created_at limit 1
     returning id`,
  );
  xssId = rows[0]!.id;
});
afterAll(async () => {
  await app?.close();
});

describe('/projects?q=', () => {
  it('marks the matched words as text, never as markup', async () => {
    const page = await app.newPage();
    const errors = watchErrors(page);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto('/projects?q=quokka');
    const card = page.locator('main article', { has: page.locator(`a[href="/projects/${xssId}"]`) }).first();
    await card.waitFor();
    expect(await card.locator('h3').textContent()).toBe('<img src=x onerror=alert(1)> Quokka');
    expect(await card.locator('h3 mark').allTextContents()).toEqual(['Quokka']);
    expect(await card.locator('mark').allTextContents()).toEqual(['Quokka', 'quokka']);
    expect(await page.locator('main').innerText()).toContain('A quokka <script>window.__xss=1</script> tagline.');
    expect(await page.locator('main img[src="x"]').count()).toBe(0);
    expect(await page.locator('main script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(errors.pageErrors).toEqual([]);
  });

  it('ranks by relevance and offers "Did you mean" for a typo, whose link searches for it', async () => {
    const page = await app.newPage();
    await page.goto('/projects?q=recipe%20radr');
    await page.getByTestId('did-you-mean').waitFor();
    expect(await page.getByTestId('did-you-mean').innerText()).toBe('Did you mean Recipe Radar?');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('relevance');
    await page.getByTestId('did-you-mean').getByRole('link', { name: 'Recipe Radar' }).click();
    await page.waitForURL(/\?q=Recipe\+Radar$/);
    await page.locator('main article h3 mark').first().waitFor();
    expect(await page.locator('main article h3').first().textContent()).toBe('Recipe Radar');
    expect(await page.getByRole('searchbox', { name: 'Search projects' }).inputValue()).toBe('Recipe Radar');
  });
});
