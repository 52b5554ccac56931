import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseBackupDir, type Config } from '../config.ts';
import type { ServerContext } from '../context.ts';
import { createBackup } from '../ops/backup.ts';
import { encryptingStream } from '../ops/backup-crypto.ts';
import { restoreTest } from '../ops/backup-restore-test.ts';
import { backupName, backupsToDelete } from '../ops/backup-retention.ts';
import { createBackupTarget, type BackupTarget } from '../ops/backup-target.ts';
import type { Job } from './scheduler.ts';

/** How often the job looks whether a backup is due (and whether an alert is). */
const CHECK_EVERY_MS = 15 * 60_000;
/** Runs recorded in platform.backup_runs beyond this many are forgotten. */
const RUNS_KEPT = 200;

type Ctx = Pick<ServerContext, 'db' | 'storage' | 'config' | 'logger'>;

/** Whether a backup is due at `now`: none yet since the last scheduled moment (or interval). */
async function due(ctx: Ctx, now: Date): Promise<boolean> {
  const schedule = ctx.config.BACKUP_SCHEDULE;
  const { rows } = await ctx.db.query<{ last: Date | null; slot: Date | null }>(
    `select (select max(r.started_at) from platform.backup_runs r where r.ok) as last,
            case when $2::int is null then null else
              (date_trunc('day', showcase_private.local_time($1, z.zone) - make_interval(mins => $2::int))
                + make_interval(mins => $2::int)) at time zone z.zone end as slot
       from (select coalesce((select s.time_zone from public.site_settings s limit 1), 'UTC') as zone) z`,
    [now, schedule.kind === 'daily' ? schedule.minuteOfDay : null],
  );
  const { last, slot } = rows[0]!;
  if (!last) return true;
  if (schedule.kind === 'daily') return last < slot!;
  return now.getTime() - last.getTime() >= schedule.ms;
}

/** Takes one backup now: written, stored, restore-tested, recorded; then old ones are removed. */
async function takeBackup(ctx: Ctx, target: BackupTarget, now: Date): Promise<string> {
  const { config, db } = ctx;
  const passphrase = config.BACKUP_PASSPHRASE;
  const name = backupName(now, Boolean(passphrase));
  const { rows } = await db.query<{ id: string }>(
    `insert into platform.backup_runs (started_at, name, location, encrypted, database) values ($1, $2, $3, $4, $5) returning id`,
    [now, name, target.describe, Boolean(passphrase), db.kind],
  );
  const runId = rows[0]!.id;
  try {
    await target.prepare();
  } catch (err) {
    const error = `the backup could not be stored in ${target.describe}: ${(err as Error).message}`;
    await db.query(`update platform.backup_runs set finished_at = $2, ok = false, error = $3 where id = $1`, [runId, new Date(), error]);
    throw new Error(error, { cause: err });
  }
  const work = mkdtempSync(join(config.DATA_DIR, '.backup-job-'));
  try {
    const local = join(work, name);
    let manifestCounts: Record<string, number> | undefined;
    let pgDump: string | undefined;
    try {
      const stream = await createBackup({
        db,
        dataDir: config.DATA_DIR,
        storageKind: ctx.storage.kind,
        databaseUrl: config.DATABASE_URL,
        withPgDump: true,
        onManifest: (m) => {
          manifestCounts = m.rowCounts;
          pgDump = m.pgDump;
        },
      });
      const out = createWriteStream(local, { mode: 0o600 });
      if (passphrase) await pipeline(stream, await encryptingStream(passphrase), out);
      else await pipeline(stream, out);
    } catch (err) {
      const error = `the backup could not be written: ${(err as Error).message}`;
      await db.query(`update platform.backup_runs set finished_at = $2, ok = false, error = $3 where id = $1`, [runId, new Date(), error]);
      throw new Error(error, { cause: err });
    }
    // Restore-tested before it is stored: the local copy is at hand, and the store gets what was tested.
    const test = await restoreTest(local, work, passphrase);
    let bytes: number;
    try {
      bytes = await target.store(local, name);
    } catch (err) {
      const error = `the backup could not be stored in ${target.describe}: ${(err as Error).message}`;
      await db.query(`update platform.backup_runs set finished_at = $2, ok = false, error = $3 where id = $1`, [runId, new Date(), error]);
      throw new Error(error, { cause: err });
    }
    await db.query(
      `update platform.backup_runs
          set finished_at = showcase_private.app_now(), ok = true, bytes = $2, row_counts = $3, pg_dump = $4,
              restore_test_ok = $5, restore_test_detail = $6, restore_tested_at = showcase_private.app_now()
        where id = $1`,
      [runId, bytes, manifestCounts ? JSON.stringify(manifestCounts) : null, pgDump ?? null, test.ok, test.detail],
    );
    const removed = await applyRetention(ctx.config, target);
    if (!test.ok) ctx.logger.error(`backup ${name}: the restore test failed: ${test.detail}`);
    return `backup ${name} (${bytes} bytes) in ${target.describe}; restore test ${test.ok ? 'passed' : 'FAILED'}: ${test.detail}${removed ? `; removed ${removed} old backups` : ''}`;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Deletes the backups retention does not keep; answers how many. */
export async function applyRetention(config: Pick<Config, 'BACKUP_KEEP_DAILY' | 'BACKUP_KEEP_WEEKLY'>, target: BackupTarget): Promise<number> {
  const doomed = backupsToDelete(await target.list(), config.BACKUP_KEEP_DAILY, config.BACKUP_KEEP_WEEKLY);
  for (const name of doomed) await target.remove(name);
  return doomed.length;
}

/**
 * Backups that just happen (issue 36 item 2, decision 245): with BACKUP_DIR set, a consistent
 * backup (server/ops/backup.ts) on BACKUP_SCHEDULE, encrypted with BACKUP_PASSPHRASE when set,
 * restore-tested, kept by retention, recorded in platform.backup_runs for every instance to see;
 * and on every run, whether an admin must be told (once) that backups need attention.
 */
export function takeBackupJob(ctx: Ctx): Job | undefined {
  if (!ctx.config.BACKUP_DIR) return undefined;
  const target = createBackupTarget(parseBackupDir(ctx.config.BACKUP_DIR), ctx.config);
  const schedule = ctx.config.BACKUP_SCHEDULE;
  return {
    name: 'take-backup',
    everyMs: schedule.kind === 'interval' ? Math.min(schedule.ms, CHECK_EVERY_MS) : CHECK_EVERY_MS,
    async run({ now }) {
      let summary: string | undefined;
      let failure: unknown;
      if (await due(ctx, now)) {
        try {
          summary = await takeBackup(ctx, target, now);
        } catch (err) {
          failure = err;
        }
        await ctx.db.query(
          `delete from platform.backup_runs where id < (select min(id) from (select id from platform.backup_runs order by id desc limit $1) k)`,
          [RUNS_KEPT],
        );
      }
      const alert = (await ctx.db.query<{ alert: string | null }>('select showcase_private.check_backup_alert() as alert')).rows[0]?.alert;
      if (alert) ctx.logger.error(`backups need attention (${alert}): admins were notified`);
      if (failure) throw failure;
      return summary;
    },
  };
}
