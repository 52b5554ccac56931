import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondConnection } from '../../support/databases.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { approve, DAY, HOUR, launchMaker, launchSite, submit, TUESDAY_START } from '../launches/launch-fixtures.ts';

/** The take-rank-snapshots job ticking on two instances of one Postgres at once (decision 257). */
describe('rank snapshots with two instances', () => {
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

  it('writes each slot and the closing standing once', async () => {
    await launchSite(first);
    const maker = await launchMaker(first, 'Twin Ranker');
    const { data } = await submit(first, maker, { title: 'Twin Rank', launch_date: '2031-03-11' });
    const id = data!.id as string;
    await approve(first, id);
    const count = async () => (await first.ctx.db.query<{ n: number; closing: number }>(
      `select count(*)::int as n, count(*) filter (where closing)::int as closing from public.project_rank_snapshots where project_id = $1`,
      [id],
    )).rows[0]!;

    await first.setClock(new Date(TUESDAY_START.getTime() + 5 * HOUR));
    await second.ctx.clock.load(second.ctx.db);
    // Both instances, twice each, and the SQL itself twice at once (as a retry would).
    const runs = (await Promise.all([first.runJobs(), second.runJobs(), first.runJobs(), second.runJobs()])).flat().filter((o) => o.name === 'take-rank-snapshots');
    expect(runs).toHaveLength(1);
    await Promise.all([first.ctx.db.query('select platform.take_rank_snapshots(10)'), second.ctx.db.query('select platform.take_rank_snapshots(10)')]);
    expect(await count()).toEqual({ n: 1, closing: 0 });

    await first.setClock(new Date(TUESDAY_START.getTime() + DAY + HOUR));
    await second.ctx.clock.load(second.ctx.db);
    await Promise.all([first.runJobs(), second.runJobs()]);
    await Promise.all([first.ctx.db.query('select platform.take_rank_snapshots(10)'), second.ctx.db.query('select platform.take_rank_snapshots(10)')]);
    expect(await count()).toEqual({ n: 2, closing: 1 });
  });
});
