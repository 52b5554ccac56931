import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInThroughForm, toast } from './accounts-support.ts';
import { startApp, watchErrors, type E2EApp } from './support/app.ts';

/**
 * Issue 7 in the browser: an admin made with the CLI reviews projects, bans a user, writes blog
 * posts, resolves a report and changes each setting, and every change is seen where users see it.
 */
let app: E2EApp;
let admin: Awaited<ReturnType<E2EApp['createUser']>>;

const run = promisify(execFile);

/**
 * The real `npm run admin -- grant` against the running test server. It must run in another
 * process, asynchronously: the CLI talks to this process's server (PGlite allows one process per
 * data directory), so blocking here would make it fall back to opening the database itself.
 */
async function grantAdminWithCli(email: string) {
  const { config } = app.server.ctx;
  const { stdout } = await run('npx', ['tsx', 'scripts/admin.ts', 'grant', email], {
    env: { ...process.env, DATA_DIR: config.DATA_DIR, PORT: String(config.PORT), DATABASE_URL: '', LOG_LEVEL: 'error' },
    timeout: 60_000,
  });
  return stdout;
}

let granted = false;

async function adminPage(path: string): Promise<Page> {
  // The access test grants admin after checking the refusals; a test run on its own grants here.
  if (!granted) await grantAdminWithCli(admin.email);
  granted = true;
  const page = await app.newPage();
  await signIn(page, admin.email, admin.password);
  await page.goto(path);
  return page;
}

async function makerWithProject(title: string) {
  const maker = await app.createUser({ name: `Maker ${title}` });
  const creator = await maker.client.from('creators').upsert({ id: maker.id, name: `Maker ${title}` });
  if (creator.error) throw creator.error;
  const { data, error } = await maker.client
    .from('projects')
    .insert({ title, description: 'Built over a weekend', tool: 'Lovable', category: 'App', creator_id: maker.id, upvotes: 0, featured: false })
    .select('id')
    .single();
  if (error) throw error;
  return { maker, projectId: (data as { id: string }).id };
}

async function storedProject(id: string) {
  const { data } = await app.service().from('projects').select('status,featured,rejection_reason').eq('id', id).single();
  return data as { status: string; featured: boolean; rejection_reason: string | null };
}

const projectRow = (page: Page, id: string) => page.locator(`tr[data-project-id="${id}"]`);

beforeAll(async () => {
  app = await startApp();
  admin = await app.createUser({ name: 'Ada Admin' });
});
afterAll(async () => {
  await app?.close();
});

