import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_DETAIL_SELECT } from '../../../domain/first-screen.ts';
import { projectAwards, type AwardRow } from '../../../domain/launch-awards.ts';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { approve, launchMaker, launchSite, MONDAY, submit } from './launch-fixtures.ts';

/** The project page's read carries the project's frozen winner awards, for anyone (issue 16). */
let server: TestServer;
let maker: TestUser;
let winner: string;
let upcoming: string;

beforeAll(async () => {
  server = await startTestServer();
  await launchSite(server);
  maker = await launchMaker(server, 'Ada Award');
  winner = (await submit(server, maker, { title: 'Award Winner' })).data!.id as string;
  await approve(server, winner);
  upcoming = (await submit(server, maker, { title: 'Not Yet', launch_date: '2031-03-12' })).data!.id as string;
  await approve(server, upcoming);
  // Frozen results as the launch-winners job writes them (only service_role writes this table).
  const { error } = await server
    .service()
    .from('launch_winners')
    .insert([
      { period: 'day', period_start: '2031-03-10', rank: 2, project_id: winner, points: 3, computed_at: MONDAY.toISOString() },
      { period: 'week', period_start: '2031-03-10', rank: 1, project_id: winner, points: 9, computed_at: MONDAY.toISOString() },
      { period: 'month', period_start: '2031-03-01', rank: 2, project_id: winner, points: 9, computed_at: MONDAY.toISOString() },
    ]);
  if (error) throw new Error(`launch_winners: ${error.message}`);
});
afterAll(() => server?.close());

const detail = (client: ReturnType<TestServer['anon']>, id: string) => client.from('projects').select(PROJECT_DETAIL_SELECT).eq('id', id).maybeSingle();

describe("the project page's awards", () => {
  it("gives a signed-out visitor the launched project's winner rows, which the page labels as the database does", async () => {
    const { data, error } = await detail(server.anon(), winner);
    expect(error).toBeNull();
    const rows = (data as unknown as { launch_winners: AwardRow[] }).launch_winners;
    expect([...rows].sort((a, b) => a.period.localeCompare(b.period))).toEqual([
      { period: 'day', period_start: '2031-03-10', rank: 2 },
      { period: 'month', period_start: '2031-03-01', rank: 2 },
      { period: 'week', period_start: '2031-03-10', rank: 1 },
    ]);

    const awards = projectAwards(rows);
    expect(awards).toEqual([
      { label: '#1 Project of the Week', href: '/leaderboard/weekly/2031-W11' },
      { label: '#2 Project of the Month', href: '/leaderboard/monthly/2031-03' },
      { label: '#2 Project of the Day', href: '/leaderboard/daily/2031-03-10' },
    ]);
    // The same labels the database gives /winners and the listing (showcase_private.award_label).
    const { data: cards } = await server.anon().from('launch_winner_cards').select('award').eq('project_id', winner);
    expect(new Set((cards ?? []).map((c) => c.award))).toEqual(new Set(awards.map((a) => a.label)));
  });

  it('shows an upcoming project to its owner only, with no awards yet and its launch time', async () => {
    expect((await detail(server.anon(), upcoming)).data).toBeNull();
    const { data, error } = await detail(maker.client, upcoming);
    expect(error).toBeNull();
    const row = data as unknown as { launch_winners: AwardRow[]; launched_at: string };
    expect(row.launch_winners).toEqual([]);
    expect(Date.parse(row.launched_at)).toBeGreaterThan(MONDAY.getTime());
  });
});
