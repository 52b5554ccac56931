import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, watchErrors, type E2EApp } from './support/app.ts';

/** Maker analytics (issue 32): a visit and a click counted by beacon, rolled up by the scheduler. */
let app: E2EApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/** A real browser's agent: headless Chromium's own is a bot's (decision 236). */
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('maker analytics', () => {
  it('counts a visit from a newsletter and a click on the live site, which carries ?ref= and shows the host our origin', async () => {
    const { data } = await app.anon().from('projects').select('id,title').eq('status', 'approved').limit(1).single();
    const project = data as { id: string; title: string };
    await app.server.ctx.db.query(`update public.projects set live_url = 'https://maker.example/app?plan=pro#top', github_url = 'https://code.example/me/app' where id = $1`, [project.id]);
    const siteHost = new URL(app.server.ctx.config.SITE_URL).hostname;

    const page = await app.newPage({ userAgent: AGENT });
    const errors = watchErrors(page);
    // The maker's site, answered here: what it receives is what the maker's analytics would see.
    const arrived: Array<{ url: string; referer: string | undefined }> = [];
    await page.context().route('https://maker.example/**', async (route) => {
      arrived.push({ url: route.request().url(), referer: await route.request().headerValue('referer') ?? undefined });
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Maker</title>' });
    });
    const viewBeacon = page.waitForRequest((r) => r.url().endsWith('/api/beacon') && (r.postData() ?? '').includes('"view"'));
    await page.goto(`/projects/${project.id}?utm_source=Newsletter`);
    await page.getByRole('heading', { level: 1, name: project.title }).waitFor();
    expect(JSON.parse((await viewBeacon).postData()!)).toMatchObject({ view: project.id, source: 'Newsletter' });

    const live = page.getByRole('link', { name: 'View Live Site' });
    expect(await live.getAttribute('href')).toBe(`https://maker.example/app?plan=pro&ref=${siteHost}#top`);
    expect(await live.getAttribute('rel')).toBe('noopener nofollow ugc');
    expect(await live.getAttribute('referrerpolicy')).toBe('origin');
    expect(await page.getByRole('link', { name: 'View Source' }).getAttribute('href')).toBe(`https://code.example/me/app?ref=${siteHost}`);

    const clickBeacon = page.waitForRequest((r) => r.url().endsWith('/api/beacon') && (r.postData() ?? '').includes('"click"'));
    const popup = page.waitForEvent('popup');
    await live.click();
    await (await popup).waitForLoadState();
    expect(JSON.parse((await clickBeacon).postData()!)).toEqual({ click: { project: project.id, link: 'live' } });
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.url).toBe(`https://maker.example/app?plan=pro&ref=${siteHost}`);
    expect(arrived[0]!.referer).toBe(`${app.url}/`);

    // The next day the scheduler rolls yesterday up.
    const counted = async () =>
      (await app.server.ctx.db.query<{ n: number }>(`select count(*)::int as n from platform.analytics_events where project_id = $1`, [project.id])).rows[0]!.n;
    await expect.poll(counted).toBe(2);
    await app.server.ctx.clock.advance(app.server.ctx.db, 86_400_000);
    await app.server.ctx.scheduler.runDue();
    const { rows } = await app.server.ctx.db.query(
      `select views, uniques, live_clicks from public.project_daily_stats where project_id = $1`,
      [project.id],
    );
    expect(rows).toEqual([{ views: 1, uniques: 1, live_clicks: 1 }]);
    const sources = await app.server.ctx.db.query(`select kind, source, visits from public.project_daily_referrers where project_id = $1`, [project.id]);
    expect(sources.rows).toEqual([{ kind: 'source', source: 'newsletter', visits: 1 }]);
    expect(errors.pageErrors).toEqual([]);
  });
});
