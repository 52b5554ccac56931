import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, toast } from './accounts-support.ts';
import { applyTheme, seriousA11yViolations, startApp, watchErrors, type E2EApp } from './support/app.ts';

/** The maker's stats page (issue 32 item 3) and the "Add ?ref= to my links" switch (decision 237). */
let app: E2EApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/** A real browser's agent: headless Chromium's own is a bot's (decision 236). */
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function launchedProject(title: string) {
  const maker = await app.createUser({ name: 'Stacy Stats' });
  await maker.client.from('creators').upsert({ id: maker.id, name: 'Stacy Stats' });
  const { data: demo } = await app.service().from('projects').select('image_url').not('image_url', 'is', null).limit(1).single();
  const { data } = await maker.client
    .from('projects')
    .insert({ title, description: 'Counts what counts', tool: 'Cursor', category: 'App', creator_id: maker.id, upvotes: 0, featured: false, live_url: 'https://stats-maker.example/' })
    .select('id')
    .single();
  const id = (data as { id: string }).id;
  await app.service().from('projects').update({ status: 'approved', image_url: (demo as { image_url: string }).image_url }).eq('id', id);
  return { maker, id };
}

describe('the stats page', () => {
  it('a visitor views the project and clicks "View Live Site"; the next day its maker sees both on the stats page', async () => {
    const { maker, id } = await launchedProject('Counted Launch');

    const visitor = await app.newPage({ userAgent: AGENT });
    await visitor.context().route('https://stats-maker.example/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Maker</title>' }));
    await visitor.goto(`/projects/${id}?utm_source=launchletter`);
    await visitor.getByRole('heading', { level: 1, name: 'Counted Launch' }).waitFor();
    const popup = visitor.waitForEvent('popup');
    await visitor.getByRole('link', { name: 'View Live Site' }).click();
    await (await popup).waitForLoadState();
    const counted = async () =>
      (await app.server.ctx.db.query<{ n: number }>(`select count(*)::int as n from platform.analytics_events where project_id = $1`, [id])).rows[0]!.n;
    await expect.poll(counted).toBe(2);

    // The next day the scheduler rolls yesterday up.
    await app.server.ctx.clock.advance(app.server.ctx.db, 86_400_000);
    await app.server.ctx.scheduler.runDue();
    await expect.poll(counted).toBe(0);

    const page = await app.newPage();
    const errors = watchErrors(page);
    await signIn(page, maker.email, maker.password);
    await page.goto('/my-projects');
    await page.getByRole('link', { name: 'Stats of Counted Launch' }).click();
    await page.waitForURL((u) => u.pathname === `/my-projects/${id}/stats`);
    await page.getByRole('heading', { level: 1, name: 'Stats for Counted Launch' }).waitFor();

    const tile = (label: string) => page.getByTestId('stat-tile').filter({ has: page.getByText(label, { exact: true }) }).locator('dd').first();
    await expect.poll(() => tile('Views').textContent()).toBe('1');
    expect(await tile('Unique visitors').textContent()).toBe('1');
    expect(await tile('Live-site clicks').textContent()).toBe('1');
    expect(await tile('Click-through rate').textContent()).toBe('100.0%');
    await expect.poll(() => page.getByTestId('referrer').first().textContent()).toContain('launchletter');

    // The chart is a canvas; its table says the same to a screen reader, and the arrow keys move its readout.
    const chart = page.getByRole('group', { name: 'Views, unique visitors and live-site clicks per day' });
    await chart.focus();
    const readout = page.getByTestId('chart-readout').first();
    await page.keyboard.press('End');
    const last = await readout.textContent();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => readout.textContent()).not.toBe(last);
    expect(await readout.textContent()).toContain('Views 1');
    const table = page.getByRole('table', { name: 'Views, unique visitors and live-site clicks per day' });
    expect(await table.locator('tbody tr').count()).toBe(30);
    expect(await table.locator('tbody tr td').filter({ hasText: /^1$/ }).count()).toBe(3);
    for (const dark of [false, true]) {
      await applyTheme(page, dark);
      expect(await seriousA11yViolations(page)).toEqual([]);
    }
    expect(errors.pageErrors).toEqual([]);
  });

  it("is refused to a member who is not the project's maker", async () => {
    const { id } = await launchedProject('Private Numbers');
    const other = await app.createUser({ name: 'Nosy Neighbour' });
    const page = await app.newPage();
    await signIn(page, other.email, other.password);
    await page.goto(`/my-projects/${id}/stats`);
    await page.getByText("Only the project's makers can see its stats.").waitFor();
  });
});

describe('Add ?ref= to my links', () => {
  it("the maker turns it off in the edit form, and the project's links lose the ?ref=", async () => {
    const { maker, id } = await launchedProject('Plain Links');
    const page = await app.newPage();
    await signIn(page, maker.email, maker.password);
    await page.goto('/my-projects');
    await page.getByRole('button', { name: 'Edit Plain Links' }).click();
    const toggle = page.getByRole('switch', { name: 'Add ?ref= to my links' });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Project updated').waitFor();
    const { data } = await app.service().from('projects').select('outbound_ref, status').eq('id', id).single();
    // Only the switch changed: the project stays published (review looks at what visitors read).
    expect(data).toEqual({ outbound_ref: false, status: 'approved' });

    await page.goto(`/projects/${id}`);
    expect(await page.getByRole('link', { name: 'View Live Site' }).getAttribute('href')).toBe('https://stats-maker.example/');
  });
});
