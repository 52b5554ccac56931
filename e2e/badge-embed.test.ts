import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './accounts-support.ts';
import { startApp, watchErrors, type E2EApp } from './support/app.ts';

/** A maker copies the embed code of their launched project's badge, in the light or the dark variant. */
let app: E2EApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

describe('the badge embed', () => {
  it('offers Copy HTML and Copy Markdown for the light and the dark badge', async () => {
    const maker = await app.createUser({ name: 'Bea Badger' });
    await maker.client.from('creators').insert({ id: maker.id, name: 'Bea Badger' });
    const { data, error } = await maker.client
      .from('projects')
      .insert({ title: 'Badge Bench', description: 'Wears its badge.', tool: 'Bolt', category: 'App', creator_id: maker.id, upvotes: 0, featured: false, image_url: null, live_url: null, github_url: null })
      .select('id')
      .single();
    if (error) throw error;
    const id = data.id as string;
    const approved = await app.service().from('projects').update({ status: 'approved' }).eq('id', id);
    if (approved.error) throw approved.error;

    const page = await app.newPage();
    const errors = watchErrors(page);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await signIn(page, maker.email, maker.password);
    await page.goto(`/projects/${id}`);
    await page.getByText('Embed your badge').click();
    const preview = page.locator(`img[src^="/badges/${id}.svg"]`);
    expect(await preview.getAttribute('src')).toBe(`/badges/${id}.svg?theme=light`);

    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect.poll(() => preview.getAttribute('src')).toBe(`/badges/${id}.svg?theme=dark`);
    await page.getByRole('button', { name: 'Copy HTML' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    const html = await page.evaluate(() => navigator.clipboard.readText());
    expect(html).toContain(`${app.url}/badges/${id}.svg?theme=dark`);
    expect(html).toContain(`href="${app.url}/projects/${id}"`);

    await page.getByRole('button', { name: 'Copy Markdown' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(
      `[![Badge Bench](${app.url}/badges/${id}.svg?theme=dark)](${app.url}/projects/${id})`,
    );
    expect(errors.pageErrors).toEqual([]);
  });
});
