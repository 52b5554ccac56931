import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveClockToSiteDay, startApp, watchErrors, type E2EApp } from './support/app.ts';

/**
 * Issue 30 (M5): a launch row works like a card. A visitor upvotes from home's Today's launches and
 * from a leaderboard row, and the count changes in place; during the day's first hours the list says
 * it is shuffled and shows no ranks, after that it shows them.
 */
let app: E2EApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const sql = async <T>(text: string, params: unknown[] = []) => (await app.server.ctx.db.query<T>(text, params)).rows;

async function storedVotes(projectIds: string[]): Promise<number> {
  const [{ n }] = (await sql<{ n: number }>(`select count(*)::int as n from public.project_votes where project_id = any($1::uuid[])`, [projectIds])) as [{ n: number }];
  return n;
}

describe('launch rows', () => {
  it('a visitor upvotes from Today’s launches and from a leaderboard row, in place', async () => {
    // 01:00 of a new day: today's list is shuffled (decision 161).
    await moveClockToSiteDay(app, 1, 1);
    const maker = await app.createUser({ name: 'Rowan Rows' });
    await maker.client.from('creators').insert({ id: maker.id, name: 'Rowan Rows' });
    const ids: string[] = [];
    for (const title of ['Tidy Tabs', 'Quiet Queue']) {
      const { data, error } = await maker.client
        .from('projects')
        .insert({ title, description: `${title} keeps a small team's week in order, one list at a time`, tool: 'Cursor', category: 'App', creator_id: maker.id, upvotes: 0, featured: false })
        .select('id')
        .single();
      expect(error).toBeNull();
      ids.push((data as { id: string }).id);
    }
    await app.service().from('projects').update({ status: 'approved' }).in('id', ids);
    const [{ day }] = (await sql<{ day: string }>(`select to_char(showcase_private.site_today(), 'YYYY-MM-DD') as day`)) as [{ day: string }];

    const home = await app.newPage({ width: 375, height: 800 });
    const errors = watchErrors(home);
    await home.goto('/');
    const today = home.getByRole('region', { name: "Today's launches" });
    await today.getByText('Shuffled until 04:00 so every launch gets a fair look.').waitFor();
    const row = today.getByTestId('launch-row').filter({ hasText: 'Tidy Tabs' });
    await row.waitFor();
    expect(await row.locator('span', { hasText: /^Rank \d+$/ }).count()).toBe(0);
    // The row carries the same button as a card: the count moves in place, the page stays.
    const button = row.getByRole('button', { name: /^Upvote Tidy Tabs, 0 upvotes$/ });
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    await row.getByRole('button', { name: /^Upvote Tidy Tabs, 1 upvote$/, pressed: true }).waitFor();
    expect(await row.getByTestId('upvote-count').textContent()).toBe('1');
    expect(new URL(home.url()).pathname).toBe('/');
    expect(errors).toEqual({ pageErrors: [], consoleErrors: [] });
    // The count moves at the click; the vote is stored when the server answers. Closing the page
    // before that would cancel the request, so wait for the row.
    await expect.poll(() => storedVotes(ids)).toBe(1);
    await home.close();

    // 05:00: ranks show; from the daily leaderboard the visitor upvotes the other launch in place.
    await moveClockToSiteDay(app, 0, 5);
    // (A fresh visitor: the first one's session was issued four server-hours ago and has expired.)
    const page = await app.newPage({ width: 1280, height: 900 });
    const pageErrors = watchErrors(page);
    await page.goto(`/leaderboard/daily/${day}`);
    const board = page.getByRole('list').filter({ has: page.getByTestId('launch-row') });
    await page.getByText(/^Ranked by points earned in this period\./).waitFor();
    const other = board.getByTestId('launch-row').filter({ hasText: 'Quiet Queue' });
    await expect.poll(() => other.locator('span', { hasText: /^Rank \d+$/ }).count()).toBe(1);
    await other.getByText('0 comments').waitFor();
    const otherButton = other.getByRole('button', { name: /^Upvote Quiet Queue, 0 upvotes$/ });
    await expect.poll(() => otherButton.isEnabled()).toBe(true);
    await otherButton.click();
    await other.getByRole('button', { name: /^Upvote Quiet Queue, 1 upvote$/, pressed: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/leaderboard/daily/${day}`);
    await expect.poll(() => storedVotes(ids)).toBe(2);
    expect(pageErrors).toEqual({ pageErrors: [], consoleErrors: [] });
  });
});
