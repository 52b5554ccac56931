import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scheduler, type Job, type JobRun } from '../../../server/jobs/scheduler.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';

const HOUR = 3_600_000;

/** A job that records each run it makes, so a test can count them. */
function recordingJob(name: string, everyMs: number, fail?: () => boolean): Job & { runs: JobRun[] } {
  const runs: JobRun[] = [];
  return {
    name,
    everyMs,
    runs,
    async run(run) {
      runs.push(run);
      if (fail?.()) throw new Error('the mail server said no');
      return `run ${runs.length}`;
    },
  };
}

async function jobRow(server: TestServer, name: string) {
  const { rows } = await server.ctx.db.query<{ next_run_at: Date; runs: number; failures: number; last_error: string | null }>(
    'select next_run_at, runs, failures, last_error from platform.jobs where name = $1',
    [name],
  );
  return rows[0]!;
}

describe('the clock', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('moves the server and the database together', async () => {
    const at = new Date('2031-03-04T05:06:07Z');
    await server.setClock(at);
    const { rows } = await server.ctx.db.query<{ now: Date }>('select showcase_private.app_now() as now');
    expect(Math.abs(rows[0]!.now.getTime() - at.getTime())).toBeLessThan(5_000);
    expect(Math.abs(server.ctx.clock.nowMs() - at.getTime())).toBeLessThan(5_000);
    await server.advanceClock(HOUR);
    const later = await server.ctx.db.query<{ now: Date }>('select showcase_private.app_now() as now');
    expect(later.rows[0]!.now.getTime() - rows[0]!.now.getTime()).toBeGreaterThanOrEqual(HOUR);
  });

  it('is out of reach of every API role', async () => {
    const user = await server.createUser();
    for (const client of [server.anon(), user.client]) {
      const { error } = await client.schema('platform').from('clock_offset').select('*');
      expect(error?.code).toBe('PGRST106');
    }
    // The offset cannot be written from a caller's role either, even with SQL.
    await expect(
      server.ctx.db.transaction(async (tx) => {
        await tx.query(`select set_config('role', 'authenticated', true)`);
        await tx.query(`update platform.clock_offset set offset_by = interval '1 year'`);
      }),
    ).rejects.toThrow(/permission denied/);
  });
});

describe('the scheduler', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('runs a job when it is due, and not again until its interval has passed', async () => {
    const job = recordingJob('test-hourly', HOUR);
    server.ctx.scheduler.register(job);
    await server.runJobs();
    expect(job.runs).toHaveLength(1);
    expect(job.runs[0]!.lastSucceededAt).toBeNull();
    await server.runJobs();
    await server.advanceClock(HOUR - 60_000);
    await server.runJobs();
    expect(job.runs).toHaveLength(1);
    await server.advanceClock(60_000);
    await server.runJobs();
    expect(job.runs).toHaveLength(2);
    expect(job.runs[1]!.lastSucceededAt?.getTime()).toBe(job.runs[0]!.now.getTime());
  });

  it('catches up after downtime with one run that knows what it missed', async () => {
    const job = recordingJob('test-catch-up', HOUR);
    server.ctx.scheduler.register(job);
    await server.runJobs();
    await server.advanceClock(5 * HOUR);
    await server.runJobs();
    expect(job.runs).toHaveLength(2);
    const missed = job.runs[1]!.now.getTime() - job.runs[1]!.lastSucceededAt!.getTime();
    expect(missed).toBeGreaterThanOrEqual(5 * HOUR);
    expect((await jobRow(server, 'test-catch-up')).next_run_at.getTime()).toBeGreaterThan(server.ctx.clock.nowMs());
  });

  it('records a failure and retries it after the retry delay, not at once', async () => {
    let failing = true;
    const job = recordingJob('test-flaky', 24 * HOUR, () => failing);
    server.ctx.scheduler.register(job);
    const [outcome] = (await server.runJobs()).filter((o) => o.name === 'test-flaky');
    expect(outcome).toMatchObject({ ok: false, error: 'the mail server said no' });
    expect(await jobRow(server, 'test-flaky')).toMatchObject({ failures: 1, last_error: 'the mail server said no' });
    await server.runJobs();
    expect(job.runs).toHaveLength(1);
    failing = false;
    await server.advanceClock(5 * 60_000);
    await server.runJobs();
    expect(job.runs).toHaveLength(2);
    expect(await jobRow(server, 'test-flaky')).toMatchObject({ last_error: null });
  });

  it('purges stale rate-limit windows (the product job)', async () => {
    await server.ctx.rateLimiter.hit('test:stale', { count: 5, seconds: 60 });
    await server.advanceClock(25 * HOUR);
    await server.runJobs();
    const { rows } = await server.ctx.db.query(`select 1 from platform.rate_limits where key = 'test:stale'`);
    expect(rows).toHaveLength(0);
  });
});

describe('the scheduler on a disk that fills during a pass', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('asks the disk guard before each job, so a job queued behind the one that filled the disk does not run', async () => {
    // The guard as the server wires it (PGlite, disk low), flipped by the first job as a real
    // disk would fill under it; the second job (a checkpoint, say) must then wait for space.
    let diskLow = false;
    const scheduler = new Scheduler(server.ctx.db, server.ctx.clock, () => undefined, () => diskLow);
    const fills = recordingJob('test-fills-the-disk', HOUR);
    const writes = recordingJob('test-writes-wal', HOUR);
    scheduler.register({ ...fills, run: async (run) => { diskLow = true; return fills.run(run); } });
    scheduler.register(writes);

    const outcomes = await scheduler.runDue();
    expect(outcomes.map((o) => o.name)).toEqual(['test-fills-the-disk']);
    expect(fills.runs).toHaveLength(1);
    expect(writes.runs).toHaveLength(0);

    // Space comes back: the job that waited runs on the next pass.
    diskLow = false;
    await scheduler.runDue();
    expect(writes.runs).toHaveLength(1);
    await scheduler.stop();
  });
});
