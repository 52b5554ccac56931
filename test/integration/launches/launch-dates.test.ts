import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { approve, DAY, HOUR, launchMaker, launchSite, submit, TUESDAY_START } from './launch-fixtures.ts';

/** Launch days (issue 16): scheduling rules, the cap, and is_launched everywhere, on the test clock. */
let server: TestServer;
let maker: TestUser;
let visitor: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  await launchSite(server);
  maker = await launchMaker(server, 'Lena Launcher');
  visitor = await server.createUser({ name: 'Vic Visitor' });
});
afterAll(() => server?.close());

const count = async (sql: string, params: unknown[]) => Number((await server.ctx.db.query<{ n: string }>(sql, params)).rows[0]!.n);

describe('scheduling a launch day', () => {
  it('accepts today to 30 days ahead and refuses the past and beyond, storing nothing', async () => {
    const ok = await submit(server, maker, { title: 'Ok Day', launch_date: '2031-04-09' });
    expect(ok.error).toBeNull();
    expect(ok.data).toMatchObject({ launch_date: '2031-04-09', launched_at: null, status: 'pending' });

    const past = await submit(server, maker, { title: 'Past Day', launch_date: '2031-03-09' });
    expect(past.error).toMatchObject({ message: 'Pick a launch day from today on', details: 'launch_date' });
    const far = await submit(server, maker, { title: 'Far Day', launch_date: '2031-04-10' });
    expect(far.error).toMatchObject({ message: 'Pick a launch day within the next 30 days', details: 'launch_date' });
    expect(await count(`select count(*) as n from public.projects where title in ('Past Day', 'Far Day')`, [])).toBe(0);
  });

  it('refuses a full day under the cap, and the day picker shows the counts', async () => {
    await server.ctx.db.query(`update public.site_settings set launches_per_day = 1`);
    try {
      expect((await submit(server, maker, { title: 'First In', launch_date: '2031-03-20' })).error).toBeNull();
      const full = await submit(server, maker, { title: 'Second In', launch_date: '2031-03-20' });
      expect(full.error).toMatchObject({ message: 'That launch day is full: pick another day', details: 'launch_date' });
      expect(await count(`select count(*) as n from public.projects where title = 'Second In'`, [])).toBe(0);
      const { data, error } = await server.anon().rpc('launch_day_counts');
      expect(error).toBeNull();
      expect(data).toHaveLength(31);
      expect(data[0]).toMatchObject({ day: '2031-03-10', cap: 1 });
      expect(data.find((d: { day: string }) => d.day === '2031-03-20')).toMatchObject({ scheduled: 1, cap: 1 });
    } finally {
      await server.ctx.db.query(`update public.site_settings set launches_per_day = 0`);
    }
  });

  it('lets a maker reschedule before launch, refuses it after, and never lets them set launched_at', async () => {
    const { data } = await submit(server, maker, { title: 'Moving Day', launch_date: '2031-03-12' });
    const id = data!.id as string;
    await approve(server, id);
    const moved = await maker.client.from('projects').update({ launch_date: '2031-03-11' }).eq('id', id).select('launched_at').single();
    expect(moved.error).toBeNull();
    expect(new Date(moved.data!.launched_at as string).toISOString()).toBe(TUESDAY_START.toISOString());
    // launched_at is the database's.
    await maker.client.from('projects').update({ launched_at: '2020-01-01T00:00:00Z' }).eq('id', id);
    expect(await count(`select extract(epoch from launched_at) as n from public.projects where id = $1`, [id])).toBe(TUESDAY_START.getTime() / 1000);

    await server.setClock(new Date(TUESDAY_START.getTime() + HOUR));
    try {
      const late = await maker.client.from('projects').update({ launch_date: '2031-03-20' }).eq('id', id).select('id');
      expect(late.error).toMatchObject({ message: 'This project has launched: its launch day can no longer change' });
      expect(await count(`select count(*) as n from public.projects where id = $1 and launch_date = '2031-03-11'`, [id])).toBe(1);
    } finally {
      await launchSite(server);
    }
  });
});

