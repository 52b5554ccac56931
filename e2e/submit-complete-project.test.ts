import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noisePng, signIn } from './accounts-support.ts';
import { applyTheme, seriousA11yViolations, startApp, watchErrors, type E2EApp } from './support/app.ts';

/**
 * Issue 30 item 1: at 375 px a maker submits a complete project in one flow (two tools, tags, a
 * gallery of three with the submitted image as its cover, a video with its poster, a launch day
 * and a co-maker invitation) and finds it all on the project page, with the same cover on its
 * card. A reload mid-form keeps the typed draft; submitting clears it.
 */
let app: E2EApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const objectName = (url: string) => decodeURIComponent(url).match(/project-images\/([^?/]+\.png)/)?.[1] ?? `none:${url}`;

describe('one submit flow', () => {
  it('a maker submits a complete project at 375 px, and a reload mid-form keeps the draft', async () => {
    const maker = await app.createUser({ name: 'Cora Complete' });
    const friend = await app.createUser({ name: 'Finn Friend' });
    const page = await app.newPage({ width: 375, height: 800 });
    const errors = watchErrors(page);
    await signIn(page, maker.email, maker.password);
    await page.goto('/submit-project');
    await page.getByRole('heading', { name: 'Submit Your Project' }).waitFor();

    // The draft: typed fields survive a reload; the notice says chosen images do not.
    const title = `Complete Compass ${Date.now()}`;
    await page.locator('#submit-title').fill(title);
    await page.locator('#submit-description').fill('Points every launch to its makers.');
    await page.locator('#submit-tool').selectOption('Cursor');
    await page.reload();
    await page.getByTestId('draft-restored').waitFor();
    expect(await page.locator('#submit-title').inputValue()).toBe(title);
    expect(await page.locator('#submit-description').inputValue()).toBe('Points every launch to its makers.');
    expect(await page.locator('#submit-tool').inputValue()).toBe('Cursor');

    await page.locator('#submit-category').selectOption('App');
    const launchOptions = page.locator('#submit-launchDate option:not([disabled])');
    await expect.poll(() => launchOptions.count(), { timeout: 20_000 }).toBeGreaterThan(2);
    const launchDay = await launchOptions.nth(2).getAttribute('value');
    await page.locator('#submit-launchDate').selectOption(launchDay!);
    await page.locator('input[type="file"]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await noisePng(400, 225) });
    await page.getByRole('img', { name: 'Selected project image preview' }).waitFor();
    await page.getByRole('button', { name: 'Submit Project' }).click();
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('draft:')))).toEqual([]);

    // Step 2, on the same page: the rest of the project.
    const step = page.getByTestId('complete-project');
    const editor = step.getByTestId('extras-editor');
    await editor.waitFor({ timeout: 30_000 });
    // The step is in the axe gate too (critical, serious and moderate), light and dark.
    for (const dark of [false, true]) {
      await applyTheme(page, dark);
      expect(await seriousA11yViolations(page, { moderate: true }), `${dark ? 'dark' : 'light'} step 2`).toEqual([]);
    }
    await applyTheme(page, false);
    const bolt = editor.getByRole('checkbox', { name: 'Bolt', exact: true });
    await bolt.click();
    expect(await bolt.isChecked()).toBe(true);
    for (const tag of ['React', 'Game']) {
      const box = editor.getByRole('checkbox', { name: tag, exact: true });
      await box.click();
      expect(await box.isChecked()).toBe(true);
    }
    await editor.getByText('(2 of 5)').waitFor();

    const files = await Promise.all([1, 2].map(async (i) => ({ name: `shot-${i}.png`, mimeType: 'image/png', buffer: await noisePng(320 + i, 180) })));
    await editor.getByTestId('gallery-input').setInputFiles(files);
    await expect.poll(() => editor.getByTestId('gallery-item').count(), { timeout: 30_000 }).toBe(3);
    await editor.getByTestId('gallery-item').first().getByText('Cover').waitFor();

    await editor.getByLabel('Video link (YouTube, Vimeo or Loom)').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await editor.getByTestId('poster-input').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: await noisePng(320, 180) });
    await editor.getByRole('img', { name: 'Video poster preview' }).waitFor({ timeout: 30_000 });
    await editor.getByRole('button', { name: 'Save video' }).click();
    await page.locator('.toast-root').filter({ hasText: 'Your demo video is saved.' }).first().waitFor({ timeout: 30_000 });

    await step.getByLabel('Invite a co-maker by e-mail').fill(friend.email);
    await step.getByRole('button', { name: 'Invite', exact: true }).click();
    // Listed from the server's answer: the invitation is stored.
    await step.getByText(`${friend.email} (pending)`).waitFor({ timeout: 30_000 });

    // What the database holds: one cover, first in the gallery, and everything else.
    const { data } = await app.service().from('projects')
      .select('id, image_url, launch_date, video_url, video_poster_url, project_tools(tool), project_tags(tags(slug)), project_images(url, position)')
      .eq('title', title).single();
    const row = data as unknown as {
      id: string; image_url: string; launch_date: string; video_url: string; video_poster_url: string;
      project_tools: { tool: string }[]; project_tags: { tags: { slug: string } }[]; project_images: { url: string; position: number }[];
    };
    const gallery = [...row.project_images].sort((a, b) => a.position - b.position).map((i) => i.url);
    expect(gallery).toHaveLength(3);
    expect(gallery[0]).toBe(row.image_url);
    expect(row.launch_date).toBe(launchDay);
    expect(row.video_poster_url).toMatch(/project-images/);
    expect(row.project_tools.map((t) => t.tool).sort()).toEqual(['Bolt', 'Cursor']);
    expect(row.project_tags.map((t) => t.tags.slug).sort()).toEqual(['game', 'react']);

    // Published (and launched), the project page shows it all, and its card the same cover.
    await app.service().from('projects').update({ status: 'approved', launch_date: null }).eq('id', row.id);
    await app.service().from('projects').update({ launched_at: new Date(Date.now() - 60_000).toISOString() }).eq('id', row.id);
    const visitor = await app.newPage({ width: 375, height: 800 });
    await visitor.goto(`/projects/${row.id}`);
    await visitor.getByRole('heading', { name: title }).waitFor({ timeout: 30_000 });
    await visitor.getByText('Bolt').first().waitFor();
    for (const tag of ['React', 'Game']) await visitor.getByRole('link', { name: `#${tag}`, exact: true }).waitFor();
    await visitor.getByRole('button', { name: /play/i }).first().waitFor();
    const cover = objectName(row.image_url);
    await expect.poll(async () => (await visitor.locator('main img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).currentSrc || (i as HTMLImageElement).src))).some((s) => decodeURIComponent(s).includes(cover))).toBe(true);

    await visitor.goto('/projects');
    const card = visitor.locator('article').filter({ hasText: title });
    await card.waitFor({ timeout: 30_000 });
    expect(decodeURIComponent((await card.locator('img').first().getAttribute('src')) ?? '')).toContain(cover);
    expect(errors.pageErrors).toEqual([]);
  }, 240_000);

  it('signing out clears the draft: the next account on this browser starts empty', async () => {
    const first = await app.createUser({ name: 'Dana Draft' });
    const second = await app.createUser({ name: 'Ezra Empty' });
    const page = await app.newPage();
    await signIn(page, first.email, first.password);
    await page.goto('/submit-project');
    await page.locator('#submit-title').fill('Half-typed secret plan');
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('draft:')).length)).toBe(1);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('draft:')))).toEqual([]);
    await signIn(page, second.email, second.password);
    await page.goto('/submit-project');
    await page.getByRole('heading', { name: 'Submit Your Project' }).waitFor();
    expect(await page.locator('#submit-title').inputValue()).toBe('');
    expect(await page.getByTestId('draft-restored').count()).toBe(0);
  }, 120_000);
});
