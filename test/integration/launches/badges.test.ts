import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { approve, launchMaker, launchSite, submit } from './launch-fixtures.ts';

/** The embeddable badge, the winners feed and the leaderboard sitemap entries (issue 16). */
let server: TestServer;
let maker: TestUser;
let launched: string;
let upcoming: string;

beforeAll(async () => {
  server = await startTestServer();
  await launchSite(server);
  maker = await launchMaker(server, 'Bo <Badge>');
  launched = (await submit(server, maker, { title: 'Cats & <Dogs> "Now"' })).data!.id as string;
  await approve(server, launched);
  upcoming = (await submit(server, maker, { title: 'Soon', launch_date: '2031-03-12' })).data!.id as string;
  await approve(server, upcoming);
  await server.ctx.db.query(`update public.site_settings set site_name = 'Ship & <Tell>'`);
});
afterAll(() => server?.close());

const badge = (id: string, init?: RequestInit, query = '') => fetch(`${server.url}/badges/${id}.svg${query}`, init);

describe('GET /badges/{projectId}.svg', () => {
  it('answers 404 for a missing, malformed or not yet launched project', async () => {
    expect((await badge('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await badge('not-a-uuid')).status).toBe(404);
    expect((await badge(upcoming)).status).toBe(404);
  });

  it('draws an escaped, cacheable SVG with the count, and revalidates by ETag', async () => {
    const res = await badge(launched, undefined, '?theme=dark');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const svg = await res.text();
    expect(svg).toContain('Ship &amp; &lt;Tell&gt;');
    expect(svg).toContain('Cats &amp; &lt;Dogs&gt; &quot;Now&quot;');
    expect(svg).not.toMatch(/<Dogs>|<Tell>/);
    expect(svg).toContain('#111827'); // dark
    expect(svg).toContain('>0</text>');
    const etag = res.headers.get('etag')!;
    expect((await badge(launched, { headers: { 'if-none-match': etag } }, '?theme=dark')).status).toBe(304);
    expect((await badge(launched)).headers.get('etag')).not.toBe(etag); // light is another image
  });

  it('reads "#1 Project of the Day" for a winner, which the winners feed and the sitemap list', async () => {
    await server.ctx.db.query(
      `insert into public.launch_winners (period, period_start, rank, project_id, points, computed_at) values ('day', '2031-03-09', 1, $1, 3, now())`,
      [launched],
    );
    const svg = await (await badge(launched)).text();
    expect(svg).toContain('#1 Project of the Day');
    const feed = await (await fetch(`${server.url}/winners.xml`)).text();
    expect(feed).toContain('<title>#1 Project of the Day: Cats &amp; &lt;Dogs&gt; &quot;Now&quot;</title>');
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain('/leaderboard/daily/2031-03-09');
  });
});
