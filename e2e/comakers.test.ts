import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noisePng, signIn, toast } from './accounts-support.ts';
import { animationsSettled, seriousA11yViolations, startApp, watchErrors, type E2EApp } from './support/app.ts';

/**
 * Issue 30's co-maker journey (decision 220): an owner invites a co-maker; the co-maker sees the
 * count in the account menu, accepts from its Invitations, lands on the project with the makers'
 * panels (no Report) and adds a gallery image; the owner is told. With SCREENSHOTS_DIR set, the
 * account menu and the co-maker's project page are saved at 1280 and 375 px, light and dark.
 */
let app: E2EApp;
const shots = process.env.SCREENSHOTS_DIR;

beforeAll(async () => {
  app = await startApp();
  if (shots) mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await app?.close();
});

/** The theme as the toggle sets it (a class on <html>), without reloading the page. */
async function setScheme(page: Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), scheme === 'dark');
}

async function shoot(page: Page, name: string) {
  if (!shots) return;
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    await animationsSettled(page);
    await page.screenshot({ path: `${shots}/${name}-${scheme}.png` });
  }
  await setScheme(page, 'light');
}

describe('co-makers are makers', () => {
  it('an invited co-maker accepts from the account menu, lands on the project and adds a gallery image; the owner is told', async () => {
    const owner = await app.createUser({ name: 'Olga Owner' });
    const comaker = await app.createUser({ name: 'Cody Comaker' });
    await owner.client.from('creators').upsert({ id: owner.id, name: 'Olga Owner' });
    const { data: demo } = await app.service().from('projects').select('image_url').not('image_url', 'is', null).limit(1).single();
    const { data: created } = await owner.client
      .from('projects')
      .insert({ title: 'Pair Planner', description: 'Plans made by two', tool: 'Cursor', category: 'App', creator_id: owner.id, upvotes: 0, featured: false })
      .select('id')
      .single();
    const projectId = (created as { id: string }).id;
    await app.service().from('projects').update({ status: 'approved', image_url: (demo as { image_url: string }).image_url }).eq('id', projectId);

    // The owner invites from the project page.
    const ownerPage = await app.newPage();
    await signIn(ownerPage, owner.email, owner.password);
    await ownerPage.goto(`/projects/${projectId}`);
    await ownerPage.getByRole('textbox', { name: 'Invite a co-maker by e-mail' }).fill(comaker.email);
    await ownerPage.getByRole('button', { name: 'Invite', exact: true }).click();
    await toast(ownerPage, 'Invitation sent').waitFor();

    // At 375 px the menu's Invitations carries the count.
    const phone = await app.newPage({ width: 375, height: 800 });
    await signIn(phone, comaker.email, comaker.password);
    await phone.goto('/');
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await phone.getByRole('link', { name: 'Invitations 1' }).waitFor();
    await shoot(phone, 'menu-count-375');

    // At 1280 px: the avatar says one waits; the account menu's Invitations shows 1.
    const page = await app.newPage();
    const errors = watchErrors(page);
    await signIn(page, comaker.email, comaker.password);
    await page.goto('/');
    const menu = page.getByRole('button', { name: /Account menu, 1 invitation waiting$/ });
    await menu.click();
    const item = page.getByRole('menuitem', { name: 'Invitations 1' });
    await item.waitFor();
    await shoot(page, 'menu-count-1280');
    await item.click();
    await page.waitForURL('**/invitations');
    const invitation = page.getByTestId('invitation').filter({ hasText: 'Pair Planner' });
    await invitation.getByRole('button', { name: 'Accept' }).click();

    // Accepting leads to the project, where the co-maker has the makers' panels and no Report.
    await page.waitForURL(`**/projects/${projectId}`);
    await toast(page, 'You are now a co-maker').waitFor();
    const editor = page.getByTestId('extras-editor');
    await editor.waitFor();
    await page.getByRole('heading', { level: 1, name: 'Pair Planner' }).waitFor();
    expect(await page.getByRole('button', { name: 'Report Pair Planner' }).count()).toBe(0);
    await editor.getByTestId('gallery-input').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: await noisePng(320, 200) });
    // The project's cover is the gallery's first image (decision 225): the added one comes after it.
    await expect.poll(() => editor.getByTestId('gallery-item').count(), { timeout: 20_000 }).toBe(2);
    const { data: images } = await app.service().from('project_images').select('url, position').eq('project_id', projectId).order('position');
    const { data: cover } = await app.service().from('projects').select('image_url').eq('id', projectId).single();
    expect(images).toHaveLength(2);
    expect(images![0]!.url).toBe((cover as { image_url: string }).image_url);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /Account menu$/ }).waitFor();

    // The owner is told.
    const { data: told } = await app.service().from('notifications').select('type, link').eq('user_id', owner.id).eq('type', 'comaker_accepted');
    expect(told).toEqual([{ type: 'comaker_accepted', link: `/projects/${projectId}` }]);
    expect(errors.pageErrors).toEqual([]);

    if (shots) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${shots}/comaker-project-1280-light.png`, fullPage: true });
      await setScheme(page, 'dark');
      await page.screenshot({ path: `${shots}/comaker-project-1280-dark.png`, fullPage: true });
      await phone.goto(`/projects/${projectId}`);
      await phone.getByTestId('extras-editor').waitFor();
      await phone.screenshot({ path: `${shots}/comaker-project-375-light.png`, fullPage: true });
      await setScheme(phone, 'dark');
      await phone.screenshot({ path: `${shots}/comaker-project-375-dark.png`, fullPage: true });
    }
  });
});
