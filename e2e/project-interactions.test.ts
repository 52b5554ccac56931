import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations, startApp, watchErrors, type E2EApp } from './support/app.ts';

/** The detail page: upvotes, comments (read, post, edit, delete) and the XSS proof. */
let app: E2EApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

async function topProject() {
  const { data, error } = await app
    .anon()
    .from('projects')
    .select('id,title,upvotes,comment_count,creator_id,creators(name,bio)')
    .eq('status', 'approved')
    .gt('comment_count', 0)
    .order('upvotes', { ascending: false })
    .limit(1)
    .single();
  if (error) throw error;
  return data as unknown as { id: string; title: string; upvotes: number; comment_count: number; creator_id: string; creators: { name: string; bio: string | null } };
}

async function dbUpvotes(id: string): Promise<number> {
  const { data } = await app.anon().from('projects').select('upvotes').eq('id', id).single();
  return (data as { upvotes: number }).upvotes;
}

/** Every vote cast, as the database keeps it (the public count takes only day-old accounts' votes, decision 212). */
async function dbVotesCast(id: string): Promise<number> {
  const { data } = await app.service().from('projects').select('votes_cast').eq('id', id).single();
  return (data as { votes_cast: number }).votes_cast;
}

const count = async (page: Page) => Number(await page.getByTestId('upvote-count').first().textContent());
/** The upvote button once it knows whether this voter upvoted (it is busy until then). */
const settledUpvote = async (page: Page) => page.locator('[data-testid="upvote-button"][aria-busy="false"]').first().waitFor();

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

describe('project detail', () => {
  it('shows the project, its creator and its comments newest first with en-US dates', async () => {
    const project = await topProject();
    const { data: comments } = await app
      .anon()
      .from('project_comments')
      .select('user_name,content,created_at')
      .eq('project_id', project.id)
      .order('created_at', { ascending: false });
    const page = await app.newPage();
    const errors = watchErrors(page);
    await page.goto(`/projects/${project.id}`);
    await page.getByRole('heading', { level: 1, name: project.title }).waitFor();
    await page.getByRole('heading', { name: 'About this project' }).waitFor();
    await page.getByRole('link', { name: 'Back to Projects' }).waitFor();
    expect(await page.getByTestId('creator-link').textContent()).toBe(project.creators.name);
    await page.getByTestId('comment').first().waitFor();

    const shown = await page.getByTestId('comment-content').allTextContents();
    expect(shown).toEqual(comments!.map((c) => c.content));
    const firstDate = new Date(comments![0]!.created_at);
    const expectedDate = firstDate.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    expect(await page.locator('[data-testid="comment"] time').first().textContent()).toBe(expectedDate);
    expect(expectedDate).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    // Signed out: a prompt to sign in instead of the form.
    expect(await page.getByRole('link', { name: 'Sign in to comment' }).getAttribute('href')).toBe('/signin');
    expect(await page.getByRole('textbox', { name: 'Add a comment' }).count()).toBe(0);

    // The card on the list shows the real comment count.
    await page.goto(`/projects?q=${encodeURIComponent(project.title)}`);
    const card = page.locator('main article', { hasText: project.title }).first();
    await card.waitFor();
    expect(await card.getByTestId('comment-count').innerText()).toContain(String(project.comment_count));

    // The creator's public page lists their projects.
    await page.goto(`/projects/${project.id}`);
    await page.getByTestId('creator-link').click();
    await page.waitForURL(`**/creators/${project.creator_id}`);
    await page.getByRole('heading', { level: 1, name: project.creators.name }).waitFor();
    await page.locator('main article', { hasText: project.title }).first().waitFor();
    expect(errors.pageErrors).toEqual([]);
  });
});