describe('is_launched, before and after 00:00 in the site time zone', () => {
  it('keeps a scheduled project off every public read until its day, then shows it everywhere', async () => {
    const { data } = await submit(server, maker, { title: 'Tuesday Rocket', description: 'Lifts off on Tuesday.', launch_date: '2031-03-11' });
    const id = data!.id as string;
    await approve(server, id);
    const anon = server.anon();
    const voter = await server.signInAnonymously();

    const publicReads = async () => ({
      table: (await anon.from('projects').select('id').eq('id', id)).data!.length,
      listing: (await anon.from('project_listing').select('id').eq('id', id)).data!.length,
      search: (await anon.from('project_listing').select('id').ilike('search_text', '%Tuesday Rocket%')).data!.length,
      creator: (await anon.from('project_listing').select('id').eq('creator_id', maker.id).eq('id', id)).data!.length,
      upcoming: (await anon.from('upcoming_projects').select('id').eq('id', id)).data!.length,
    });

    // 23:59 Monday in Paris: still upcoming.
    await server.setClock(new Date(TUESDAY_START.getTime() - 60_000));
    try {
    expect(await publicReads()).toEqual({ table: 0, listing: 0, search: 0, creator: 0, upcoming: 1 });
    expect((await maker.client.from('projects').select('id').eq('id', id)).data).toHaveLength(1); // the owner sees it
    const early = await voter.client.rpc('toggle_vote', { project_id: id });
    expect(early.error).toMatchObject({ message: 'Voting opens when the project launches' });
    const comment = await visitor.client.from('project_comments').insert({ project_id: id, user_id: visitor.id, user_name: 'x', content: 'Too early' });
    expect(comment.error).not.toBeNull();
    expect(await count(`select upvotes as n from public.projects where id = $1`, [id])).toBe(0);
    expect(await count(`select count(*) as n from public.project_comments where project_id = $1`, [id])).toBe(0);
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).not.toContain(id);
    expect(await (await fetch(`${server.url}/feed.xml`)).text()).not.toContain('Tuesday Rocket');

    // 00:00 Tuesday in Paris (23:00 UTC): launched.
    await server.setClock(TUESDAY_START);
    expect(await publicReads()).toEqual({ table: 1, listing: 1, search: 1, creator: 1, upcoming: 0 });
    expect((await voter.client.rpc('toggle_vote', { project_id: id })).data).toMatchObject({ upvoted: true, upvotes: 1 });
    expect((await visitor.client.from('project_comments').insert({ project_id: id, user_id: visitor.id, user_name: 'x', content: 'Congrats' })).error).toBeNull();
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toContain(id);
    expect(await (await fetch(`${server.url}/feed.xml`)).text()).toContain('Tuesday Rocket');
    } finally {
      await launchSite(server);
    }
  });

  it('launches on approval when approval comes after the day', async () => {
    const { data } = await submit(server, maker, { title: 'Late Approval', launch_date: '2031-03-10' });
    const id = data!.id as string;
    await server.setClock(new Date(TUESDAY_START.getTime() + 2 * DAY));
    try {
      await approve(server, id);
      const { rows } = await server.ctx.db.query<{ launched_at: Date }>(`select launched_at from public.projects where id = $1`, [id]);
      expect(Math.abs(rows[0]!.launched_at.getTime() - (TUESDAY_START.getTime() + 2 * DAY))).toBeLessThan(1000);
      expect((await server.anon().from('project_listing').select('id').eq('id', id)).data).toHaveLength(1);
    } finally {
      await launchSite(server);
    }
  });
});

describe('ranking from launch (migration 0211)', () => {
  it('puts a scheduled project in Top today on its launch day and ages it for Trending from then', async () => {
    const scheduled = (await submit(server, maker, { title: 'Ranked At Launch', launch_date: '2031-03-11' })).data!.id as string;
    const atOnce = (await submit(server, maker, { title: 'Ranked At Once' })).data!.id as string;
    await approve(server, scheduled);
    await approve(server, atOnce);
    // The launch day: both were submitted on Monday; the same votes give both the same points.
    await server.setClock(new Date(TUESDAY_START.getTime() + 2 * HOUR));
    try {
      const fans = await Promise.all([server.createUser(), server.createUser()]);
      for (const fan of fans) for (const id of [scheduled, atOnce]) expect((await fan.client.rpc('toggle_vote', { project_id: id })).error).toBeNull();
      const { data, error } = await server
        .anon()
        .from('project_listing')
        .select('title, created_today, created_this_week, trending_score')
        .in('id', [scheduled, atOnce])
        .order('trending_score', { ascending: false });
      expect(error).toBeNull();
      const rows = data as { title: string; created_today: boolean; created_this_week: boolean; trending_score: number }[];
      // Submitted on Monday like the other, but launched today: today's, and fresher.
      expect(rows.map((r) => [r.title, r.created_today, r.created_this_week])).toEqual([
        ['Ranked At Launch', true, true],
        ['Ranked At Once', false, true],
      ]);
      expect(rows[0]!.trending_score).toBeGreaterThan(rows[1]!.trending_score);
    } finally {
      await launchSite(server);
    }
  });
});
