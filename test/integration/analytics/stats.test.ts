import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCreator, makeProject } from '../admin-fixtures.ts';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { dailyStats, rawEvents, sendBeacon } from './analytics-support.ts';

const DAY = 86_400_000;

let server: TestServer;
let owner: TestUser;
let coMaker: TestUser;
let project: string;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '127.0.0.1', ANALYTICS_RETENTION_DAYS: '30' });
  owner = await server.createUser();
  coMaker = await server.createUser();
  project = await makeProject(server, owner, { status: 'approved' });
  await makeCreator(server, coMaker, 'Co-maker');
  await server.ctx.db.query(`insert into public.project_makers (project_id, user_id, role) values ($1, $2, 'maker')`, [project, coMaker.id]);
});
afterAll(() => server?.close());

describe('the roll-up', () => {
  it('adds each closed day to the daily stats once, keeps today raw, and project_stats reads both', async () => {
    await server.setClock(new Date('2031-06-10T12:00:00Z'));
    await sendBeacon(server, { view: project, referrer: 'https://news.example.com/item?id=1', source: 'hn' }, { ip: '198.51.100.1' });
    await sendBeacon(server, { view: project, referrer: 'https://news.example.com/', source: 'hn' }, { ip: '198.51.100.1' });
    await sendBeacon(server, { view: project, referrer: 'https://news.example.com/' }, { ip: '198.51.100.2' });
    await sendBeacon(server, { impressions: [project] }, { ip: '198.51.100.3' });
    await sendBeacon(server, { click: { project, link: 'live' } }, { ip: '198.51.100.1' });
    await sendBeacon(server, { click: { project, link: 'repo' } }, { ip: '198.51.100.2' });

    // Today is still open: nothing rolled up, and the read shows it live.
    await server.runJobs();
    expect(await dailyStats(server, project)).toEqual([]);
    const live = await owner.client.rpc('project_stats', { project, from_day: '2031-06-01', to_day: '2031-06-30' });
    expect(live.error).toBeNull();
    expect(live.data.days).toEqual([{ day: '2031-06-10', views: 2, uniques: 3, impressions: 1, live_clicks: 1, repo_clicks: 1 }]);

    // The next day: 10 June is rolled up and its raw events deleted; one visitor of the 11th stays raw.
    await server.advanceClock(DAY);
    await sendBeacon(server, { view: project }, { ip: '198.51.100.1' });
    await server.runJobs();
    const rolled = [{ day: '2031-06-10', views: 2, uniques: 3, impressions: 1, live_clicks: 1, repo_clicks: 1 }];
    expect(await dailyStats(server, project)).toEqual(rolled);
    expect((await rawEvents(server, project)).map((e) => e.day)).toEqual(['2031-06-11']);
    const { rows: referrers } = await server.ctx.db.query(
      `select kind, source, visits from public.project_daily_referrers where project_id = $1 order by kind, source`,
      [project],
    );
    expect(referrers).toEqual([
      { kind: 'host', source: 'news.example.com', visits: 2 },
      { kind: 'source', source: 'hn', visits: 1 },
    ]);

    // Running the roll-up again (another instance, a retry) adds nothing.
    await server.ctx.db.query('select platform.analytics_roll_up()');
    await server.advanceClock(60 * 60_000);
    await server.runJobs();
    expect(await dailyStats(server, project)).toEqual(rolled);

    const read = await coMaker.client.rpc('project_stats', { project, from_day: '2031-06-01', to_day: '2031-06-30' });
    expect(read.error).toBeNull();
    expect(read.data.days).toEqual([...rolled, { day: '2031-06-11', views: 1, uniques: 1, impressions: 0, live_clicks: 0, repo_clicks: 0 }]);
    expect(read.data.referrers).toEqual([
      { kind: 'host', source: 'news.example.com', visits: 2 },
      { kind: 'source', source: 'hn', visits: 1 },
    ]);
  });

  it('deletes daily stats older than ANALYTICS_RETENTION_DAYS', async () => {
    const other = await makeProject(server, owner, { status: 'approved' });
    await server.setClock(new Date('2031-08-01T12:00:00Z'));
    await server.ctx.db.query(
      `insert into public.project_daily_stats (project_id, day, views, uniques) values ($1, '2031-06-30', 5, 5), ($1, '2031-07-02', 7, 7)`,
      [other],
    );
    await server.ctx.db.query(
      `insert into public.project_daily_referrers (project_id, day, kind, source, visits) values ($1, '2031-06-30', 'host', 'old.example', 5), ($1, '2031-07-02', 'host', 'new.example', 7)`,
      [other],
    );
    await server.advanceClock(2 * 60 * 60_000);
    await server.runJobs();
    expect((await dailyStats(server, other)).map((d) => d.day)).toEqual(['2031-07-02']);
    const { rows } = await server.ctx.db.query(`select source from public.project_daily_referrers where project_id = $1`, [other]);
    expect(rows).toEqual([{ source: 'new.example' }]);
  });
});

