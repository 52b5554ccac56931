import { parseBackupDir } from '../config.ts';
import type { ServerContext } from '../context.ts';
import type { ObjectRef } from '../storage/backend.ts';
import type { Job } from './scheduler.ts';

const BATCH = 500;

/**
 * Stored bytes that no storage.objects row names are removed once they are older than
 * ORPHAN_GRACE_MINUTES: a process killed between writing the file and committing its row leaves
 * such a file, and nothing else ever would. The grace period keeps uploads in flight safe (their
 * bytes are written milliseconds before their row commits). Staging files that old, left by any
 * instance sharing DATA_DIR, go too. Scheduled backups kept under a prefix of the storage bucket
 * (BACKUP_DIR=s3://<S3_BUCKET>/<prefix>) are no object's bytes and are never touched (decision 245);
 * a local BACKUP_DIR cannot be inside DATA_DIR (config.ts refuses it).
 */
export function sweepOrphanFilesJob(ctx: Pick<ServerContext, 'db' | 'storage' | 'config'>): Job {
  const versioned = !ctx.storage.replacesInPlace;
  const backups = ctx.config.BACKUP_DIR ? parseBackupDir(ctx.config.BACKUP_DIR) : undefined;
  // The store's keys are <bucket>/<name>/<version> (s3-backend.ts); a backup's is <prefix><file>.
  const backupPrefix = ctx.storage.kind === 's3' && backups?.kind === 's3' && backups.bucket === ctx.config.S3_BUCKET ? backups.prefix : undefined;
  const isBackup = (ref: ObjectRef) => backupPrefix !== undefined && `${ref.bucket}/${ref.key}/`.startsWith(backupPrefix);
  async function orphansIn(batch: ObjectRef[]): Promise<ObjectRef[]> {
    const { rows } = await ctx.db.query<{ bucket_id: string; name: string; version: string | null }>(
      `select o.bucket_id, o.name, o.version from storage.objects o
         join unnest($1::text[], $2::text[]) as f(bucket_id, name) on o.bucket_id = f.bucket_id and o.name = f.name`,
      [batch.map((r) => r.bucket), batch.map((r) => r.key)],
    );
    // On disk a name holds one file; a versioned store keeps the bytes of each version apart.
    const named = new Set(rows.map((r) => (versioned ? `${r.bucket_id}\u0000${r.name}\u0000${r.version}` : `${r.bucket_id}\u0000${r.name}`)));
    return batch.filter((r) => !named.has(versioned ? `${r.bucket}\u0000${r.key}\u0000${r.version}` : `${r.bucket}\u0000${r.key}`));
  }

  return {
    name: 'sweep-orphan-files',
    everyMs: 30 * 60_000,
    async run({ now }) {
      const before = new Date(now.getTime() - ctx.config.ORPHAN_GRACE_MINUTES * 60_000);
      let removed = 0;
      let batch: ObjectRef[] = [];
      const sweep = async () => {
        for (const ref of await orphansIn(batch)) {
          await ctx.storage.removeStored(ref);
          removed++;
        }
        batch = [];
      };
      for await (const { ref } of ctx.storage.listStored(before)) {
        if (isBackup(ref)) continue;
        batch.push(ref);
        if (batch.length >= BATCH) await sweep();
      }
      if (batch.length) await sweep();
      const staged = await ctx.storage.sweepStaging(before);
      if (removed || staged) return `removed ${removed} object files without a row and ${staged} stale staging files`;
    },
  };
}
