import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCreator } from '../admin-fixtures.ts';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { approve, DAY, HOUR, launchMaker, launchSite, submit, TUESDAY_START } from '../launches/launch-fixtures.ts';

/** project_stats_page, the stats page's one read (decision 258): who may call it, and what it answers. */
let server: TestServer;
let owner: TestUser;
let coMaker: TestUser;
let project: string;
const range = () => ({ project, days: 30 });

beforeAll(async () => {
  server = await startTestServer();
  await launchSite(server);
  owner = await launchMaker(server, 'Stella Stats');
  coMaker = await server.createUser();
  await makeCreator(server, coMaker, 'Co-maker');
  const { data, error } = await submit(server, owner, { title: 'Stats Launch', launch_date: '2031-03-11' });
  if (error) throw new Error(error.message);
  project = data!.id as string;
  await approve(server, project);
  await server.ctx.db.query(`insert into public.project_makers (project_id, user_id, role) values ($1, $2, 'maker')`, [project, coMaker.id]);
  await server.ctx.db.query(
    `insert into public.project_daily_stats (project_id, day, views, uniques, impressions, live_clicks) values ($1, '2031-03-05', 4, 4, 30, 1), ($1, '2031-03-06', 10, 9, 50, 2)`,
    [project],
  );
  await server.ctx.db.query(
    `insert into public.project_daily_referrers (project_id, day, kind, source, visits) values ($1, '2031-03-06', 'host', 'news.example.com', 12)`,
    [project],
  );
});
afterAll(() => server?.close());

const at = (ms: number) => server.setClock(new Date(TUESDAY_START.getTime() + ms));

describe('who may read the stats page', () => {
  it('the owner and a co-maker; not another member, a visitor or a banned maker', async () => {
    for (const maker of [owner, coMaker]) {
      const { data, error } = await maker.client.rpc('project_stats_page', range());
      expect(error).toBeNull();
      expect(data.project).toMatchObject({ id: project, title: 'Stats Launch' });
      expect(data.days.map((d: { day: string }) => d.day)).toEqual(['2031-03-05', '2031-03-06']);
    }
    const stranger = await server.createUser();
    expect((await stranger.client.rpc('project_stats_page', range())).error?.code).toBe('42501');
    expect((await server.anon().rpc('project_stats_page', range())).error).not.toBeNull();
    const banned = await server.createUser({ bannedUntil: new Date(Date.UTC(2099, 0, 1)) });
    await makeCreator(server, banned, 'Banned');
    await server.ctx.db.query(`insert into public.project_makers (project_id, user_id, role) values ($1, $2, 'maker')`, [project, banned.id]);
    const refused = await banned.client.rpc('project_stats_page', range());
    expect(refused.error).not.toBeNull();
    expect(refused.data).toBeNull();
  });

  it('answers the last 1 to 366 days, ending on the site\'s today', async () => {
    expect((await owner.client.rpc('project_stats_page', { project, days: 367 })).error?.code).toBe('22023');
    expect((await owner.client.rpc('project_stats_page', { project, days: 0 })).error?.code).toBe('22023');
    const { data } = await owner.client.rpc('project_stats_page', { project, days: 7 });
    expect([data.from_day, data.to_day]).toEqual(['2031-03-04', '2031-03-10']);
  });
});

describe('what it answers', () => {
  it('traffic, referrers, votes, comments and followers by day, and the launch day with its rank', async () => {
    await at(5 * HOUR);
    for (let i = 0; i < 2; i++) {
      const voter = await server.createUser();
      expect((await voter.client.rpc('toggle_vote', { project_id: project })).error).toBeNull();
    }
    const commenter = await server.createUser({ name: 'Chatty' });
    // Comment and follow times are the database's own now(), so they are set here for the day.
    await server.ctx.db.query(
      `insert into public.project_comments (project_id, user_id, content, created_at) values ($1, $2, 'Lovely', $3)`,
      [project, commenter.id, new Date(TUESDAY_START.getTime() + 6 * HOUR)],
    );
    await server.ctx.db.query(`insert into public.follows (follower_id, followee_id, created_at) values ($1, $2, $3)`, [
      commenter.id,
      owner.id,
      new Date(TUESDAY_START.getTime() + 7 * HOUR),
    ]);
    await server.runJobs(); // a rank snapshot at 05:00

    const { data, error } = await owner.client.rpc('project_stats_page', range());
    expect(error).toBeNull();
    expect(data.referrers).toEqual([{ kind: 'host', source: 'news.example.com', visits: 12 }]);
    expect(data.activity).toEqual([{ day: '2031-03-11', votes: 2, comments: 1, followers: 1 }]);
    expect(data.launch.day).toBe('2031-03-11');
    expect(data.launch.snapshots).toEqual([expect.objectContaining({ rank: 1, upvotes: 2, closing: false })]);
    // Today's numbers come from the raw events (none), not the roll-up row written above.
    expect(data.launch.mine).toMatchObject({ votes: 2, comments: 1, views: 0 });
    // One launch that day: no median, which would show another maker's numbers.
    expect(data.launch.median).toBeNull();
  });

  it("compares the launch day with that day's median launch once 5 projects launched that day", async () => {
    const others: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { data, error } = await submit(server, owner, { title: `Neighbour ${i}`, launch_date: '2031-03-11' });
      if (error) throw new Error(error.message);
      others.push(data!.id as string);
      await approve(server, data!.id as string);
      await server.ctx.db.query(`insert into public.project_daily_stats (project_id, day, views, uniques, live_clicks) values ($1, '2031-03-11', $2, $2, 1)`, [
        data!.id,
        (i + 1) * 10,
      ]);
    }
    await at(DAY + HOUR); // the day has closed: its numbers are the roll-up's
    await server.ctx.db.query(`insert into public.project_daily_stats (project_id, day, views, uniques, live_clicks) values ($1, '2031-03-11', 40, 35, 8)`, [project]);
    const { data, error } = await owner.client.rpc('project_stats_page', range());
    expect(error).toBeNull();
    expect(data.launch.mine).toMatchObject({ views: 40, uniques: 35, live_clicks: 8 });
    // Views of the five: 10, 20, 30, 40, 40.
    expect(data.launch.median).toMatchObject({ launches: 5, views: 30, live_clicks: 1 });
    // A project that never launched has no launch section.
    const { data: pending } = await submit(server, owner, { title: 'Not yet' });
    const quiet = await owner.client.rpc('project_stats_page', { ...range(), project: pending!.id });
    expect(quiet.error).toBeNull();
    expect(quiet.data.launch).toBeNull();
  });
});
