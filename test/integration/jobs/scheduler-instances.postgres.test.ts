import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../server/jobs/scheduler.ts';
import { secondConnection } from '../../support/databases.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';

const HOUR = 3_600_000;

describe('the scheduler with two instances on one Postgres', () => {
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

  it('run each occurrence of a job once, even when both tick at the same moment', async () => {
    await first.ctx.db.exec('create table public.job_runs (id serial primary key, at timestamptz not null default now())');
    const slowJob = (): Job => ({
      name: 'test-once',
      everyMs: HOUR,
      async run() {
        await first.ctx.db.query('insert into public.job_runs default values');
        // Long enough that the other instance's tick lands while this one holds the lock.
        await first.ctx.db.query('select pg_sleep(0.3)');
      },
    });
    first.ctx.scheduler.register(slowJob());
    second.ctx.scheduler.register(slowJob());
    await Promise.all([first.runJobs(), second.runJobs(), first.runJobs(), second.runJobs()]);
    expect((await first.ctx.db.query('select * from public.job_runs')).rows).toHaveLength(1);
    await first.advanceClock(HOUR);
    await second.ctx.clock.load(second.ctx.db);
    await Promise.all([first.runJobs(), second.runJobs()]);
    expect((await first.ctx.db.query('select * from public.job_runs')).rows).toHaveLength(2);
  });
});
