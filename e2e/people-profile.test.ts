import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noisePng, toast } from './accounts-support.ts';
import { seriousA11yViolations, startApp, watchErrors, type E2EApp } from './support/app.ts';

/**
 * Issue 30 item 4, "People are people" (decision 226): a new user picks a display name at sign-up
 * and is shown under it on their comment and creator page; uploads an avatar that their creator
 * page then shows; and /collections lists public collections, never private ones.
 */
let app: E2EApp;
let projectId: string;
let maker: Awaited<ReturnType<E2EApp['createUser']>>;

beforeAll(async () => {
  app = await startApp();
  maker = await app.createUser({ name: 'Mina Maker' });
  projectId = await approvedProject(maker.client, maker.id, 'Plant Pal');
});
afterAll(async () => {
  await app?.close();
});

async function approvedProject(client: SupabaseClient, id: string, title: string): Promise<string> {
  const { data, error } = await client
    .from('projects')
    .insert({ title, description: 'Reminds you to water your plants', tool: 'Cursor', category: 'App', creator_id: id, upvotes: 0, featured: false })
    .select('id')
    .single();
  expect(error).toBeNull();
  const created = (data as { id: string }).id;
  await app.service().from('projects').update({ status: 'approved' }).eq('id', created);
  return created;
}

const PASSWORD = 'a-long-enough-password-1';

describe('people are people', () => {
  it('a new user picks a name at sign-up; it shows on their comment and creator page, and so does their avatar', async () => {
    const page = await app.newPage();
    const errors = watchErrors(page);
    const address = `named-${Math.random().toString(36).slice(2, 8)}@example.test`;
    await page.goto('/signup');
    // A reserved name is refused in the form, with the rule's words.
    await page.locator('#signup-name').fill('Admin');
    await page.locator('#signup-email').fill(address);
    await page.locator('#signup-password').fill(PASSWORD);
    await page.locator('#signup-confirm').fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.locator('#signup-name-error', { hasText: 'That display name is reserved. Please choose another' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');

    await page.locator('#signup-name').fill('  Priya Patel ');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((u) => u.pathname === '/', { timeout: 30_000 });

    await page.goto(`/projects/${projectId}`);
    await page.getByLabel('Add a comment').fill('Lovely idea, watering reminders are exactly what I need.');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    const mine = page.getByTestId('comment').filter({ hasText: 'watering reminders' });
    await mine.getByTestId('comment-author').filter({ hasText: /^Priya Patel$/ }).waitFor({ timeout: 30_000 });
    expect(await mine.innerText()).not.toContain(address.split('@')[0]);

    const { data: users } = await app.service().auth.admin.listUsers({ perPage: 1000 });
    const id = users.users.find((u) => u.email === address)!.id;
    await page.goto(`/creators/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Priya Patel' }).waitFor();
    await page.getByTestId('creator-stats').getByText('Joined').waitFor();
    expect(await page.locator('header').getByTestId('avatar-image').count()).toBe(0);

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Upload avatar' }).waitFor();
    await page.locator('#profile-avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await noisePng(96, 96) });
    await toast(page, 'Avatar updated').waitFor({ timeout: 30_000 });

    await page.goto(`/creators/${id}`);
    const avatar = page.locator('main header').getByTestId('avatar-image');
    await avatar.waitFor();
    expect(await avatar.getAttribute('src')).toContain(`/storage/v1/object/public/avatars/${id}/`);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('main header [data-testid="avatar-image"]');
      return Boolean(img?.complete && img.naturalWidth > 0);
    });
    expect(errors.pageErrors).toEqual([]);
  });

  it('/collections lists a public collection and not a private one', async () => {
    const { error: publicError } = await maker.client.from('collections').insert({ name: 'Green Thumb Picks', description: 'Apps for plant people', is_public: true });
    expect(publicError).toBeNull();
    const { error: privateError } = await maker.client.from('collections').insert({ name: 'Secret Seedlings', is_public: false });
    expect(privateError).toBeNull();

    for (const signedInAsOwner of [false, true]) {
      const page = await app.newPage({ width: 375, height: 800 });
      if (signedInAsOwner) {
        await page.goto('/signin');
        await page.locator('#signin-email').fill(maker.email);
        await page.locator('#signin-password').fill(maker.password);
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await page.waitForURL((u) => u.pathname === '/');
      } else {
        // Linked from every page's footer.
        await page.goto('/');
        await page.locator('footer').getByRole('link', { name: 'Collections' }).click();
        await page.waitForURL((u) => u.pathname === '/collections');
      }
      if (signedInAsOwner) await page.goto('/collections');
      await page.getByRole('heading', { level: 1, name: 'Collections' }).waitFor();
      const card = page.getByRole('listitem').filter({ hasText: 'Green Thumb Picks' });
      await card.getByText('Mina Maker').waitFor();
      // Even its owner sees only public collections here.
      expect(await page.getByText('Secret Seedlings').count()).toBe(0);
      if (!signedInAsOwner) {
        expect(await seriousA11yViolations(page)).toEqual([]);
        await card.getByRole('link', { name: 'Green Thumb Picks' }).click();
        await page.waitForURL((u) => u.pathname.startsWith('/collections/'));
        await page.getByRole('heading', { level: 1, name: 'Green Thumb Picks' }).waitFor();
      }
    }
  });
});
