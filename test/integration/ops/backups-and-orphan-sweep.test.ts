import { CreateBucketCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { cloneTemplate, cloneUrl, testDbKind } from '../../support/databases.ts';
import { S3RVER_KEY, startS3rver } from '../../support/s3rver.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';

/**
 * The orphan sweep deletes any stored key no storage.objects row names. Scheduled backups kept
 * under a prefix of the same bucket (BACKUP_DIR=s3://<S3_BUCKET>/ops/backups) are no object's bytes:
 * the sweep must leave them alone (before, "ops/backups/<file>" read as bucket "ops", object
 * "backups", version "<file>", an orphan, and went). A local BACKUP_DIR inside DATA_DIR (where
 * the disk store keeps its files) is refused at start.
 */
const s3Dir = mkdtempSync(join(tmpdir(), 's3rver-backups-'));
let s3: { endpoint: string; process: ChildProcess };
let client: S3Client;
let server: TestServer;
const bucket = `test-${randomUUID().slice(0, 13)}`;

beforeAll(async () => {
  s3 = await startS3rver(s3Dir);
  client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY } });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  // On Postgres pg_dump needs the database's URL (without it the backup says so and fails its test).
  const db = testDbKind() === 'postgres' ? await cloneTemplate() : undefined;
  server = await startTestServer({
    ...(db ? { DATABASE_URL: cloneUrl(db) } : {}),
    STORAGE_BACKEND: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: S3RVER_KEY,
    S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    BACKUP_DIR: `s3://${bucket}/ops/backups`,
    ORPHAN_GRACE_MINUTES: '60',
  }, { db });
});
afterAll(async () => {
  await server?.close();
  client?.destroy();
  s3?.process.kill();
  rmSync(s3Dir, { recursive: true, force: true });
});

async function keys(prefix = ''): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key!).sort();
}

describe('backups in the storage bucket', () => {
  it('are written under their prefix and survive the orphan sweep, which still removes real orphans', async () => {
    await server.setClock(new Date('2031-02-02T04:00:00Z'));
    const taken = (await server.runJobs()).find((o) => o.name === 'take-backup');
    expect(taken).toMatchObject({ ok: true, summary: expect.stringContaining('restore test passed') });
    const backups = await keys('ops/backups/');
    expect(backups).toHaveLength(1);
    expect(backups[0]).toMatch(/^ops\/backups\/showcase-backup-20310202T0400\d\dZ\.tar\.gz$/);

    // An orphan as a crash leaves one: bytes under <bucket>/<name>/<version>, no row.
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: `project-images/someone/orphan.png/${randomUUID()}`, Body: 'x' }));

    // Both are older than the grace period when the sweep runs (the store's own clock is real
    // time: the sweep's "before" is the test clock's, years ahead).
    await server.advanceClock(61 * 60_000);
    const outcomes = await server.runJobs();
    expect(outcomes.find((o) => o.name === 'sweep-orphan-files')).toMatchObject({ ok: true, summary: expect.stringMatching(/^removed 1 object files without a row/) });
    expect(await keys('project-images/someone/')).toEqual([]);
    expect(await keys('ops/backups/')).toEqual(backups);
  });
});

describe('a local BACKUP_DIR', () => {
  it('inside DATA_DIR is refused at start, with the reason', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'backup-config-'));
    try {
      expect(() => loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: join(dataDir, 'storage', 'backups') })).toThrow(
        `Invalid configuration:\n  BACKUP_DIR: ${join(dataDir, 'storage', 'backups')} is inside DATA_DIR; put backups on another directory (or disk)`,
      );
      expect(() => loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: '/srv/backups', BACKUP_SCHEDULE: 'weekly' })).toThrow(/BACKUP_SCHEDULE: expected "daily"/);
      expect(() => loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: '/srv/backups', BACKUP_SCHEDULE: 'every 1m' })).toThrow(/between 5 minutes and 7 days/);
      expect(() => loadConfig({ DATA_DIR: dataDir, BACKUP_PASSPHRASE: 'a long enough passphrase' })).toThrow(/BACKUP_PASSPHRASE: set BACKUP_DIR too/);
      expect(() => loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: '/srv/backups', BACKUP_PASSPHRASE: 'short' })).toThrow(/at least 12 characters/);
      expect(() => loadConfig({ DATA_DIR: dataDir, STORAGE_BACKEND: 's3', S3_BUCKET: 'b', BACKUP_DIR: 's3://b' })).toThrow(/need a prefix of their own/);
      expect(loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: '/srv/backups', BACKUP_SCHEDULE: 'daily@04:30' }).BACKUP_SCHEDULE).toEqual({ kind: 'daily', minuteOfDay: 270 });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