describe("who sees a project's stats", () => {
  it('its owner and co-makers; not another member, a visitor, or a banned maker', async () => {
    await server.ctx.db.query(
      `insert into public.project_daily_stats (project_id, day, views, uniques) values ($1, '2031-01-05', 3, 2) on conflict do nothing`,
      [project],
    );
    const range = { project, from_day: '2031-01-01', to_day: '2031-01-31' };
    for (const maker of [owner, coMaker]) {
      expect((await maker.client.from('project_daily_stats').select('day, views').eq('project_id', project).eq('day', '2031-01-05')).data).toEqual([
        { day: '2031-01-05', views: 3 },
      ]);
      expect((await maker.client.rpc('project_stats', range)).data.days).toEqual([
        { day: '2031-01-05', views: 3, uniques: 2, impressions: 0, live_clicks: 0, repo_clicks: 0 },
      ]);
    }

    const stranger = await server.createUser();
    expect((await stranger.client.from('project_daily_stats').select('day').eq('project_id', project)).data).toEqual([]);
    expect((await stranger.client.rpc('project_stats', range)).error?.code).toBe('42501');

    const anonRead = await server.anon().from('project_daily_stats').select('day').eq('project_id', project);
    expect(anonRead.data ?? []).toEqual([]);
    expect(anonRead.error?.code).toBe('42501');
    expect((await server.anon().rpc('project_stats', range)).error?.code).toBe('42501');

    const banned = await server.createUser({ bannedUntil: new Date(Date.UTC(2099, 0, 1)) });
    await makeCreator(server, banned, 'Banned');
    await server.ctx.db.query(`insert into public.project_makers (project_id, user_id, role) values ($1, $2, 'maker')`, [project, banned.id]);
    expect((await banned.client.from('project_daily_stats').select('day').eq('project_id', project)).data ?? []).toEqual([]);
    expect((await banned.client.rpc('project_stats', range)).error).not.toBeNull();
  });

  it('asks for at most 400 days at a time', async () => {
    const wide = await owner.client.rpc('project_stats', { project, from_day: '2030-01-01', to_day: '2031-12-31' });
    expect(wide.error?.code).toBe('22023');
  });
});

describe('no client writes a count', () => {
  it('refuses inserts, updates and deletes of the stats through the API, even by the owner', async () => {
    const before = await dailyStats(server, project);
    const insert = await owner.client.from('project_daily_stats').insert({ project_id: project, day: '2031-02-01', views: 1_000_000 });
    expect(insert.error?.code).toBe('42501');
    const update = await owner.client.from('project_daily_stats').update({ views: 1_000_000 }).eq('project_id', project).select();
    expect(update.error?.code).toBe('42501');
    const del = await owner.client.from('project_daily_stats').delete().eq('project_id', project).select();
    expect(del.error?.code).toBe('42501');
    const referrer = await owner.client.from('project_daily_referrers').insert({ project_id: project, day: '2031-02-01', kind: 'host', source: 'x.example', visits: 9 });
    expect(referrer.error?.code).toBe('42501');
    expect(await dailyStats(server, project)).toEqual(before);
  });

  it("keeps the raw events and the salt out of every API role's reach; the old counter is gone", async () => {
    for (const client of [server.anon(), owner.client]) {
      expect((await client.schema('platform').from('analytics_events').select('*')).error?.code).toBe('PGRST106');
      expect((await client.schema('platform').from('analytics_salts').select('*')).error?.code).toBe('PGRST106');
      expect((await client.rpc('record_project_view', { project_id: project, browser_id: 'abcdefghijklmnop' })).error?.code).toBe('PGRST202');
    }
  });

  it("the admin's Total Views counts the roll-up and today's views", async () => {
    const admin = await server.createUser({ appRole: 'admin' });
    const { data } = await admin.client.rpc('admin_dashboard_stats');
    const { rows } = await server.ctx.db.query<{ n: number }>(
      `select ((select coalesce(sum(views), 0) from public.project_daily_stats) + (select count(*) from platform.analytics_events where kind = 'view'))::int as n`,
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
    expect(data.totalViews).toBe(rows[0]!.n);
  });
});
