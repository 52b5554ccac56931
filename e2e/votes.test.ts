import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './accounts-support.ts';
import { seriousA11yViolations, startApp, watchErrors, type E2EApp } from './support/app.ts';

/**
 * Fair votes in the browser: a visitor's vote belongs to an account (anonymous until they sign
 * in), every device shows the server's "upvoted" state, and admins audit clusters at /admin/votes.
 * E2E_SCREENSHOT_DIR, when set, receives screenshots of the voted card and of /admin/votes.
 */
let app: E2EApp;
const shots = process.env.E2E_SCREENSHOT_DIR;

beforeAll(async () => {
  app = await startApp();
  if (shots) mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await app?.close();
});

async function lowestProject(): Promise<{ id: string; title: string }> {
  const { data, error } = await app.anon().from('project_listing').select('id,title').order('upvotes', { ascending: true }).limit(1).single();
  if (error) throw error;
  return data as { id: string; title: string };
}

const upvotes = async (id: string) => ((await app.anon().from('projects').select('upvotes').eq('id', id).single()).data as { upvotes: number }).upvotes;
/** Every vote cast (the public count takes only day-old accounts' votes, decision 212: these voters are new). */
const votesCast = async (id: string) =>
  ((await app.service().from('projects').select('votes_cast').eq('id', id).single()).data as { votes_cast: number }).votes_cast;
const voters = async (id: string) =>
  ((await app.service().from('project_votes').select('user_id').eq('project_id', id)).data as { user_id: string }[]).map((r) => r.user_id).sort();

const upvoteButton = (page: Page) => page.getByTestId('upvote-button').first();
const pressed = (page: Page) => upvoteButton(page).getAttribute('aria-pressed');
async function waitPressed(page: Page, value: 'true' | 'false') {
  await page.waitForFunction((v) => document.querySelector('[data-testid="upvote-button"]')?.getAttribute('aria-pressed') === v, value);
}

describe('one person, one vote, on every device', () => {
  it('a visitor votes, signs in, and the vote is the account’s; another browser signed in to that account shows it voted', async () => {
    const project = await lowestProject();
    const member = await app.createUser({ name: 'Vera Voter' });
    const before = await upvotes(project.id);
    const cast = await votesCast(project.id);
    // The demo members' own votes (every launched project has some, issue 16's seed).
    const earlier = await voters(project.id);

    // Browser A: a visitor. The first click signs them in anonymously, and they still look signed out.
    const a = await app.newPage();
    const errors = watchErrors(a);
    await a.goto(`/projects/${project.id}`);
    await upvoteButton(a).waitFor();
    expect(await pressed(a)).toBe('false');
    await upvoteButton(a).click();
    await waitPressed(a, 'true');
    await expect.poll(() => votesCast(project.id)).toBe(cast + 1);
    await a.getByRole('link', { name: 'Sign in' }).first().waitFor();
    expect(await a.getByRole('button', { name: /Account menu/ }).count()).toBe(0);
    await a.getByText('Sign in to join the conversation and share your thoughts.').waitFor();
    if (shots) {
      await a.goto(`/projects?q=${encodeURIComponent(project.title)}`);
      await a.locator('main article').first().waitFor();
      await a.waitForFunction(() => document.querySelector('main [data-testid="upvote-button"][aria-pressed="true"]') !== null);
      await a.screenshot({ path: `${shots}/voted-card-1280.png` });
    }

    // A signs in to the account: the anonymous vote becomes the member's, still one vote.
    await signIn(a, member.email, member.password);
    await expect.poll(() => voters(project.id)).toEqual([...earlier, member.id].sort());
    expect(await votesCast(project.id)).toBe(cast + 1);

    // Browser B: not voted as a visitor; voted once signed in to the same account.
    const b = await app.newPage();
    await b.goto(`/projects/${project.id}`);
    await upvoteButton(b).waitFor();
    expect(await pressed(b)).toBe('false');
    await signIn(b, member.email, member.password);
    await b.goto(`/projects/${project.id}`);
    await waitPressed(b, 'true');
    // The public count and the member's own vote, which it does not include yet (a new account).
    expect(Number(await b.getByTestId('upvote-count').first().textContent())).toBe(before + 1);

    // B takes the vote back; A sees it gone after a reload.
    await upvoteButton(b).click();
    await waitPressed(b, 'false');
    await expect.poll(() => votesCast(project.id)).toBe(cast);
    await a.goto(`/projects/${project.id}`);
    await upvoteButton(a).waitFor();
    await a.waitForLoadState('networkidle');
    expect(await pressed(a)).toBe('false');
    expect(errors.pageErrors).toEqual([]);
  });

  it('shows a voted card on a phone', async () => {
    const project = await lowestProject();
    const page = await app.newPage({ width: 375, height: 812 });
    await page.goto(`/projects?q=${encodeURIComponent(project.title)}`);
    const card = page.locator('main article', { hasText: project.title });
    await card.waitFor();
    await card.getByTestId('upvote-button').click();
    await page.waitForFunction(() => document.querySelector('main [data-testid="upvote-button"][aria-pressed="true"]') !== null);
    if (shots) await card.screenshot({ path: `${shots}/voted-card-375.png` });
    expect(await card.getByTestId('upvote-button').getAttribute('aria-pressed')).toBe('true');
  });
});

describe('/admin/votes', () => {
  it('lists a cluster of anonymous votes; an admin discounts it and undoes it', async () => {
    const project = await lowestProject();
    // Twelve visitors from one address (this machine) vote for one project within the hour.
    for (let i = 0; i < 12; i++) {
      const visitor = app.anon();
      const { error } = await visitor.auth.signInAnonymously();
      if (error) throw error;
      await visitor.rpc('toggle_vote', { project_id: project.id });
    }
    const admin = await app.createUser({ name: 'Ada Admin' });
    await app.server.ctx.db.query(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"admin"}' where id = $1`, [admin.id]);

    for (const width of [1280, 375]) {
      const page = await app.newPage({ width, height: 900 });
      await signIn(page, admin.email, admin.password);
      await page.goto('/admin/votes');
      await page.getByRole('heading', { name: 'Votes', level: 1 }).waitFor();
      const row = page.getByRole('row', { name: new RegExp(project.title) }).first();
      await row.waitFor();
      if (shots) await page.screenshot({ path: `${shots}/admin-votes-${width}.png`, fullPage: true });
      if (width === 375) break;

      expect(await seriousA11yViolations(page)).toEqual([]);
      const pointsBefore = await projectPoints(project.id);
      await row.getByRole('button', { name: /^Discount/ }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Discount votes' }).click();
      await page.getByText('Votes discounted', { exact: true }).first().waitFor();
      await expect.poll(() => projectPoints(project.id)).toBeLessThan(pointsBefore);
      const discounted = page.getByRole('region', { name: 'Discounted' }).or(page.locator('section[aria-labelledby="discounts-heading"]'));
      await discounted.getByRole('button', { name: 'Undo' }).first().click();
      await expect.poll(() => projectPoints(project.id)).toBeCloseTo(pointsBefore, 6);
      await discounted.getByText('Undone').first().waitFor();
      if (shots) await page.screenshot({ path: `${shots}/admin-votes-after-undo-${width}.png`, fullPage: true });
    }
  });
});

async function projectPoints(id: string): Promise<number> {
  const { data } = await app.anon().from('project_listing').select('points').eq('id', id).single();
  return Number((data as { points: number }).points);
}
