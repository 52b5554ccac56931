import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProject } from '../admin-fixtures.ts';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { BROWSER, rawEvents, salts, sendBeacon } from './analytics-support.ts';

/** Agents isbot knows as bots: crawlers, tools and headless browsers. */
const BOTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'curl/8.5.0',
  'Wget/1.21.4',
  'python-requests/2.32.3',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
];

/** Real browsers: each counts. */
const BROWSERS = [
  BROWSER,
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
];

let server: TestServer;
let maker: TestUser;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '127.0.0.1' });
  maker = await server.createUser();
});
afterAll(() => server?.close());

const launched = () => makeProject(server, maker, { status: 'approved' });

describe('counting by beacon', () => {
  it('counts a view once per visitor per day however often they reload, and keeps neither address nor agent', async () => {
    const project = await launched();
    for (let i = 0; i < 3; i++) expect((await sendBeacon(server, { view: project }, { ip: '203.0.113.10' })).status).toBe(204);
    expect((await rawEvents(server, project)).filter((e) => e.kind === 'view')).toHaveLength(1);
    // Another address, or another browser on the same address, is another visitor.
    await sendBeacon(server, { view: project }, { ip: '203.0.113.11' });
    await sendBeacon(server, { view: project }, { ip: '203.0.113.10', userAgent: BROWSERS[2] });
    const events = await rawEvents(server, project);
    expect(events.map((e) => e.kind)).toEqual(['view', 'view', 'view']);
    expect(new Set(events.map((e) => e.visitor)).size).toBe(3);
    const stored = JSON.stringify((await server.ctx.db.query('select * from platform.analytics_events where project_id = $1', [project])).rows);
    expect(stored).not.toContain('203.0.113');
    expect(stored).not.toContain('Chrome');
  });

  it('counts the impressions of a page of cards in one beacon, and clicks on the live site and the repository', async () => {
    const projects = await Promise.all(Array.from({ length: 24 }, () => launched()));
    expect((await sendBeacon(server, { impressions: projects })).status).toBe(204);
    for (const p of [projects[0]!, projects[23]!]) expect((await rawEvents(server, p)).map((e) => e.kind)).toEqual(['impression']);
    await sendBeacon(server, { click: { project: projects[0], link: 'live' } });
    await sendBeacon(server, { click: { project: projects[0], link: 'live' } });
    await sendBeacon(server, { click: { project: projects[0], link: 'repo' } });
    expect((await rawEvents(server, projects[0]!)).map((e) => e.kind)).toEqual(['impression', 'live_click', 'repo_click']);
  });

  it('needs no apikey and accepts only what the page sends', async () => {
    const project = await launched();
    const refused = [
      'not json',
      { view: 'not-a-uuid' },
      { view: project, count: 1000 },
      { views: 5 },
      {},
      { impressions: Array.from({ length: 25 }, () => project) },
      { click: { project, link: 'elsewhere' } },
    ];
    for (const body of refused) expect((await sendBeacon(server, body)).status, JSON.stringify(body)).toBe(400);
    const big = await sendBeacon(server, { view: project, referrer: 'https://a.example/' + 'x'.repeat(5000) });
    expect(big.status).toBe(413);
    expect(await rawEvents(server, project)).toEqual([]);
    // No apikey, no Authorization: what sendBeacon sends.
    expect((await sendBeacon(server, { view: project })).status).toBe(204);
    expect(await rawEvents(server, project)).toHaveLength(1);
  });

  it('counts nothing for a project that is not launched or does not exist', async () => {
    const pending = await makeProject(server, maker, { status: 'pending' });
    expect((await sendBeacon(server, { view: pending })).status).toBe(204);
    expect((await sendBeacon(server, { view: '00000000-0000-4000-8000-000000000000' })).status).toBe(204);
    expect(await rawEvents(server, pending)).toEqual([]);
  });
});