describe('upvotes', () => {
  it('toggles with one click, shows the database count, and remembers the vote across reloads', async () => {
    const project = await topProject();
    const before = await dbUpvotes(project.id);
    const cast = await dbVotesCast(project.id);
    const page = await app.newPage();
    await page.goto(`/projects/${project.id}`);
    const button = page.getByTestId('upvote-button').first();
    await settledUpvote(page);
    expect(await count(page)).toBe(before);
    expect(await button.getAttribute('aria-pressed')).toBe('false');

    await button.click();
    // The voter sees their vote counted, though an anonymous account's vote is not in the public count.
    expect(await count(page)).toBe(before + 1);
    await page.waitForFunction(() => document.querySelector('[data-testid="upvote-button"]')?.getAttribute('aria-pressed') === 'true');
    await expect.poll(() => dbVotesCast(project.id)).toBe(cast + 1);

    await page.reload();
    // Once the button is no longer busy reading the voter's mark, it shows the vote.
    await settledUpvote(page);
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    expect(await count(page)).toBe(before + 1);
    // The mark comes from the server: the visitor's first click signed them in anonymously.
    expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.endsWith('-auth-token')))).toBe(true);

    await button.click();
    await expect.poll(() => dbVotesCast(project.id)).toBe(cast);
    expect(await count(page)).toBe(before);
    expect(await button.getAttribute('aria-pressed')).toBe('false');

    // Another browser is another visitor (another anonymous user): its vote counts too.
    const other = await app.newPage();
    await other.goto(`/projects/${project.id}`);
    await other.getByTestId('upvote-button').first().click();
    await expect.poll(() => dbVotesCast(project.id)).toBe(cast + 1);
    await other.getByTestId('upvote-button').first().click();
    await expect.poll(() => dbVotesCast(project.id)).toBe(cast);
  });

  it('puts the count back and says so when the vote fails', async () => {
    const project = await topProject();
    const page = await app.newPage();
    await page.goto(`/projects/${project.id}`);
    const button = page.getByTestId('upvote-button').first();
    await button.waitFor();
    const shown = await count(page);
    await page.route('**/rest/v1/rpc/toggle_vote', (route) => route.fulfill({ status: 500, body: '{"message":"boom"}' }));
    await button.click();
    await page.getByText('Failed to update upvotes', { exact: true }).waitFor();
    expect(await count(page)).toBe(shown);
    expect(await button.getAttribute('aria-pressed')).toBe('false');
    expect(await dbUpvotes(project.id)).toBe(shown);
  });
});

describe('comments', () => {
  it('lets a signed-in user post, edit and delete their own comment, with the spec toasts', async () => {
    const project = await topProject();
    const user = await app.createUser({ name: 'Casey Commenter' });
    const page = await app.newPage();
    await signIn(page, user.email, user.password);
    await page.goto(`/projects/${project.id}`);
    const box = page.getByRole('textbox', { name: 'Add a comment' });
    await box.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await box.fill('   ');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await page.getByText('Please enter your comment', { exact: true }).waitFor();

    await box.fill('Lovely work — how long did it take?');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await page.getByText('Your comment has been added', { exact: true }).waitFor();
    const mine = page.getByTestId('comment').first();
    expect(await mine.getByTestId('comment-content').textContent()).toBe('Lovely work — how long did it take?');
    expect(await mine.getByTestId('comment-author').textContent()).toBe('Casey Commenter');
    expect(await box.inputValue()).toBe('');

    await mine.getByRole('button', { name: 'Edit' }).click();
    await mine.getByRole('textbox', { name: 'Edit your comment' }).fill('Lovely work! How long did it take?');
    await mine.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your changes have been saved', { exact: true }).waitFor();
    expect(await mine.getByTestId('comment-content').textContent()).toBe('Lovely work! How long did it take?');

    // Someone else's comment offers no edit or delete.
    expect(await page.getByTestId('comment').nth(1).getByRole('button', { name: 'Edit' }).count()).toBe(0);

    await mine.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this comment?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await page.getByTestId('comment-content').first().textContent()).toBe('Lovely work! How long did it take?');
    await mine.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete comment' }).click();
    await page.getByText('Your comment has been removed', { exact: true }).waitFor();
    const { data } = await app.anon().from('project_comments').select('id').eq('user_id', user.id);
    expect(data).toEqual([]);
  });
});

