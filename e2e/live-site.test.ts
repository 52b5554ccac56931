import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, watchErrors, type E2EApp } from './support/app.ts';

/** The live site (issue 20): two browser contexts on one project page, no reloads. */
let app: E2EApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

const viewing = (page: Page, n: number) => page.getByTestId('viewing-now').filter({ hasText: `${n} viewing now` }).waitFor();

describe('the live site', () => {
  it("shows another visitor's vote, comment and presence as they happen", async () => {
    const { data } = await app.anon().from('projects').select('id,title,upvotes').eq('status', 'approved').order('upvotes', { ascending: false }).limit(1).single();
    const project = data as { id: string; title: string; upvotes: number };
    const reader = await app.newPage();
    const errors = watchErrors(reader);
    await reader.goto(`/projects/${project.id}`);
    await reader.getByRole('heading', { level: 1, name: project.title }).waitFor();
    await viewing(reader, 1);
    const before = Number(await reader.getByTestId('upvote-count').first().textContent());

    // A second visitor, signed in, opens the page: both count two.
    const user = await app.createUser({ name: 'Lively Lou' });
    // An account a few days old, whose vote the public count takes at once (decision 212).
    await app.server.ctx.db.query(`update auth.users set created_at = created_at - interval '3 days' where id = $1`, [user.id]);
    const writer = await app.newPage({ width: 375, height: 800 });
    await signIn(writer, user.email, user.password);
    await writer.goto(`/projects/${project.id}`);
    await viewing(writer, 2);
    await viewing(reader, 2);

    if (process.env.SCREENSHOTS) await writer.screenshot({ path: `${process.env.SCREENSHOTS}/live-detail-mobile.png`, fullPage: false });
    // Their vote moves the reader's count.
    await writer.locator('[data-testid="upvote-button"][aria-busy="false"]').first().click();
    await reader.waitForFunction((n) => document.querySelector('[data-testid="upvote-count"]')?.textContent === String(n), before + 1);

    // Their comment waits behind "1 new comment" until the reader asks for it.
    const box = writer.getByRole('textbox', { name: 'Add a comment' });
    await box.fill('Watching this live!');
    await writer.getByRole('button', { name: 'Post Comment' }).click();
    await writer.getByText('Your comment has been added', { exact: true }).waitFor();
    const reveal = reader.getByRole('button', { name: '1 new comment' });
    await reveal.waitFor();
    if (process.env.SCREENSHOTS) await reader.screenshot({ path: `${process.env.SCREENSHOTS}/live-new-comments-desktop.png`, fullPage: true });
    expect(await reader.getByTestId('comment-content').filter({ hasText: 'Watching this live!' }).count()).toBe(0);
    await reveal.click();
    await reader.getByTestId('comment-content').filter({ hasText: 'Watching this live!' }).waitFor();
    expect(await reveal.count()).toBe(0);

    // The second visitor leaves the page: one viewer again.
    await writer.getByRole('link', { name: 'Back to Projects' }).click();
    await writer.waitForURL((u) => u.pathname === '/projects');
    await viewing(reader, 1);
    if (process.env.SCREENSHOTS) await reader.screenshot({ path: `${process.env.SCREENSHOTS}/live-detail-desktop.png`, fullPage: false });
    expect(errors.pageErrors).toEqual([]);
  });
});