describe('who is not counted', () => {
  it('excludes bots by user agent, and a request without one', async () => {
    const project = await launched();
    for (const [i, agent] of BOTS.entries()) {
      expect((await sendBeacon(server, { view: project }, { userAgent: agent, ip: `203.0.113.${100 + i}` })).status).toBe(204);
    }
    const none = await fetch(`${server.url}/api/beacon`, { method: 'POST', headers: { 'user-agent': '' }, body: JSON.stringify({ view: project }) });
    expect(none.status).toBe(204);
    expect(await rawEvents(server, project)).toEqual([]);
    for (const [i, agent] of BROWSERS.entries()) await sendBeacon(server, { view: project }, { userAgent: agent, ip: `203.0.113.${150 + i}` });
    expect(await rawEvents(server, project)).toHaveLength(BROWSERS.length);
  });

  it('respects Do Not Track and Global Privacy Control', async () => {
    const project = await launched();
    expect((await sendBeacon(server, { view: project }, { headers: { dnt: '1' } })).status).toBe(204);
    expect((await sendBeacon(server, { view: project }, { headers: { 'sec-gpc': '1' } })).status).toBe(204);
    expect(await rawEvents(server, project)).toEqual([]);
    await sendBeacon(server, { view: project }, { headers: { dnt: '0' } });
    expect(await rawEvents(server, project)).toHaveLength(1);
  });

  it("counts nothing another site's page sends", async () => {
    const project = await launched();
    expect((await sendBeacon(server, { view: project }, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(204);
    expect(await rawEvents(server, project)).toEqual([]);
  });
});

describe('where visitors came from', () => {
  it('keeps a referrer as its host only, and a utm_source or ref as a plain tag', async () => {
    const project = await launched();
    const view = (ip: string, referrer: string | undefined, source?: string) => sendBeacon(server, { view: project, referrer, source }, { ip });
    await view('192.0.2.1', 'https://user:pw@News.Example.COM:8443/<script>alert(1)</script>?q="><img src=x>#frag', 'Newsletter');
    await view('192.0.2.2', 'javascript:alert(1)', '<script>');
    await view('192.0.2.3', '"><svg onload=alert(1)>', 'a'.repeat(65));
    await view('192.0.2.4', `${server.url}/projects`);
    await view('192.0.2.5', 'http://203.0.113.9:9/elsewhere', 'hn');
    const rows = (await rawEvents(server, project)).map((e) => [e.ref_host, e.ref_source]);
    expect(rows).toHaveLength(5);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['news.example.com', 'newsletter'],
        [null, null],
        [null, null],
        [null, null],
        ['203.0.113.9', 'hn'],
      ]),
    );
  });
});

describe('the site day', () => {
  it('counts a visitor again on a new day, under a new salt, and deletes the old salt', async () => {
    const project = await launched();
    await server.setClock(new Date('2031-03-04T23:59:00Z'));
    await sendBeacon(server, { view: project });
    await sendBeacon(server, { view: project });
    const before = await salts(server);
    expect(before.map((s) => s.day)).toContain('2031-03-04');
    await server.advanceClock(2 * 60_000);
    await sendBeacon(server, { view: project });
    const events = await rawEvents(server, project);
    expect(events.map((e) => e.day).sort()).toEqual(['2031-03-04', '2031-03-05']);
    // The same visitor is not recognisable across days.
    expect(events[0]!.visitor).not.toBe(events[1]!.visitor);
    await server.runJobs();
    const after = await salts(server);
    expect(after.map((s) => s.day)).toEqual(['2031-03-05']);
    expect(after[0]!.salt).not.toBe(before.find((s) => s.day === '2031-03-04')!.salt);
  });

  it("turns at midnight in the site's time zone", async () => {
    await server.ctx.db.query(`update public.site_settings set time_zone = 'America/New_York'`);
    try {
      const project = await launched();
      // 23:59 in New York on 1 May is 03:59 UTC on 2 May.
      await server.setClock(new Date('2031-05-02T03:59:00Z'));
      await sendBeacon(server, { view: project });
      await server.advanceClock(2 * 60_000);
      await sendBeacon(server, { view: project });
      expect((await rawEvents(server, project)).map((e) => e.day).sort()).toEqual(['2031-05-01', '2031-05-02']);
    } finally {
      await server.ctx.db.query(`update public.site_settings set time_zone = 'UTC'`);
    }
  });
});

describe('the limit per client', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ TRUST_PROXY: '127.0.0.1', RATE_LIMIT_BEACONS: '3/3600' });
  });
  afterAll(() => limited?.close());

  it('refuses beacons past RATE_LIMIT_BEACONS from one address, and counts none of them', async () => {
    const owner = await limited.createUser();
    const projects = await Promise.all(Array.from({ length: 5 }, () => makeProject(limited, owner, { status: 'approved' })));
    for (const p of projects.slice(0, 3)) expect((await sendBeacon(limited, { view: p }, { ip: '203.0.113.200' })).status).toBe(204);
    const over = await sendBeacon(limited, { view: projects[3] }, { ip: '203.0.113.200' });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await rawEvents(limited, projects[3]!)).toEqual([]);
    expect((await sendBeacon(limited, { view: projects[4] }, { ip: '203.0.113.201' })).status).toBe(204);
    expect(await rawEvents(limited, projects[4]!)).toHaveLength(1);
  });
});
