import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noisePng, signIn } from './accounts-support.ts';
import { startApp, watchErrors, type E2EApp } from './support/app.ts';

/**
 * Issue 17's journey: a maker adds two tools, three tags, three images (reordered) and a video
 * with a poster; a visitor filters by two tags, opens the gallery by keyboard, starts the video
 * with a click (nothing asked of the video host before it) and copies the link.
 */
let app: E2EApp;
let projectId = '';
const title = `Tag Trail ${Date.now()}`;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

describe('richer projects', () => {
  it('a maker adds tools, tags, a reordered gallery and a video with a poster', async () => {
    const maker = await app.createUser({ name: 'Rita Richer' });
    await maker.client.from('creators').insert({ id: maker.id, name: 'Rita Richer' });
    const { data, error } = await maker.client
      .from('projects')
      .insert({ title, description: 'A trail of tags.', tool: 'Cursor', category: 'App', creator_id: maker.id, upvotes: 0, featured: false, image_url: null, live_url: null, github_url: null })
      .select('id')
      .single();
    if (error) throw error;
    projectId = data.id as string;

    const page = await app.newPage();
    const errors = watchErrors(page);
    await signIn(page, maker.email, maker.password);
    await page.goto(`/projects/${projectId}`);
    const editor = page.getByTestId('extras-editor');
    await editor.waitFor();

    // Each box shows what the database holds: it turns on once the write is back.
    const tick = async (name: string) => {
      const box = editor.getByRole('checkbox', { name, exact: true });
      await box.click();
      await expect.poll(() => box.isChecked()).toBe(true);
    };
    await tick('Bolt');
    for (const tag of ['React', 'Game', 'Education']) await tick(tag);
    await editor.getByText('(3 of 5)').waitFor();

    const files = await Promise.all([1, 2, 3].map(async (i) => ({ name: `shot-${i}.png`, mimeType: 'image/png', buffer: await noisePng(320 + i, 200) })));
    await editor.getByTestId('gallery-input').setInputFiles(files);
    await expect.poll(() => editor.getByTestId('gallery-item').count(), { timeout: 20_000 }).toBe(3);
    const before = await app.service().from('project_images').select('id').eq('project_id', projectId).order('position');
    const [a, b, c] = before.data!.map((r) => r.id as string);
    await editor.getByRole('button', { name: 'Move image 3 earlier' }).click();
    await expect
      .poll(async () => (await app.service().from('project_images').select('id').eq('project_id', projectId).order('position')).data!.map((r) => r.id))
      .toEqual([a, c, b]);
    // The second image gets a description for screen readers, saved when the field is left.
    await editor.getByLabel('Description of image 2').fill('The score screen after a round');
    await editor.getByLabel('Description of image 2').blur();
    await expect.poll(async () => (await app.service().from('project_images').select('alt').eq('id', c!).single()).data?.alt).toBe('The score screen after a round');

    await editor.getByLabel('Video link (YouTube, Vimeo or Loom)').fill('https://evil.example/watch?v=dQw4w9WgXcQ');
    await editor.getByRole('button', { name: 'Save video' }).click();
    await page.locator('.toast-root').filter({ hasText: 'Video links must be YouTube, Vimeo or Loom links' }).first().waitFor();
    await editor.getByLabel('Video link (YouTube, Vimeo or Loom)').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await editor.getByTestId('poster-input').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: await noisePng(320, 180) });
    await editor.getByRole('img', { name: 'Video poster preview' }).waitFor();
    await editor.getByRole('button', { name: 'Save video' }).click();
    await page.locator('.toast-root').filter({ hasText: 'Your demo video is saved.' }).first().waitFor();

    const { data: row } = await app.service().from('projects')
      .select('video_url, video_poster_url, project_tools(tool), project_tags(tags(slug))').eq('id', projectId).single();
    const saved = row as unknown as { video_url: string; video_poster_url: string; project_tools: { tool: string }[]; project_tags: { tags: { slug: string } }[] };
    expect(saved.video_url).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(saved.video_poster_url).toMatch(/\/storage\/v1\/object\/public\/project-images\//);
    expect(saved.project_tools.map((t) => t.tool).sort()).toEqual(['Bolt', 'Cursor']);
    expect(saved.project_tags.map((t) => t.tags.slug).sort()).toEqual(['education', 'game', 'react']);
    expect(errors.pageErrors).toEqual([]);
  });

  it('a visitor filters by two tags, opens the gallery by keyboard, plays the video on click and copies the link', async () => {
    expect(projectId).not.toBe('');
    await app.service().from('projects').update({ status: 'approved' }).eq('id', projectId);
    const page = await app.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const errors = watchErrors(page);
    const hostRequests: string[] = [];
    page.on('request', (r) => {
      if (/youtube\.com|ytimg\.com|vimeo\.com|loom\.com/.test(new URL(r.url()).hostname)) hostRequests.push(r.url());
    });
    await page.route('https://www.youtube.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>player</p>' }));

    await page.goto('/projects');
    await page.getByRole('button', { name: '#Game', exact: true }).click();
    await page.waitForURL(/tag=game/);
    await page.getByRole('button', { name: '#Education', exact: true }).click();
    await page.waitForURL(/tag=education&tag=game/);
    const card = page.locator('article').filter({ hasText: title });
    await card.waitFor();
    const both = await app.anon().from('project_listing').select('id', { count: 'exact', head: true }).contains('tag_slugs', ['education', 'game']);
    await expect.poll(() => page.locator('article').count()).toBe(both.count);
    await expect.poll(() => card.getByTestId('card-tools-tags').textContent()).toContain('Cursor + Bolt');
    await card.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    // The gallery by keyboard: the cover is a button; Enter opens the lightbox, → moves, Escape closes.
    const cover = page.getByRole('button', { name: /^Open Screenshot 1 of 3/ });
    await cover.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Image 1 of 3').waitFor();
    await page.keyboard.press('ArrowRight');
    await dialog.getByText('Image 2 of 3').waitFor();
    await dialog.getByRole('img', { name: 'The score screen after a round' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Radix moves focus back a task after the dialog has left the page.
    await expect.poll(() => cover.evaluate((el) => el === document.activeElement)).toBe(true);

    // Nothing from the video host until the visitor presses play.
    await page.getByRole('button', { name: 'Play demo video' }).waitFor();
    expect(hostRequests).toEqual([]);
    await page.getByRole('button', { name: 'Play demo video' }).click();
    const frame = page.locator('iframe[title^="Demo video of"]');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1');
    await expect.poll(() => hostRequests.length).toBeGreaterThan(0);

    // Without the maker's poster (L10): a frame of a player's size with the project's cover behind
    // the play button, not a black box the width of the page.
    const cleared = await app.service().from('projects').update({ video_poster_url: null }).eq('id', projectId);
    expect(cleared.error).toBeNull();
    await page.goto(`/projects/${projectId}`);
    await page.getByRole('button', { name: 'Play demo video' }).waitFor();
    const behind = page.getByTestId('video-cover');
    await behind.waitFor();
    await expect.poll(() => behind.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const coverSrc = await page.getByRole('button', { name: /^Open Screenshot 1 of 3/ }).locator('img').getAttribute('src');
    expect(await behind.getAttribute('src')).toBe(coverSrc);
    const frameBox = (await page.getByTestId('video-frame').boundingBox())!;
    const mainBox = (await page.locator('main').boundingBox())!;
    expect(frameBox.width).toBeLessThanOrEqual(768.5);
    expect(frameBox.width).toBeLessThan(mainBox.width * 0.7);

    // Share: copy the link, and the others carry no tracking.
    await page.goto(`/projects/${projectId}?utm_source=newsletter`);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('button', { name: 'Link copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).origin}/projects/${projectId}`);
    const linkedin = await page.getByRole('link', { name: 'Share on LinkedIn' }).getAttribute('href');
    expect(linkedin).not.toContain('utm');
    expect(errors.pageErrors).toEqual([]);
  });
});
