import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondConnection } from '../../support/databases.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';

/** The purge of old anonymous users, ticking on two instances of one Postgres at once. */
describe('purge-anonymous-users with two instances', () => {
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

  it('runs once: one instance purges, the other finds the occurrence done', async () => {
    const visitors = await Promise.all(Array.from({ length: 5 }, () => first.signInAnonymously()));
    await first.advanceClock(31 * 86_400_000);
    await second.ctx.clock.load(second.ctx.db);
    const outcomes = (await Promise.all([first.runJobs(), second.runJobs(), first.runJobs(), second.runJobs()])).flat();
    const purges = outcomes.filter((o) => o.name === 'purge-anonymous-users');
    expect(purges).toHaveLength(1);
    expect(purges[0]).toMatchObject({ ok: true, summary: 'purged 5 old anonymous users without votes' });
    const { rows } = await first.ctx.db.query('select count(*)::int as n from auth.users where id = any($1)', [visitors.map((v) => v.id)]);
    expect(rows[0]!.n).toBe(0);
    const { rows: job } = await first.ctx.db.query(`select runs from platform.jobs where name = 'purge-anonymous-users'`);
    expect(job[0]!.runs).toBe(1);
  });
});
