import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noisePng, signIn, signInThroughForm, toast } from './accounts-support.ts';
import { startApp, watchErrors, type E2EApp } from './support/app.ts';

/** Guards, submitting a project with its image, My Projects, and the profile as others see it. */
let app: E2EApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

async function fillProject(page: Page, values: { title?: string; description?: string; tool?: string; category?: string; liveUrl?: string }) {
  if (values.title !== undefined) await page.locator('#submit-title').fill(values.title);
  if (values.description !== undefined) await page.locator('#submit-description').fill(values.description);
  if (values.liveUrl !== undefined) await page.locator('#submit-liveUrl').fill(values.liveUrl);
  if (values.tool !== undefined) await page.locator('#submit-tool').selectOption(values.tool);
  if (values.category !== undefined) await page.locator('#submit-category').selectOption(values.category);
}

const submitButton = (page: Page) => page.getByRole('button', { name: 'Submit Project' });

async function projectsBy(userId: string) {
  const { data } = await app.service().from('projects').select('id,title,status,image_url').eq('creator_id', userId);
  return (data ?? []) as Array<{ id: string; title: string; status: string; image_url: string }>;
}

async function objectCount(): Promise<number> {
  const { data } = await app.service().storage.from('project-images').list('', { limit: 1000 });
  return data?.length ?? 0;
}

describe('guards', () => {
  it('sends a visitor to /signin and back to the page after signing in', async () => {
    const user = await app.createUser();
    const page = await app.newPage();
    await page.goto('/my-projects');
    await page.waitForURL((u) => u.pathname === '/signin');
    await signInThroughForm(page, user.email, user.password);
    await page.waitForURL((u) => u.pathname === '/my-projects');
    await page.getByRole('heading', { name: 'My Projects' }).waitFor();
    await page.getByText('No projects yet').waitFor();
    expect(await page.getByRole('link', { name: 'Submit Your First Project' }).getAttribute('href')).toBe('/submit-project');
  });

  it('sends a signed-in non-admin away from /admin to /', async () => {
    const user = await app.createUser();
    const page = await app.newPage();
    await signIn(page, user.email, user.password);
    await page.goto('/admin');
    await page.waitForURL((u) => u.pathname === '/');
  });
});

describe('submit a project', () => {
  it('refuses bad input with clear messages and stores nothing', async () => {
    const user = await app.createUser({ name: 'Val Idator' });
    const page = await app.newPage();
    await signIn(page, user.email, user.password);
    await page.goto('/submit-project');
    const objectsBefore = await objectCount();

    await submitButton(page).click();
    await page.locator('#submit-title-error', { hasText: 'Please enter a title' }).waitFor();
    await toast(page, 'Please select a tool and category').waitFor();

    await fillProject(page, { title: 'Too long', description: 'x'.repeat(201), liveUrl: 'javascript:alert(1)', tool: 'Cursor', category: 'App' });
    expect(await page.getByText('201/200').count()).toBe(1);
    await submitButton(page).click();
    await page.locator('#submit-description-error', { hasText: 'The short description can be at most 200 characters' }).waitFor();
    await page.locator('#submit-liveUrl-error', { hasText: 'Please enter a web address starting with http:// or https://' }).waitFor();

    await fillProject(page, { description: 'Fine now', liveUrl: '' });
    await submitButton(page).click();
    await toast(page, 'Please upload a project image').waitFor();

    const input = page.locator('input[type="file"]');
    expect(await input.getAttribute('accept')).toBe('image/jpeg,image/png,image/gif,image/webp');
    await input.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not an image at all') });
    await toast(page, 'Please upload a JPEG, PNG, GIF or WebP image').waitFor();
    const big = Buffer.concat([await noisePng(64, 64), Buffer.alloc(5_300_000)]);
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
    await toast(page, 'Image size should be less than 5MB').waitFor();
    expect(await page.getByRole('img', { name: 'Selected project image preview' }).count()).toBe(0);

    expect(await projectsBy(user.id)).toEqual([]);
    expect(await objectCount()).toBe(objectsBefore);
  });

  it('uploads a real PNG with progress, thanks the user, lists it as pending in My Projects and keeps it off the public list', async () => {
    const user = await app.createUser({ name: 'Pat Submitter' });
    const page = await app.newPage();
    const errors = watchErrors(page);
    await signIn(page, user.email, user.password);
    await page.getByRole('link', { name: 'Submit Project' }).first().click();
    await page.waitForURL((u) => u.pathname === '/submit-project');

    const title = `Recipe Radar ${Date.now()}`;
    await fillProject(page, { title, description: 'Finds recipes from what is in your fridge.', tool: 'Cursor', category: 'App', liveUrl: 'recipe-radar.example.com' });
    await page.locator('#submit-longDescription').fill('Built in a weekend with Cursor.');
    await page.locator('input[type="file"]').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: await noisePng(640, 480) });
    await page.getByRole('img', { name: 'Selected project image preview' }).waitFor();
    await page.getByRole('button', { name: 'Change Image' }).waitFor();

    // Slow the upload down so the bar has something to show, and record every value it shows.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __progress: string[] }).__progress = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"][aria-label="Image upload"]');
        const v = bar?.getAttribute('aria-valuenow');
        if (v !== null && v !== undefined && seen[seen.length - 1] !== v) seen.push(v);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });
    await submitButton(page).click();
    await page.getByRole('button', { name: 'Submitting...' }).waitFor();
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor({ timeout: 60_000 });
    await toast(page, 'Your project has been submitted successfully').waitFor();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const progress = (await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress)).map(Number);
    expect(progress.some((v) => v > 0 && v < 100)).toBe(true);
    expect(progress[progress.length - 1]).toBe(100);

    const [row] = await projectsBy(user.id);
    expect(row).toMatchObject({ title, status: 'pending' });
    expect(row!.image_url).toMatch(new RegExp(`/storage/v1/object/public/project-images/\\d+-[a-z0-9]+\\.png$`));
    const image = await fetch(row!.image_url);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');

    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    await page.getByRole('link', { name: 'View My Projects' }).click();
    const mine = page.getByTestId('my-project').filter({ hasText: title });
    await mine.waitFor();
    await mine.getByText('Pending review').waitFor();

    // Absent from what the public sees.
    const { data: visible } = await app.anon().from('projects').select('id').eq('id', row!.id);
    expect(visible).toEqual([]);
    const visitor = await app.newPage();
    await visitor.goto(`/projects?q=${encodeURIComponent(title)}`);
    await visitor.getByText('No projects found').waitFor();
    expect(errors.pageErrors).toEqual([]);
    // A first submission asks whether the maker has a creator row: "none" is an answer, not a failed request.
    expect(errors.consoleErrors).toEqual([]);
  });
});

