import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, toast } from './accounts-support.ts';
import { seriousA11yViolations, startApp, watchErrors, type E2EApp } from './support/app.ts';

/**
 * Issue 30 item 4's journey (decisions 228–229): a new user signs up, sees the welcome, follows a
 * suggested maker; the maker @-mentions them in a comment; the mention links to their page and
 * they see the notification in the bell; they mute her, and her next mention tells them nothing.
 */
let app: E2EApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const PASSWORD = 'a-long-enough-password-1';

describe('onboarding and mentions', () => {
  it('a new user follows a suggested maker, is @-mentioned by them, and sees it linked and in the bell', async () => {
    // A maker with a launched project (the database suggests makers who have launched).
    const maker = await app.createUser({ name: 'Mara Maker' });
    await maker.client.from('creators').insert({ id: maker.id, name: 'Mara Maker' });
    const { data: project, error } = await maker.client
      .from('projects')
      .insert({ title: 'Recipe Radar', description: 'Finds recipes in your fridge', tool: 'Lovable', category: 'App', creator_id: maker.id, upvotes: 0, featured: false })
      .select('id')
      .single();
    expect(error).toBeNull();
    const projectId = (project as { id: string }).id;
    await app.service().from('projects').update({ status: 'approved' }).eq('id', projectId);
    // Followers first: the demo makers have none, so the one with a follower is suggested first.
    const fan = await app.createUser({ name: 'Early Fan' });
    expect((await fan.client.from('follows').insert({ followee_id: maker.id })).error).toBeNull();

    // A new user signs up through the form and lands on the home page with the welcome.
    const page = await app.newPage({ width: 375, height: 800 });
    const errors = watchErrors(page);
    const address = `nova-${Math.random().toString(36).slice(2, 8)}@example.test`;
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    const nameField = page.getByLabel('Display name');
    if (await nameField.count()) await nameField.fill('Nova Newbie');
    await page.locator('#signup-email').fill(address);
    await page.locator('#signup-password').fill(PASSWORD);
    await page.locator('#signup-confirm').fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I agree to the Terms and Privacy Policy/ }).setChecked(true);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    const banner = page.getByRole('region', { name: 'Welcome! Follow a few makers and tags' });
    await banner.waitFor({ timeout: 30_000 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await banner.getByRole('link', { name: 'Pick makers and tags' }).click();

    // The welcome page: their handle, the maker suggested; they follow her and finish.
    await page.waitForURL((u) => u.pathname === '/welcome');
    await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
    const handleText = page.getByTestId('welcome-handle').locator('strong');
    await handleText.waitFor();
    const handle = ((await handleText.textContent()) ?? '').replace(/^@/, '');
    expect(handle).toMatch(/^[a-z][a-z0-9_]{2,29}$/);
    await page.getByTestId('suggested-makers').getByRole('link', { name: 'Mara Maker' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Follow Mara Maker' }).click();
    await toast(page, 'You follow Mara Maker').waitFor();
    await page.getByRole('button', { name: 'Following Mara Maker' }).waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL((u) => u.pathname === '/following');
    await page.getByRole('heading', { level: 1, name: 'Following' }).waitFor();
    await page.getByRole('list', { name: 'Makers you follow' }).getByRole('link', { name: 'Mara Maker' }).waitFor();
    // The welcome does not show again, even after a reload.
    await page.goto('/projects');
    await page.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();
    expect(await banner.count()).toBe(0);
    const newUserId = (await app.service().from('creators').select('id').eq('handle', handle).single()).data as { id: string };

    // The maker @-mentions them in a comment; the mention is a link to their page.
    const makerPage = await app.newPage();
    const makerErrors = watchErrors(makerPage);
    await signIn(makerPage, maker.email, maker.password);
    await makerPage.goto(`/projects/${projectId}`);
    await makerPage.getByRole('textbox', { name: 'Add a comment' }).fill(`Thanks for the follow, @${handle}! <b>not bold</b>`);
    await makerPage.getByRole('button', { name: 'Post Comment' }).click();
    const comment = makerPage.getByTestId('comment-content').filter({ hasText: 'Thanks for the follow' });
    await comment.waitFor();
    const mention = comment.getByRole('link', { name: `@${handle}` });
    await mention.waitFor();
    expect(await mention.getAttribute('href')).toBe(`/creators/${newUserId.id}`);
    // The user's text stays text: no markup from a comment.
    expect(await comment.locator('b').count()).toBe(0);
    await comment.getByText('<b>not bold</b>').waitFor();
    await mention.click();
    await makerPage.waitForURL((u) => u.pathname === `/creators/${newUserId.id}`);
    // Their page says the handle the mention used.
    await makerPage.getByText(`@${handle}`, { exact: true }).waitFor();

    // The new user sees it in the bell, and it leads to the project.
    await page.goto('/projects');
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor({ timeout: 30_000 });
    await bell.click();
    const item = page.getByRole('menuitem', { name: /Mara Maker mentioned you in a comment on Recipe Radar/ });
    await item.waitFor();
    await item.click();
    await page.waitForURL((u) => u.pathname === `/projects/${projectId}`);
    await page.getByTestId('comment-content').filter({ hasText: 'Thanks for the follow' }).waitFor();

    // They mute the maker from her page: her next mention is stored but tells them nothing.
    await page.goto(`/creators/${maker.id}`);
    await page.getByRole('button', { name: 'Mute Mara Maker' }).click();
    await toast(page, 'You muted Mara Maker').waitFor();
    await page.getByRole('button', { name: 'Muted Mara Maker' }).waitFor();
    expect((await app.service().from('user_mutes').select('muted_id').eq('user_id', newUserId.id)).data).toEqual([{ muted_id: maker.id }]);
    await makerPage.goto(`/projects/${projectId}`);
    await makerPage.getByRole('textbox', { name: 'Add a comment' }).fill(`One more thing, @${handle}.`);
    await makerPage.getByRole('button', { name: 'Post Comment' }).click();
    await makerPage.getByTestId('comment-content').filter({ hasText: 'One more thing' }).waitFor();
    const { data: counted } = await app.service().from('project_comments').select('id').eq('project_id', projectId).like('content', 'One more thing%').single();
    const [passedOver] = (
      await app.server.ctx.db.query<{ notified: boolean }>(`select notified from showcase_private.comment_mentions where comment_id = $1 and user_id = $2`, [(counted as { id: string }).id, newUserId.id])
    ).rows;
    expect(passedOver).toEqual({ notified: false });
    await page.goto('/projects');
    await page.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();
    expect(errors.pageErrors).toEqual([]);
    expect(makerErrors.pageErrors).toEqual([]);
  });
});
