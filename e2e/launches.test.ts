import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './accounts-support.ts';
import type { DevMailbox } from '../server/mail/dev-mailbox.ts';
import { moveClockToSiteDay, startApp, watchErrors, type E2EApp } from './support/app.ts';

/**
 * Issue 16's journey: a maker schedules a launch, it shows on /upcoming and a visitor asks to be
 * notified (a signed-in one in the app, a signed-out one by e-mail, confirmed by its link); the server's clock reaches the day and it is under Today's launches, where votes move
 * it; the day closes, and the winner badge shows on its card and in its SVG badge.
 */
let app: E2EApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const sql = async <T>(text: string, params: unknown[] = []) => (await app.server.ctx.db.query<T>(text, params)).rows;

describe('launches', () => {
  it('a scheduled launch goes from /upcoming to Today’s launches to a #1 badge', async () => {
    const maker = await app.createUser({ name: 'Lana Launch' });
    const visitor = await app.createUser({ name: 'Vera Visitor' });
    await maker.client.from('creators').insert({ id: maker.id, name: 'Lana Launch' });
    const [{ day }] = (await sql<{ day: string }>(`select to_char(showcase_private.site_today() + 1, 'YYYY-MM-DD') as day`)) as [{ day: string }];

    // The maker's form offers the day with its count; the maker schedules it.
    const makerPage = await app.newPage();
    await signIn(makerPage, maker.email, maker.password);
    await makerPage.goto('/submit-project');
    const picker = makerPage.getByLabel('Launch day');
    await picker.waitFor();
    const { data: counts } = await app.anon().rpc('launch_day_counts');
    const before = (counts as { day: string; scheduled: number }[]).find((c) => c.day === day)!.scheduled;
    await expect.poll(() => picker.locator(`option[value="${day}"]`).textContent()).toMatch(new RegExp(`· ${before} scheduled$`));
    const { data: project, error } = await maker.client
      .from('projects')
      .insert({ title: 'Orbit Notes', description: 'Notes that launch themselves', tool: 'Cursor', category: 'App', creator_id: maker.id, upvotes: 0, featured: false, launch_date: day })
      .select('id')
      .single();
    expect(error).toBeNull();
    const id = (project as { id: string }).id;
    await app.service().from('projects').update({ status: 'approved' }).eq('id', id);

    // On /upcoming, no vote button; the visitor asks to be told.
    const page = await app.newPage({ width: 375, height: 800 });
    const errors = watchErrors(page);
    await signIn(page, visitor.email, visitor.password);
    await page.goto('/upcoming');
    const row = page.getByRole('listitem').filter({ hasText: 'Orbit Notes' });
    await row.waitFor();
    expect(await row.getByRole('button', { name: /upvote/i }).count()).toBe(0);
    await row.getByRole('button', { name: 'Notify me about Orbit Notes' }).click();
    await row.getByRole('button', { name: "We'll notify you about Orbit Notes" }).waitFor();
    expect(errors).toEqual({ pageErrors: [], consoleErrors: [] });

    // A signed-out visitor leaves an address: one e-mail to confirm, whose link confirms it.
    const guest = await app.newPage({ width: 375, height: 800 });
    await guest.goto('/upcoming');
    await guest.getByRole('button', { name: 'Notify me about Orbit Notes' }).click();
    const dialog = guest.getByRole('dialog', { name: 'Notify me about Orbit Notes' });
    await dialog.getByLabel('Email').fill('not an address');
    await dialog.getByRole('button', { name: 'Notify me' }).click();
    await dialog.getByText('Please enter a valid email address.').waitFor();
    await dialog.getByLabel('Email').fill('guest@orbit.test');
    await dialog.getByRole('button', { name: 'Notify me' }).click();
    await guest.getByRole('dialog', { name: 'Check your inbox' }).waitFor();
    await app.server.ctx.outbox.drain();
    const confirmMail = (app.server.ctx.mailer as DevMailbox).list().find((m) => m.to === 'guest@orbit.test');
    // The subject names the site, not the maker's title (an unconfirmed address gets no maker-chosen text).
    expect(confirmMail?.subject).toBe('Confirm your launch reminder on AI Showcase');
    const link = new URL(/https?:\/\/\S+\/upcoming\/confirm\?token=\w+/.exec(confirmMail!.text)![0]);
    await guest.goto(link.pathname + link.search);
    await guest.getByRole('heading', { name: "You're on the list" }).waitFor();
    expect(await guest.getByRole('status').textContent()).toContain('once when Orbit Notes launches');

    // 05:00 on launch day: under Today's launches; votes move it.
    await moveClockToSiteDay(app, 1, 5);
    const voters = await Promise.all([app.createUser(), app.createUser()]);
    // Accounts a few days old: the public count takes their votes at once (decision 212).
    await app.server.ctx.db.query(`update auth.users set created_at = created_at - interval '3 days' where id = any($1::uuid[])`, [voters.map((v) => v.id)]);
    for (const v of voters) expect((await v.client.rpc('toggle_vote', { project_id: id })).error).toBeNull();
    const home = await app.newPage();
    await home.goto('/');
    const today = home.getByRole('region', { name: "Today's launches" });
    const first = today.getByRole('listitem').first();
    await expect.poll(() => first.textContent()).toContain('Orbit Notes');
    expect(await first.getByTestId('upvote-count').textContent()).toBe('2');
    expect(await first.locator('span', { hasText: /^Rank 1$/ }).count()).toBe(1);

    // The day closes: the job freezes it, the visitor was told at launch, the badges say #1.
    await moveClockToSiteDay(app, 2, 1);
    await app.server.ctx.scheduler.runDue();
    const [won] = await sql<{ rank: number }>(`select rank from public.launch_winners where project_id = $1 and period = 'day'`, [id]);
    expect(won).toEqual({ rank: 1 });
    const told = await sql<{ n: number }>(`select count(*)::int as n from public.notifications where user_id = $1 and type = 'launch_went_live' and project_id = $2`, [visitor.id, id]);
    expect(told[0]!.n).toBe(1);
    await app.server.ctx.outbox.drain();
    expect((app.server.ctx.mailer as DevMailbox).list().filter((m) => m.to === 'guest@orbit.test').map((m) => m.subject)).toContain('Orbit Notes is live');
    await home.goto(`/leaderboard/daily/${day}`);
    await home.getByText('#1 Project of the Day').first().waitFor();
    const svg = await (await fetch(`${app.url}/badges/${id}.svg`)).text();
    expect(svg).toContain('#1 Project of the Day');
  });
});
