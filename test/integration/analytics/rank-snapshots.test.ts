import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { approve, DAY, HOUR, launchMaker, launchSite, submit, TUESDAY_START } from '../launches/launch-fixtures.ts';

/** A launch day's rank, written down by the take-rank-snapshots job every 10 minutes (decision 257). */
let server: TestServer;
let maker: TestUser;
const ids: Record<string, string> = {};
const MINUTE = 60_000;

beforeAll(async () => {
  server = await startTestServer({ ANALYTICS_RETENTION_DAYS: '60' });
  await launchSite(server);
  maker = await launchMaker(server, 'Rhea Rank');
  for (const title of ['Alpha Rank', 'Beta Rank', 'Gamma Rank']) {
    const { data, error } = await submit(server, maker, { title, launch_date: '2031-03-11' });
    if (error) throw new Error(error.message);
    ids[title] = data!.id as string;
    await approve(server, ids[title]!);
  }
});
afterAll(() => server?.close());

const at = (ms: number) => server.setClock(new Date(TUESDAY_START.getTime() + ms));
const voteFor = async (id: string, n: number) => {
  for (let i = 0; i < n; i++) {
    const voter = await server.createUser();
    const { error } = await voter.client.rpc('toggle_vote', { project_id: id });
    if (error) throw new Error(error.message);
  }
};
const snapshots = async () =>
  (
    await server.ctx.db.query<{ title: string; taken_at: Date; day: string; rank: number | null; upvotes: number; closing: boolean }>(
      `select p.title, s.taken_at, s.day::text as day, s.rank, s.upvotes, s.closing
         from public.project_rank_snapshots s join public.projects p on p.id = s.project_id
        where p.creator_id = $1 order by s.taken_at, s.rank nulls last, p.title`,
      [maker.id],
    )
  ).rows;

describe('rank snapshots', () => {
  it('writes each slot once, hides the rank while the list shuffles, and records the closing standing', async () => {
    // 01:03 Paris time on launch day: the first 4 hours shuffle the public list, so no rank.
    await at(HOUR + 3 * MINUTE);
    const first = await server.runJobs();
    expect(first.find((o) => o.name === 'take-rank-snapshots')).toMatchObject({ ok: true, summary: 'wrote 3 launch rank snapshots' });
    const early = await snapshots();
    expect(early).toHaveLength(3);
    expect(early.every((s) => s.rank === null && s.day === '2031-03-11' && !s.closing)).toBe(true);
    // The slot is the 10 minutes the run fell in: 01:00.
    expect(early[0]!.taken_at.toISOString()).toBe(new Date(TUESDAY_START.getTime() + HOUR).toISOString());

    // Another instance (or a retry) in the same slot writes nothing more.
    const again = await server.ctx.db.query<{ n: number }>('select platform.take_rank_snapshots(10) as n');
    expect(again.rows[0]!.n).toBe(0);
    // Not due again before 10 minutes have passed.
    await at(HOUR + 9 * MINUTE);
    expect((await server.runJobs()).find((o) => o.name === 'take-rank-snapshots')).toBeUndefined();

    // 05:00: votes give an order, and the snapshot names it.
    await at(5 * HOUR);
    await voteFor(ids['Beta Rank']!, 2);
    await voteFor(ids['Gamma Rank']!, 1);
    await server.runJobs();
    const ranked = (await snapshots()).slice(3);
    expect(ranked.map((s) => [s.rank, s.title, s.upvotes])).toEqual([
      [1, 'Beta Rank', 2],
      [2, 'Gamma Rank', 1],
      [3, 'Alpha Rank', 0],
    ]);

    // After midnight: the closing standing of the 11th, once, at 00:00 of the 12th.
    await at(DAY + 20 * MINUTE);
    await voteFor(ids['Alpha Rank']!, 5); // after the day closed: no longer part of its points
    await server.runJobs();
    const closing = (await snapshots()).filter((s) => s.closing);
    expect(closing.map((s) => [s.rank, s.title])).toEqual([
      [1, 'Beta Rank'],
      [2, 'Gamma Rank'],
      [3, 'Alpha Rank'],
    ]);
    expect(closing[0]!.taken_at.toISOString()).toBe(new Date(TUESDAY_START.getTime() + DAY).toISOString());
    await at(DAY + 40 * MINUTE);
    await server.runJobs();
    expect((await snapshots()).filter((s) => s.closing)).toHaveLength(3);
  });

  it("shows them to the project's makers only", async () => {
    const own = await maker.client.from('project_rank_snapshots').select('rank').eq('project_id', ids['Beta Rank']!);
    expect(own.error).toBeNull();
    expect(own.data!.length).toBeGreaterThan(0);
    const stranger = await server.createUser();
    expect((await stranger.client.from('project_rank_snapshots').select('rank').eq('project_id', ids['Beta Rank']!)).data).toEqual([]);
    expect((await server.anon().from('project_rank_snapshots').select('rank')).error?.code).toBe('42501');
    const write = await maker.client.from('project_rank_snapshots').insert({ project_id: ids['Beta Rank']!, taken_at: new Date().toISOString(), day: '2031-03-11', points: 99, upvotes: 99 });
    expect(write.error?.code).toBe('42501');
  });

  it('keeps every snapshot 30 days, then the hourly and closing ones, until ANALYTICS_RETENTION_DAYS', async () => {
    const beta = ids['Beta Rank']!;
    // A 10-minute slot that is not on the hour: 05:00 is kept, 01:10 is one to thin.
    await server.ctx.db.query(
      `insert into public.project_rank_snapshots (project_id, taken_at, day, rank, points, upvotes) values ($1, $2, '2031-03-11', 2, 1, 1)`,
      [beta, new Date(TUESDAY_START.getTime() + HOUR + 10 * MINUTE)],
    );
    const count = async () => (await server.ctx.db.query<{ n: number }>(`select count(*)::int as n from public.project_rank_snapshots where project_id = $1`, [beta])).rows[0]!.n;
    const before = await count();

    await at(32 * DAY);
    await server.runJobs();
    const thinned = await server.ctx.db.query<{ taken_at: Date; closing: boolean }>(
      `select taken_at, closing from public.project_rank_snapshots where project_id = $1 order by taken_at`,
      [beta],
    );
    expect(thinned.rows.length).toBe(before - 1);
    expect(thinned.rows.every((r) => r.closing || r.taken_at.getUTCMinutes() === 0)).toBe(true);

    await at(62 * DAY);
    await server.runJobs();
    expect(await count()).toBe(0);
  });
});
