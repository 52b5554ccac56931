import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondConnection } from '../../support/databases.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { approve, DAY, HOUR, launchMaker, launchSite, submit, TUESDAY_START } from './launch-fixtures.ts';

/** The launch-winners job ticking on two instances of one Postgres at once (issue 16). */
describe('launch winners with two instances', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer();
    second = await startTestServer({}, { db: await secondConnection(first.ctx.db) });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('computes each closed period once and tells the maker once', async () => {
    await launchSite(first);
    const maker = await launchMaker(first, 'Twin Maker');
    const { data } = await submit(first, maker, { title: 'Twin Launch', launch_date: '2031-03-11' });
    await approve(first, data!.id as string);
    await first.setClock(new Date(TUESDAY_START.getTime() + 5 * HOUR));
    const voter = await first.createUser();
    expect((await voter.client.rpc('toggle_vote', { project_id: data!.id })).error).toBeNull();
    await first.setClock(new Date(TUESDAY_START.getTime() + DAY + HOUR));
    await second.ctx.clock.load(second.ctx.db);
    // Both instances, twice each, and the SQL itself twice at once (as a retry would).
    const [a, b, c, d] = await Promise.all([first.runJobs(), second.runJobs(), first.runJobs(), second.runJobs()]);
    const runs = [a, b, c, d].flat().filter((o) => o.name === 'launch-winners');
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ ok: true, summary: 'computed the winners of 2 periods' });
    const again = await Promise.all([
      first.ctx.db.query(`select showcase_private.close_launch_periods() as n`),
      second.ctx.db.query(`select showcase_private.close_launch_periods() as n`),
    ]);
    expect(again.map((r) => r.rows[0]!.n)).toEqual([0, 0]);
    const { rows } = await first.ctx.db.query(`select rank, project_id from public.launch_winners where period = 'day' and period_start = '2031-03-11'`);
    expect(rows).toEqual([{ rank: 1, project_id: data!.id }]);
    const told = await first.ctx.db.query(`select count(*)::int as n from public.notifications where user_id = $1 and type = 'project_won'`, [maker.id]);
    expect(told.rows[0]!.n).toBe(1);
  });
});