describe('access', () => {
  it('keeps a non-admin out (redirect and API refusal) until the CLI grants admin', async () => {
    const page = await app.newPage();
    await signIn(page, admin.email, admin.password);
    await page.goto('/admin');
    await page.waitForURL((u) => u.pathname === '/');
    const refused = await admin.client.rpc('admin_dashboard_stats');
    expect(refused.error).not.toBeNull();
    expect(refused.data).toBeNull();
    const users = await admin.client.rpc('admin_list_users', { search: '', max_rows: 5, skip_rows: 0 });
    expect(users.error).not.toBeNull();

    expect(await grantAdminWithCli(admin.email)).toContain(`${admin.email} is now an admin.`);
    granted = true;

    // The role is read from the database, so no new sign-in is needed.
    const stats = await admin.client.rpc('admin_dashboard_stats');
    expect(stats.error).toBeNull();
    const { count: projectCount } = await app.service().from('projects').select('id', { count: 'exact', head: true });
    expect((stats.data as { totalProjects: number }).totalProjects).toBe(projectCount);

    const errors = watchErrors(page);
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    for (const link of ['Dashboard', 'Users', 'Projects', 'Content', 'Moderation', 'Settings']) {
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: link, exact: true }).waitFor();
    }
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    expect(errors.pageErrors).toEqual([]);
  });

  it('sends a signed-out visitor from a bookmarked /admin/settings to /signin, and back there after signing in (defect 23)', async () => {
    if (!granted) await grantAdminWithCli(admin.email);
    granted = true;
    const page = await app.newPage();
    await page.goto('/admin/settings');
    await page.waitForURL((u) => u.pathname === '/signin');
    await signInThroughForm(page, admin.email, admin.password);
    await page.waitForURL((u) => u.pathname === '/admin/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  });
});

describe('dashboard', () => {
  it('lists recent activity as links, a renamed project under its name now', async () => {
    const { maker, projectId } = await makerWithProject('Dashboard Draft Title');
    const renamed = await maker.client.from('projects').update({ title: 'Dashboard Final Title' }).eq('id', projectId);
    if (renamed.error) throw renamed.error;
    const page = await adminPage('/admin');
    const activity = page.getByRole('list', { name: 'Recent activity' });
    const link = activity.getByRole('link', { name: 'New project submitted: Dashboard Final Title' });
    await link.waitFor();
    expect(await activity.getByText('Dashboard Draft Title').count()).toBe(0);
    await link.click();
    await page.waitForURL((u) => u.pathname === `/projects/${projectId}`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard Final Title' }).waitFor();
  });
});

describe('project review', () => {
  it('approves a pending project, which is then public', async () => {
    const { projectId } = await makerWithProject('Approve Me Please');
    const hidden = await app.anon().from('projects').select('id').eq('id', projectId);
    expect(hidden.data).toEqual([]);

    const page = await adminPage('/admin/projects');
    const row = projectRow(page, projectId);
    await row.getByRole('button', { name: 'Approve' }).click();
    await toast(page, 'Project approved. It is now public.').waitFor();
    expect((await storedProject(projectId)).status).toBe('approved');

    const visitor = await app.newPage();
    await visitor.goto(`/projects/${projectId}`);
    await visitor.getByRole('heading', { level: 1, name: 'Approve Me Please' }).waitFor();
  });

  it('rejects with a reason the maker reads in My Projects', async () => {
    const { maker, projectId } = await makerWithProject('Reject Me Kindly');
    const page = await adminPage('/admin/projects');
    await projectRow(page, projectId).getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('button', { name: 'Reject Project' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Reason').fill('The live link does not load.');
    await dialog.getByRole('button', { name: 'Reject Project' }).click();
    await toast(page, 'Project rejected. The maker can see your reason.').waitFor();
    expect(await storedProject(projectId)).toMatchObject({ status: 'rejected', rejection_reason: 'The live link does not load.' });

    const makerPage = await app.newPage();
    await signIn(makerPage, maker.email, maker.password);
    await makerPage.goto('/my-projects');
    await makerPage.getByText('The live link does not load.').waitFor();
  });

  it('features an approved project, which the home page then shows as Featured', async () => {
    const { projectId } = await makerWithProject('Feature Me Proudly');
    const page = await adminPage('/admin/projects');
    await projectRow(page, projectId).getByRole('button', { name: 'Approve' }).click();
    await toast(page, 'Project approved. It is now public.').waitFor();
    await page.getByRole('tab', { name: 'Approved' }).click();
    await projectRow(page, projectId).getByRole('button', { name: 'Feature' }).click();
    await toast(page, 'Project featured on the home page.').waitFor();
    expect((await storedProject(projectId)).featured).toBe(true);

    const visitor = await app.newPage();
    await visitor.goto('/');
    const card = visitor.locator('main article', { hasText: 'Feature Me Proudly' }).first();
    await card.getByText('Featured').waitFor();
  });
});

describe('users', () => {
  it('asks before Make Admin, Make Moderator and Ban User; Cancel changes nothing (defect 16)', async () => {
    const user = await app.createUser({ name: 'Almost Promoted' });
    const page = await adminPage('/admin/users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(user.email);
    const row = page.locator('tr', { hasText: user.email });
    for (const [item, title] of [
      ['Make Admin', `Make ${user.email} an admin?`],
      ['Make Moderator', `Make ${user.email} a moderator?`],
      ['Ban User', `Ban ${user.email}?`],
    ] as const) {
      await row.getByRole('button', { name: `Actions for ${user.email}` }).click();
      await page.getByRole('menuitem', { name: item }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    const { data } = await app.service().auth.admin.getUserById(user.id);
    expect(data.user?.app_metadata.role).toBeUndefined();
    expect(data.user?.banned_until ?? null).toBeNull();

    await row.getByRole('button', { name: `Actions for ${user.email}` }).click();
    await page.getByRole('menuitem', { name: 'Make Admin' }).click();
    await page.getByRole('dialog', { name: `Make ${user.email} an admin?` }).getByRole('button', { name: 'Make Admin' }).click();
    await toast(page, `${user.email} is now an admin.`).waitFor();
    await row.getByText(/^admin$/i).waitFor();
  });

  it('bans a user after confirming, who is then signed out and told so, and told so again at sign-in (defect 17)', async () => {
    const user = await app.createUser({ name: 'Soon Banned' });
    const { data: project } = await app.anon().from('projects').select('id').eq('status', 'approved').limit(1).single();
    const projectId = (project as { id: string }).id;

    const userPage = await app.newPage();
    await signIn(userPage, user.email, user.password);
    await userPage.goto(`/projects/${projectId}`);
    await userPage.getByRole('textbox', { name: 'Add a comment' }).waitFor();

    const page = await adminPage('/admin/users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(user.email);
    const row = page.locator('tr', { hasText: user.email });
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Actions for ${user.email}` }).click();
    await page.getByRole('menuitem', { name: 'Ban User' }).click();
    await page.getByRole('dialog', { name: `Ban ${user.email}?` }).getByRole('button', { name: 'Ban User' }).click();
    await toast(page, 'User banned').waitFor();
    await row.getByText('Banned', { exact: true }).waitFor();

    // The page still holds an unexpired access token, but the ban ended its session: the write is
    // refused as 'user_banned', and the app signs the account out and says why.
    await userPage.getByRole('textbox', { name: 'Add a comment' }).fill('Posting after my ban');
    await userPage.getByRole('button', { name: 'Post Comment' }).click();
    await toast(userPage, 'This account has been suspended').waitFor();
    await userPage.getByRole('link', { name: 'Sign in', exact: true }).first().waitFor();
    expect(new URL(userPage.url()).pathname).toBe('/');
    const { data: comments } = await app.service().from('project_comments').select('id').eq('user_id', user.id);
    expect(comments).toEqual([]);

    // The right password gets the reason, not "check your credentials"; a wrong one learns nothing.
    const again = await app.newPage();
    await again.goto('/signin');
    await signInThroughForm(again, user.email, 'not-the-password-1');
    await toast(again, 'Failed to sign in. Please check your credentials.').waitFor();
    await signInThroughForm(again, user.email, user.password);
    await again.locator('main [role="alert"]', { hasText: 'Account suspended' }).getByText(/This account has been suspended/).waitFor();
    expect(new URL(again.url()).pathname).toBe('/signin');
  });
});

describe('content', () => {
  it('creates, edits and deletes a blog post', async () => {
    const page = await adminPage('/admin/content');
    await page.getByRole('heading', { level: 1, name: 'Content' }).waitFor();
    await page.getByRole('button', { name: 'New Post' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Shipping With Agents');
    await dialog.getByLabel('Category').fill('Guides');
    await dialog.getByLabel('Excerpt').fill('What we learned letting agents ship.');
    await dialog.getByLabel('Body (Markdown)').fill('## Lessons\n\nKeep the loop **short**. <script>alert(1)</script>');
    await dialog.getByLabel('Status').selectOption('published');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Content created successfully.').waitFor();

    const published = async (title: string) =>
      (await app.anon().from('content_items').select('slug,title,read_time').eq('type', 'blog').eq('title', title)).data ?? [];
    await expect.poll(async () => (await published('Shipping With Agents')).length).toBe(1);

    await page.getByRole('searchbox', { name: 'Search content' }).fill('Shipping With');
    const row = page.locator('tr', { hasText: 'Shipping With Agents' });
    await row.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Title').fill('Shipping With Agents, Revisited');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Content updated successfully.').waitFor();
    await expect.poll(async () => (await published('Shipping With Agents, Revisited')).length).toBe(1);
    expect(await published('Shipping With Agents')).toEqual([]);

    // The site's own dialog, never window.confirm (defect 25); Cancel keeps the post.
    const nativeDialogs: string[] = [];
    page.on('dialog', (d) => {
      nativeDialogs.push(d.message());
      void d.dismiss();
    });
    const deleteButton = page.locator('tr', { hasText: 'Shipping With Agents, Revisited' }).getByRole('button', { name: 'Delete' });
    const confirm = page.getByRole('dialog', { name: 'Delete “Shipping With Agents, Revisited”?' });
    await deleteButton.click();
    await confirm.getByText('Are you sure you want to delete this item?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await published('Shipping With Agents, Revisited')).toHaveLength(1);
    await deleteButton.click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Content deleted successfully.').waitFor();
    expect(nativeDialogs).toEqual([]);
    await expect.poll(async () => (await published('Shipping With Agents, Revisited')).length).toBe(0);
  });
});

describe('moderation', () => {
  it('resolves a reported comment and removes it; dismisses another report', async () => {
    const { data: project } = await app.anon().from('projects').select('id').eq('status', 'approved').limit(1).single();
    const projectId = (project as { id: string }).id;
    const author = await app.createUser({ name: 'Rude Poster' });
    const { data: comment, error } = await author.client
      .from('project_comments')
      .insert({ project_id: projectId, content: 'This is a spammy comment about crypto' })
      .select('id')
      .single();
    if (error) throw error;
    const commentId = (comment as { id: string }).id;

    const reporter = await app.createUser({ name: 'Careful Reader' });
    const visitor = await app.newPage();
    await visitor.goto(`/projects/${projectId}`);
    await visitor.getByTestId('comment').first().waitFor();
    // Reports need an account: a visitor sees no Report button.
    expect(await visitor.getByRole('button', { name: 'Report', exact: true }).count()).toBe(0);

    const userPage = await app.newPage();
    await signIn(userPage, reporter.email, reporter.password);
    await userPage.goto(`/projects/${projectId}`);
    await userPage.getByRole('button', { name: 'Report comment by Rude Poster' }).click();
    const reportDialog = userPage.getByRole('dialog', { name: 'Report this comment' });
    expect(await reportDialog.getByRole('button', { name: 'Send Report' }).isDisabled()).toBe(true);
    await reportDialog.getByRole('radio', { name: 'Spam' }).check();
    await reportDialog.getByRole('button', { name: 'Send Report' }).click();
    await toast(userPage, 'Thank you. Our moderators will review it.').waitFor();
    // A second report of the same comment is refused with a clear message.
    await userPage.getByRole('button', { name: 'Report comment by Rude Poster' }).click();
    await reportDialog.getByRole('radio', { name: 'Harassment' }).check();
    await reportDialog.getByRole('button', { name: 'Send Report' }).click();
    await toast(userPage, 'You have already reported this.').waitFor();
    await userPage.keyboard.press('Escape');

    const other = await reporter.client.from('reports').insert({ type: 'project', target_id: projectId, reason: 'Broken link' });
    expect(other.error).toBeNull();

    const page = await adminPage('/admin/moderation');
    // The reporter column shows the reporter's e-mail, taken from auth.users by the database.
    await page.getByRole('searchbox', { name: 'Search reports' }).fill(reporter.email);
    await page.locator('tbody tr').filter({ hasNotText: reporter.email }).first().waitFor({ state: 'detached' });
    const commentRow = page.locator('tr', { hasText: 'Spam' });
    await commentRow.getByRole('button', { name: 'Mark as Resolved' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Also remove the comment').check();
    await dialog.getByRole('button', { name: 'Mark as Resolved' }).click();
    await toast(page, 'Report resolved successfully.').waitFor();
    await commentRow.getByText('resolved', { exact: true }).waitFor();

    await page.locator('tr', { hasText: 'Broken link' }).getByRole('button', { name: 'Dismiss' }).click();
    await toast(page, 'Report dismissed successfully.').waitFor();

    const { data: reports } = await app.service().from('reports').select('reason,status').eq('target_id', commentId);
    expect(reports).toEqual([{ reason: 'Spam', status: 'resolved' }]);
    const gone = await app.service().from('project_comments').select('id').eq('id', commentId);
    expect(gone.data).toEqual([]);
    expect((await storedProject(projectId)).status).toBe('approved');

    await page.getByRole('tab', { name: 'Resolved' }).click();
    await page.locator('tr', { hasText: 'Spam' }).waitFor();
    await page.locator('tr', { hasText: 'Broken link' }).waitFor({ state: 'detached' });
  });
});

describe('views', () => {
  /** A real browser's agent: headless Chromium's own is a bot's, and counts nothing. */
  const browserAgent = (version: number) =>
    `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36`;

  it('counts a project view once per visitor per day in Total Views; a headless browser not at all', async () => {
    const stats = async () => ((await admin.client.rpc('admin_dashboard_stats')).data as { totalViews: number }).totalViews;
    await adminPage('/admin');
    const { data: project } = await app.anon().from('projects').select('id').eq('status', 'approved').limit(1).single();
    const path = `/projects/${(project as { id: string }).id}`;
    const before = await stats();
    const beacon = (page: Page) => page.waitForRequest((r) => r.url().endsWith('/api/beacon') && r.method() === 'POST');

    const first = await app.newPage({ userAgent: browserAgent(131) });
    const sent = beacon(first);
    await first.goto(path);
    expect(JSON.parse((await sent).postData() ?? '{}')).toMatchObject({ view: (project as { id: string }).id });
    await expect.poll(stats).toBe(before + 1);
    // The reload sends its beacon again, and its answer is in before the count is read: it did not count again.
    const again = first.waitForResponse((r) => r.url().endsWith('/api/beacon'));
    await first.reload();
    expect((await again).status()).toBe(204);
    expect(await stats()).toBe(before + 1);

    const headless = await app.newPage();
    const ignored = headless.waitForResponse((r) => r.url().endsWith('/api/beacon'));
    await headless.goto(path);
    expect((await ignored).status()).toBe(204);
    expect(await stats()).toBe(before + 1);

    const second = await app.newPage({ userAgent: browserAgent(130) });
    await second.goto(path);
    await expect.poll(stats).toBe(before + 2);

    const page = await adminPage('/admin');
    await page.locator('[data-stat="totalViews"]', { hasText: (before + 2).toLocaleString('en-US') }).waitFor();
  });
});

describe('settings', () => {
  async function saveSettings(page: Page, change: () => Promise<void>) {
    await change();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Settings saved successfully.').waitFor();
  }

  it('registration off refuses sign-up in the form and at the auth server; on again allows it', async () => {
    const page = await adminPage('/admin/settings');
    await page.getByRole('tab', { name: 'Security' }).click();
    const allow = page.getByRole('switch', { name: 'Allow Registration' });
    expect(await allow.getAttribute('aria-checked')).toBe('true');
    await saveSettings(page, () => allow.click());

    const visitor = await app.newPage();
    await visitor.goto('/signup');
    await visitor.getByRole('alert').getByText('Sign-ups are closed').waitFor();
    const refused = await app.anon().auth.signUp({ email: 'closed-door@example.test', password: 'correct-horse-battery-staple-42' });
    expect(refused.error?.code).toBe('signup_disabled');
    const { data: users } = await app.service().auth.admin.listUsers({ perPage: 1000 });
    expect(users.users.some((u) => u.email === 'closed-door@example.test')).toBe(false);

    await page.reload();
    await page.getByRole('tab', { name: 'Security' }).click();
    expect(await page.getByRole('switch', { name: 'Allow Registration' }).getAttribute('aria-checked')).toBe('false');
    await saveSettings(page, () => page.getByRole('switch', { name: 'Allow Registration' }).click());
    const allowed = await app.anon().auth.signUp({ email: 'open-door@example.test', password: 'correct-horse-battery-staple-42' });
    expect(allowed.error).toBeNull();
  });

  it('moderation off publishes a submission at once; on again holds it for review', async () => {
    const page = await adminPage('/admin/settings');
    await page.getByRole('tab', { name: 'Security' }).click();
    await saveSettings(page, () => page.getByRole('switch', { name: 'Content Moderation' }).click());
    const { projectId: direct } = await makerWithProject('Straight To Public');
    expect((await storedProject(direct)).status).toBe('approved');
    const visitor = await app.newPage();
    await visitor.goto(`/projects/${direct}`);
    await visitor.getByRole('heading', { level: 1, name: 'Straight To Public' }).waitFor();

    await saveSettings(page, () => page.getByRole('switch', { name: 'Content Moderation' }).click());
    const { projectId: held } = await makerWithProject('Held For Review');
    expect((await storedProject(held)).status).toBe('pending');
  });

  it('asks before leaving with unsaved changes, and marks them', async () => {
    const page = await adminPage('/admin/settings');
    const status = page.getByRole('status').filter({ hasText: 'Unsaved changes' });
    expect(await status.count()).toBe(0);
    await page.getByRole('tab', { name: 'Notifications' }).click();
    const email = page.getByRole('switch', { name: 'Email Notifications' });
    const before = await email.getAttribute('aria-checked');
    await email.click();
    await status.waitFor();

    // Stay: the change is still there.
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('You have unsaved changes. Leave this page without saving them?');
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await status.waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/settings');
    expect(await email.getAttribute('aria-checked')).not.toBe(before);

    // Leave: nothing was stored.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL((u) => u.pathname === '/admin');
    const { data } = await app.service().from('site_settings').select('email_notifications').single();
    expect(String((data as { email_notifications: boolean }).email_notifications)).toBe(before);
  });

  it('stores the site name, description, notifications and theme', async () => {
    const page = await adminPage('/admin/settings');
    await saveSettings(page, async () => {
      await page.getByLabel('Site Name').fill('Builders Gallery');
      await page.getByLabel('Site Description').fill('Things people built with AI.');
      await page.getByRole('tab', { name: 'Notifications' }).click();
      await page.getByRole('switch', { name: 'Push Notifications' }).click();
      await page.getByText('push notifications are not delivered yet', { exact: false }).waitFor();
      await page.getByRole('tab', { name: 'Appearance' }).click();
      await page.getByRole('radio', { name: 'dark' }).check();
    });
    const { data } = await app.anon().from('site_settings_public').select('*').single();
    expect(data).toMatchObject({ site_name: 'Builders Gallery', site_description: 'Things people built with AI.', theme: 'dark' });
    const { data: all } = await app.service().from('site_settings').select('push_notifications').single();
    expect(all).toEqual({ push_notifications: true });
    // A new visitor sees the name in the header and footer and gets the admin's dark theme by default...
    const visitor = await app.newPage();
    await visitor.goto('/');
    await visitor.getByRole('banner').getByRole('link', { name: 'Builders Gallery' }).waitFor();
    await visitor.getByRole('contentinfo').getByText('Things people built with AI.').waitFor();
    await visitor.waitForFunction(() => document.documentElement.classList.contains('dark'));
    // ...and may still switch to light, which sticks across reloads.
    await visitor.getByRole('button', { name: 'Switch to light theme' }).first().click();
    await visitor.reload();
    await visitor.getByRole('button', { name: 'Switch to dark theme' }).first().waitFor();
    expect(await visitor.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);

    // Visitors read only the public view, never the table.
    const direct = await app.anon().from('site_settings').select('*');
    expect(direct.data ?? []).toEqual([]);
  });
});