describe('my projects', () => {
  it('shows the rejection reason, edits a project back into review, and deletes one with its image', async () => {
    const user = await app.createUser({ name: 'Owner Olive' });
    const png = await noisePng(32, 32);
    const path = `${Date.now()}-seed.png`;
    const up = await user.client.storage.from('project-images').upload(path, png, { contentType: 'image/png' });
    expect(up.error).toBeNull();
    const imageUrl = user.client.storage.from('project-images').getPublicUrl(path).data.publicUrl;
    await user.client.from('creators').insert({ id: user.id, name: 'Owner Olive' });
    const insert = await user.client
      .from('projects')
      .insert({ title: 'Olive Oracle', description: 'Predicts olives.', image_url: imageUrl, tool: 'Bolt', category: 'Other', creator_id: user.id, upvotes: 0, featured: false })
      .select('id')
      .single();
    expect(insert.error).toBeNull();
    const id = (insert.data as { id: string }).id;
    await app.service().from('projects').update({ status: 'rejected', rejection_reason: 'Please add a working demo link.' }).eq('id', id);

    const page = await app.newPage();
    await signIn(page, user.email, user.password);
    await page.goto('/my-projects');
    const row = page.getByTestId('my-project').filter({ hasText: 'Olive Oracle' });
    await row.getByText('Rejected').waitFor();
    await row.getByText('Please add a working demo link.').waitFor();

    await row.getByRole('button', { name: 'Edit Olive Oracle' }).click();
    await page.locator('#edit-liveUrl').fill('https://olive.example.com');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Project updated').waitFor();
    await row.getByText('Pending review').waitFor();
    expect((await projectsBy(user.id))[0]).toMatchObject({ status: 'pending' });

    await row.getByRole('button', { name: 'Delete Olive Oracle' }).click();
    await page.getByRole('button', { name: 'Delete project' }).click();
    await toast(page, 'Project deleted').waitFor();
    await page.getByText('No projects yet').waitFor();
    expect(await projectsBy(user.id)).toEqual([]);
    const { data: left } = await app.service().storage.from('project-images').list('', { search: path });
    expect(left ?? []).toEqual([]);
  });
});

describe('profile', () => {
  it('renames the user on their comment and their project card, and saves the bio shown on the detail page', async () => {
    const user = await app.createUser({ name: 'Before Name' });
    await user.client.from('creators').insert({ id: user.id, name: 'Before Name' });
    const { data: created } = await user.client
      .from('projects')
      .insert({ title: `Named Thing ${Date.now()}`, description: 'A thing with a name.', tool: 'Lovable', category: 'Website', creator_id: user.id, upvotes: 0, featured: false })
      .select('id,title')
      .single();
    const project = created as { id: string; title: string };
    await app.service().from('projects').update({ status: 'approved' }).eq('id', project.id);

    const page = await app.newPage();
    await signIn(page, user.email, user.password);
    await page.goto(`/projects/${project.id}`);
    await page.getByRole('textbox', { name: 'Add a comment' }).fill('First!');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await toast(page, 'Your comment has been added').waitFor();

    await page.goto('/profile');
    expect(await page.locator('#profile-email').isDisabled()).toBe(true);
    await page.locator('#profile-name').fill('After Name');
    await page.locator('#profile-bio').fill('I build small useful things.');
    await page.locator('#profile-avatar').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.locator('#profile-avatar-error').waitFor();
    await page.locator('#profile-avatar').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Your profile has been updated successfully.').waitFor();

    await page.goto(`/projects/${project.id}`);
    await page.getByTestId('comment-author').filter({ hasText: 'After Name' }).waitFor();
    expect(await page.getByTestId('creator-link').textContent()).toBe('After Name');
    await page.getByText('I build small useful things.').waitFor();
    await page.goto(`/projects?q=${encodeURIComponent(project.title)}`);
    await page.getByText('After Name').first().waitFor();
  });
});
