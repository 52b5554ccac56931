import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toast, verifyLink, waitForMail } from './accounts-support.ts';
import { startApp, watchErrors, type E2EApp } from './support/app.ts';

/**
 * A visitor who upvoted signs up (e-mail confirmation on): the sign-up converts their anonymous
 * user, the confirmation link signs them in as the same user, and their vote is still theirs.
 */
let app: E2EApp;

beforeAll(async () => {
  app = await startApp({ AUTH_AUTOCONFIRM: 'false' });
});
afterAll(async () => {
  await app?.close();
});

const PASSWORD = 'a-long-enough-password-1';

describe('signing up after an upvote', () => {
  it('keeps the vote: same user, now with an account, the card still voted', async () => {
    const { data } = await app.anon().from('project_listing').select('id,title,upvotes').order('upvotes').limit(1).single();
    const project = data as { id: string; title: string; upvotes: number };
    const votersOf = async () => ((await app.service().from('project_votes').select('user_id').eq('project_id', project.id)).data as { user_id: string }[]).map((r) => r.user_id);
    // The demo members' own votes (every launched project has some, issue 16's seed).
    const earlier = await votersOf();
    const page = await app.newPage();
    const errors = watchErrors(page);
    await page.goto(`/projects/${project.id}`);
    await page.getByTestId('upvote-button').first().click();
    await page.waitForFunction(() => document.querySelector('[data-testid="upvote-button"]')?.getAttribute('aria-pressed') === 'true');
    // The button turns at the click; the vote is stored a moment later (its request may still be
    // on its way on a busy machine): wait for the row.
    const newVoters = async () => (await votersOf()).filter((id) => !earlier.includes(id));
    await expect.poll(newVoters, { timeout: 30_000 }).toHaveLength(1);
    const added = await newVoters();
    const visitorId = added[0]!;

    const email = `convert-${Math.random().toString(36).slice(2, 8)}@example.test`;
    await page.goto('/signup');
    await page.locator('#signup-name').fill('Converted Voter');
    await page.locator('#signup-email').fill(email);
    await page.locator('#signup-password').fill(PASSWORD);
    await page.locator('#signup-confirm').fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
    await page.getByRole('button', { name: /Create account|Sign up/ }).click();
    await toast(page, 'Please check your email to confirm your account.').waitFor();

    const link = verifyLink(await waitForMail(app, email, /Confirm your e-mail/));
    await page.goto(link);
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('button', { name: /Account menu/ }).waitFor();

    const { data: user } = await app.service().auth.admin.getUserById(visitorId);
    expect(user.user).toMatchObject({ id: visitorId, email, is_anonymous: false });
    await page.goto(`/projects/${project.id}`);
    await page.waitForFunction(() => document.querySelector('[data-testid="upvote-button"]')?.getAttribute('aria-pressed') === 'true');
    expect(Number(await page.getByTestId('upvote-count').first().textContent())).toBe(project.upvotes + 1);
    expect(errors.pageErrors).toEqual([]);
  });
});
