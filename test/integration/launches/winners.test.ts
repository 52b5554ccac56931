import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { approve, DAY, HOUR, launchMaker, launchSite, submit, TUESDAY_START } from './launch-fixtures.ts';

/** Leaderboards on in-window points, and winners frozen by the launch-winners job (issue 16). */
let server: TestServer;
let maker: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  await launchSite(server);
  maker = await launchMaker(server, 'Wanda Winner');
  for (const title of ['Alpha Launch', 'Beta Launch', 'Gamma Launch']) {
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
const board = async (period: string, start: string) => {
  const { data, error } = await server.anon().rpc('launch_leaderboard', { period, period_start: start });
  if (error) throw new Error(error.message);
  return data as { rank: number | null; title: string; points: number; shuffled: boolean; award: string | null }[];
};
const winners = async (period: string, start: string) =>
  (
    await server.ctx.db.query<{ rank: number; project_id: string }>(
      `select rank, project_id from public.launch_winners where period = $1 and period_start = $2 order by rank`,
      [period, start],
    )
  ).rows.map((r) => [r.rank, r.project_id]);

describe('leaderboards and winners', () => {
  it('shuffles the first 4 hours, counts only votes inside the day, freezes the top 3 once, and logs a recompute', async () => {
    await at(HOUR);
    const early = await board('day', '2031-03-11');
    expect(early).toHaveLength(3);
    expect(early.every((r) => r.rank === null && r.shuffled)).toBe(true);

    await at(5 * HOUR);
    await voteFor(ids['Alpha Launch']!, 2);
    await voteFor(ids['Beta Launch']!, 1);
    const ranked = await board('day', '2031-03-11');
    expect(ranked.map((r) => [r.rank, r.title])).toEqual([
      [1, 'Alpha Launch'],
      [2, 'Beta Launch'],
      [3, 'Gamma Launch'],
    ]);
    expect(ranked[0]!.points).toBeGreaterThan(ranked[1]!.points);

    // Wednesday 01:00 in Paris: Gamma's votes now fall outside Tuesday's window.
    await at(DAY + HOUR);
    await voteFor(ids['Gamma Launch']!, 3);
    const day = await board('day', '2031-03-11');
    expect(day.map((r) => r.title)).toEqual(['Alpha Launch', 'Beta Launch', 'Gamma Launch']);
    expect(day[2]!.points).toBe(0);
    expect((await board('week', '2031-03-10')).find((r) => r.title === 'Gamma Launch')!.points).toBeGreaterThan(0);

    const outcomes = await server.runJobs();
    expect(outcomes.find((o) => o.name === 'launch-winners')).toMatchObject({ ok: true, summary: 'computed the winners of 2 periods' });
    expect(await winners('day', '2031-03-11')).toEqual([
      [1, ids['Alpha Launch']],
      [2, ids['Beta Launch']],
    ]);
    const { rows: told } = await server.ctx.db.query(`select data->>'award' as award from public.notifications where user_id = $1 and type = 'project_won' order by data->>'award'`, [maker.id]);
    expect(told.map((r) => r.award)).toEqual(['#1 Project of the Day', '#2 Project of the Day']);
    const listed = await server.anon().from('project_listing').select('award').eq('id', ids['Alpha Launch']!).single();
    expect(listed.data).toEqual({ award: '#1 Project of the Day' });

    // Frozen: a later vote change leaves the result alone, however often the job runs.
    const voter = await server.createUser();
    await voter.client.rpc('toggle_vote', { project_id: ids['Beta Launch']! });
    await at(DAY + 2 * HOUR);
    await server.runJobs();
    expect(await winners('day', '2031-03-11')).toEqual([
      [1, ids['Alpha Launch']],
      [2, ids['Beta Launch']],
    ]);

    // Only an admin recomputes, with a reason, and it is logged.
    const member = await server.createUser();
    const refused = await member.client.rpc('admin_recompute_winners', { period: 'day', period_start: '2031-03-11', reason: 'discount' });
    expect(refused.error).toMatchObject({ message: 'Only admins can recompute winners' });
    await server.ctx.db.query(`delete from public.project_votes where project_id = $1`, [ids['Alpha Launch']]);
    const admin = await server.createUser({ appRole: 'admin' });
    const noReason = await admin.client.rpc('admin_recompute_winners', { period: 'day', period_start: '2031-03-11', reason: ' ' });
    expect(noReason.error).toMatchObject({ message: 'Please give a reason (at most 500 characters); it is logged' });
    expect(await winners('day', '2031-03-11')).toHaveLength(2);
    const done = await admin.client.rpc('admin_recompute_winners', { period: 'day', period_start: '2031-03-11', reason: 'Vote ring discounted' });
    expect(done.error).toBeNull();
    expect(await winners('day', '2031-03-11')).toEqual([[1, ids['Beta Launch']]]);
    const log = await admin.client.from('launch_recomputes').select('reason, admin_id, before, after');
    expect(log.data).toEqual([
      {
        reason: 'Vote ring discounted',
        admin_id: admin.id,
        before: [expect.objectContaining({ rank: 1, project_id: ids['Alpha Launch'] }), expect.objectContaining({ rank: 2, project_id: ids['Beta Launch'] })],
        after: [expect.objectContaining({ rank: 1, project_id: ids['Beta Launch'] })],
      },
    ]);
    expect((await member.client.from('launch_recomputes').select('id')).data).toEqual([]);
  });

  it('catches up on every period missed while the server was down', async () => {
    await at(20 * DAY);
    const outcomes = await server.runJobs();
    // Days 12–30 March (19), weeks of 10, 17 and 24 March (3); March is not over.
    expect(outcomes.find((o) => o.name === 'launch-winners')).toMatchObject({ ok: true, summary: 'computed the winners of 22 periods' });
    expect(await winners('week', '2031-03-10')).toHaveLength(2); // Alpha's votes were removed above
    expect(await winners('day', '2031-03-11')).toEqual([[1, ids['Beta Launch']]]); // still the recomputed result
  });

  it('refuses a malformed period', async () => {
    const { error } = await server.anon().rpc('launch_leaderboard', { period: 'week', period_start: '2031-03-11' });
    expect(error).toMatchObject({ message: 'Unknown period' });
  });
});