describe('safety', () => {
  it('shows stored markup as text and runs none of it', async () => {
    const payload = '<img src=x onerror="window.__xss=1;alert(1)"><script>window.__xss=2;alert(2)</script>';
    const user = await app.createUser({ name: 'Mallory' });
    const service = app.service();
    // A display name is at most 50 characters (decision 226): markup that fits.
    const namePayload = '<img src=x onerror="window.__xss=3;alert(3)">';
    const creator = await service.from('creators').upsert({ id: user.id, name: namePayload, bio: payload });
    expect(creator.error).toBeNull();
    const { data: project, error } = await service
      .from('projects')
      .insert({
        title: payload.slice(0, 100),
        description: payload.slice(0, 200),
        long_description: payload,
        tool: 'Bolt',
        category: 'Other',
        creator_id: user.id,
        status: 'approved',
      })
      .select('id,title')
      .single();
    expect(error).toBeNull();
    const comment = await user.client.from('project_comments').insert({ project_id: project!.id, user_id: user.id, content: payload });
    expect(comment.error).toBeNull();

    const page = await app.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`/projects/${project!.id}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(project!.title);
    await page.getByTestId('comment').first().waitFor();
    expect(await page.getByTestId('comment-content').first().textContent()).toBe(payload);
    expect(await page.getByTestId('creator-link').textContent()).toBe(namePayload);
    expect(await page.locator('main').innerText()).toContain('<script>window.__xss=2;alert(2)</script>');

    await page.goto(`/projects?q=${encodeURIComponent('<img src=x')}`);
    await page.locator('main article').first().waitFor();
    await page.goto(`/creators/${user.id}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Nothing to wait for before the checks: markup that could run (an <img onerror>, a <script>)
    // would have to be in the page, and the last check finds none.

    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);

    // The server's own HTML (title and meta tags) escapes it too.
    const html = await (await fetch(`${app.url}/projects/${project!.id}`)).text();
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=&quot;window.__xss=1;alert(1)&quot;&gt;');
    const feed = await (await fetch(`${app.url}/feed.xml`)).text();
    expect(feed).not.toContain('<img src=x');
  });
});

describe('signed-in header', () => {
  it('shows Submit Project and an avatar menu with the e-mail, Profile, My Projects and Sign out', async () => {
    const user = await app.createUser();
    const page = await app.newPage();
    await signIn(page, user.email, user.password);
    const header = page.locator('header').first();
    await header.getByRole('link', { name: 'Submit Project' }).waitFor();
    expect(await header.getByRole('link', { name: 'Sign in' }).count()).toBe(0);

    // An open toast is a dismissable layer too and would take the Escape; let the sign-in toast go.
    // It is lazily mounted, so wait for it to appear before waiting for it to leave.
    const toast = page.locator('.toast-root', { hasText: 'You have been signed in successfully.' });
    await toast.waitFor({ state: 'attached' });
    await toast.waitFor({ state: 'detached', timeout: 15_000 });
    // Keyboard: Enter opens the menu, arrows move, Escape closes.
    await header.getByRole('button', { name: 'Account menu' }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.innerText()).toContain(user.email);
    for (const name of ['Profile', 'My Projects', 'Sign out']) await menu.getByRole('menuitem', { name }).waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    const before = await focused();
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction((prev) => document.activeElement?.textContent?.trim() !== prev, before);
    expect(['Profile', 'My Projects', 'Sign out']).toContain(await focused());
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    // Focus returns to the trigger (the menu hands it back as it closes, not always in the same frame).
    await page.waitForFunction(() => /Account menu$/.test(document.activeElement?.getAttribute('aria-label') ?? ''));

    await page.goto('/about');
    await header.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await header.getByRole('link', { name: 'Sign in' }).waitFor();
  });
});
