import type { Clock } from '../clock.ts';
import type { AdvisoryKey, Database } from '../db/database.ts';

/** What a job's run receives. */
export interface JobRun {
  /** The clock's time when the run started. */
  now: Date;
  /** When the last successful run started (null: never), so a job can catch up on what it missed. */
  lastSucceededAt: Date | null;
}

/**
 * Timed work inside the server. A job must be idempotent and catch up by itself: after downtime it
 * runs once, with lastSucceededAt telling it how much it missed (a winners job computes every
 * period that closed since, a purge deletes everything past its age).
 */
export interface Job {
  name: string;
  /** How long after a run starts the next one is due. */
  everyMs: number;
  /** Answers a short summary for the log, or nothing. */
  run(run: JobRun): Promise<string | void>;
}

export interface JobOutcome {
  name: string;
  ok: boolean;
  summary?: string;
  error?: string;
}

/** Advisory-lock namespace of scheduled jobs (any constant; migrations and seeding use others). */
const JOB_LOCK_NAMESPACE = 727_274;
/** A failed run is retried after its interval, but never later than this. */
const MAX_RETRY_DELAY_MS = 5 * 60_000;

/**
 * One scheduler for every timed job. Each due job runs under its own advisory lock (Postgres), and
 * its next occurrence is written before the lock is let go, so with several instances each
 * occurrence runs once; a process that dies mid-run releases the lock with its connection, and the
 * occurrence, still due, is run by whoever comes next. Time is the shared Clock's, so tests move
 * it and call runDue() instead of waiting.
 */
export class Scheduler {
  private readonly jobs = new Map<string, Job>();
  private readonly running = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly log: (line: string) => void,
    /** While this says so, no job runs (PGlite on an almost full disk: every run writes). */
    private readonly paused: () => boolean = () => false,
  ) {}

  register(job: Job): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
    if (!(job.everyMs > 0)) throw new Error(`job ${job.name} needs a positive interval`);
    this.jobs.set(job.name, job);
  }

  /** Checks for due jobs every tickMs of real time (0: never; tests call runDue themselves). */
  start(tickMs: number): void {
    if (tickMs <= 0 || this.timer) return;
    const tick = () => {
      if (this.stopped) return;
      this.track(this.runDue().catch((err: unknown) => this.log(`jobs: ${(err as Error).message}`)));
    };
    this.timer = setInterval(tick, tickMs);
    this.timer.unref();
    setImmediate(tick);
  }

  /** Stops ticking and waits for runs in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.allSettled([...this.running]);
  }

  /** Runs every registered job that is due now, one after another; answers what ran. */
  async runDue(): Promise<JobOutcome[]> {
    const outcomes: JobOutcome[] = [];
    for (const job of this.jobs.values()) {
      if (this.stopped) break;
      // Asked before each job, not once per pass: the disk can fill while an earlier job runs, and
      // the next one (a checkpoint) would then write into the last megabytes.
      if (this.paused()) break;
      const outcome = await this.track(this.runIfDue(job));
      if (outcome) outcomes.push(outcome);
    }
    return outcomes;
  }

  private async runIfDue(job: Job): Promise<JobOutcome | undefined> {
    await this.db.query(
      `insert into platform.jobs (name, next_run_at) values ($1, showcase_private.app_now()) on conflict (name) do nothing`,
      [job.name],
    );
    const attempt = await this.db.tryAdvisoryLock(lockKey(job.name), async (conn) => {
      // Read under the lock: an instance that ran this occurrence has already moved next_run_at.
      const { rows } = await conn.query<{ due: boolean; last_succeeded_at: Date | null }>(
        `select next_run_at <= showcase_private.app_now() as due, last_succeeded_at from platform.jobs where name = $1`,
        [job.name],
      );
      if (!rows[0]?.due) return undefined;
      const now = this.clock.now();
      await conn.query(`update platform.jobs set last_started_at = $2, runs = runs + 1 where name = $1`, [job.name, now]);
      try {
        const summary = (await job.run({ now, lastSucceededAt: rows[0].last_succeeded_at })) ?? undefined;
        await conn.query(
          `update platform.jobs
              set next_run_at = $2, last_finished_at = $3, last_succeeded_at = $4, last_error = null
            where name = $1`,
          [job.name, new Date(now.getTime() + job.everyMs), this.clock.now(), now],
        );
        if (summary) this.log(`job ${job.name}: ${summary}`);
        return { name: job.name, ok: true, summary };
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        await conn.query(
          `update platform.jobs set next_run_at = $2, last_finished_at = $3, last_error = $4, failures = failures + 1 where name = $1`,
          [job.name, new Date(now.getTime() + Math.min(job.everyMs, MAX_RETRY_DELAY_MS)), this.clock.now(), error],
        );
        this.log(`job ${job.name} failed: ${error}`);
        return { name: job.name, ok: false, error };
      }
    });
    return attempt.acquired ? attempt.value : undefined;
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    void work.finally(() => this.running.delete(work)).catch(() => undefined);
    return work;
  }
}

/** A stable 32-bit id per job name (FNV-1a), so every instance locks the same key. */
function lockKey(name: string): AdvisoryKey {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return [JOB_LOCK_NAMESPACE, hash | 0];
}
