import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../../server/db/pglite.ts';
import { backupName } from '../../../server/ops/backup-retention.ts';
import { RestoreError, restoreBackup } from '../../../server/ops/backup.ts';
import { cloneTemplate, cloneUrl, testDbKind } from '../../support/databases.ts';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';

/**
 * Backups that just happen (issue 36 item 2): with BACKUP_DIR set, the take-backup job writes a
 * consistent backup on BACKUP_SCHEDULE (on the test clock here), files at mode 0600, encrypted when
 * BACKUP_PASSPHRASE is set, restore-tests it and records the result for every instance, keeps 7
 * daily and 4 weekly, and an admin hears once when backups need attention.
 */
const work = mkdtempSync(join(tmpdir(), 'showcase-scheduled-backups-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const DAY = 86_400_000;
const kind = testDbKind();

/** A test server taking scheduled backups into `dir`; on Postgres pg_dump gets the clone's URL. */
async function backupServer(dir: string, env: Record<string, string> = {}): Promise<TestServer> {
  if (kind === 'pglite') return startTestServer({ BACKUP_DIR: dir, ...env });
  const db = await cloneTemplate();
  return startTestServer({ BACKUP_DIR: dir, DATABASE_URL: cloneUrl(db), ...env }, { db });
}

const backupsIn = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((n) => n.startsWith('showcase-backup-')).sort() : []);

async function lastRun(server: TestServer) {
  const { rows } = await server.ctx.db.query<{ name: string; ok: boolean; error: string | null; restore_test_ok: boolean | null; restore_test_detail: string | null; pg_dump: string | null }>(
    'select name, ok, error, restore_test_ok, restore_test_detail, pg_dump from platform.backup_runs order by id desc limit 1',
  );
  return rows[0];
}

async function backupNotifications(server: TestServer, user: TestUser) {
  const { rows } = await server.ctx.db.query<{ data: { reason: string; alert: string } }>(
    `select data from public.notifications where user_id = $1 and type = 'backup_attention' order by id`,
    [user.id],
  );
  return rows.map((r) => r.data);
}

describe('a scheduled backup', () => {
  let server: TestServer;
  let admin: TestUser;
  const dir = join(work, 'plain');
  beforeAll(async () => {
    server = await backupServer(dir, { BACKUP_SCHEDULE: 'daily@03:00', METRICS_TOKEN: 'metrics-token-for-the-test' });
    admin = await server.createUser({ appRole: 'admin' });
    await server.setClock(new Date('2031-03-04T02:00:00Z'));
  });
  afterAll(() => server?.close());

  it('is taken when due on the clock, at mode 0600, restore-tested and recorded', async () => {
    // The first run finds no backup at all: one is taken at once.
    const outcomes = await server.runJobs();
    expect(outcomes.find((o) => o.name === 'take-backup')).toMatchObject({ ok: true, summary: expect.stringContaining('restore test passed') });
    const first = backupsIn(dir);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/^showcase-backup-20310304T0200\d\dZ\.tar\.gz$/);
    expect(statSync(join(dir, first[0]!)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const run = await lastRun(server);
    expect(run).toMatchObject({ ok: true, restore_test_ok: true, restore_test_detail: expect.stringMatching(/^restored and counted: \d+ rows in \d+ tables match$/) });
    if (kind === 'postgres') expect(run!.pg_dump).toBe('included');

    // Not again before the next 03:00 of the site's time zone (UTC here).
    await server.advanceClock(30 * 60_000);
    await server.runJobs();
    expect(backupsIn(dir)).toHaveLength(1);
    await server.advanceClock(31 * 60_000); // 03:01
    await server.runJobs();
    // One a day is kept: the day's newest replaces the earlier one.
    expect(backupsIn(dir)).toHaveLength(1);
    expect(backupsIn(dir)[0]).toMatch(/^showcase-backup-20310304T0301\d\dZ\.tar\.gz$/);
    expect((await server.ctx.db.query('select count(*)::int as n from platform.backup_runs where ok')).rows[0]).toEqual({ n: 2 });
  });

  it('is not restored into a directory that is not empty: a clear error, and the directory is left as it was', async () => {
    const target = join(work, 'not-empty');
    mkdirSync(target);
    writeFileSync(join(target, 'keep.txt'), 'mine');
    await expect(restoreBackup(join(dir, backupsIn(dir)[0]!), target)).rejects.toThrow(
      new RestoreError(`DATA_DIR ${target} is not empty: restore into a new, empty directory (and point DATA_DIR at it)`),
    );
    expect(readdirSync(target)).toEqual(['keep.txt']);
    expect(readFileSync(join(target, 'keep.txt'), 'utf8')).toBe('mine');
  });

  it('shows admins the last good backup, and nobody else', async () => {
    const { data, error } = await admin.client.rpc('admin_backup_status');
    expect(error).toBeNull();
    expect(data).toMatchObject({ alert: null, last_run: { ok: true, restore_test_ok: true, location: dir } });
    expect(new Date((data as { last_good_at: string }).last_good_at).getTime()).toBeGreaterThan(new Date('2031-03-04T03:00:00Z').getTime() - 60_000);
    const moderator = await server.createUser({ appRole: 'moderator' });
    const member = await server.createUser();
    for (const client of [moderator.client, member.client, server.anon()]) {
      const refused = await client.rpc('admin_backup_status');
      expect(refused.data).toBeNull();
      expect(refused.error?.code).toMatch(/^(42501|PGRST202)$/);
    }
    // The table itself is out of every API role's reach.
    const direct = await admin.client.schema('platform').from('backup_runs').select('*');
    expect(direct.error?.code).toBe('PGRST106');
  });

  it('is in /readyz (as detail, still ready) and in /metrics', async () => {
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', backup: { state: 'ok', lastGoodAt: expect.any(String) } });
    const metrics = await (await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer metrics-token-for-the-test' } })).text();
    const seconds = Number(/^backup_last_success_timestamp_seconds (\S+)$/m.exec(metrics)?.[1]);
    expect(seconds * 1000).toBeGreaterThan(new Date('2031-03-04T03:00:00Z').getTime() - 60_000);
    expect(metrics).toMatch(/^backup_alert 0$/m);
  });

  it('raises a stale alert once when no good backup is a day old, still ready', async () => {
    // Time passes without a backup (the job did not run): the next check tells admins once.
    await server.ctx.db.query(`update platform.backup_runs set finished_at = finished_at - interval '2 days', started_at = started_at - interval '2 days'`);
    await server.ctx.db.query(`select showcase_private.check_backup_alert()`);
    await server.ctx.db.query(`select showcase_private.check_backup_alert()`);
    expect(await backupNotifications(server, admin)).toEqual([{ alert: 'stale', reason: 'The last good backup is more than a day old.' }]);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', backup: { state: 'stale' } });
    // The job's next run takes a backup (it is due), which clears the alert.
    await server.advanceClock(16 * 60_000);
    await server.runJobs();
    expect((await admin.client.rpc('admin_backup_status')).data).toMatchObject({ alert: null });
  });
});

describe('retention', () => {
  it('keeps the newest of the last 7 days and of the 4 weeks before, and nothing it did not write is touched', async () => {
    const dir = join(work, 'retention');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const now = new Date('2031-06-30T03:00:00Z'); // a Monday
    // Eight weeks of backups as earlier runs left them: two a day.
    for (let d = 1; d <= 56; d++) {
      for (const hour of [3, 15]) {
        const at = new Date(now.getTime() - d * DAY + (hour - 3) * 3_600_000);
        writeFileSync(join(dir, backupName(at, false)), 'old', { mode: 0o600 });
      }
    }
    writeFileSync(join(dir, 'notes.txt'), 'an operator keeps this here');
    const server = await backupServer(dir, { BACKUP_SCHEDULE: 'daily@03:00' });
    try {
      await server.setClock(now);
      const outcome = (await server.runJobs()).find((o) => o.name === 'take-backup');
      expect(outcome).toMatchObject({ ok: true, summary: expect.stringContaining('removed 102 old backups') });
      const kept = backupsIn(dir);
      expect(kept).toHaveLength(11);
      // Daily: today's (the newest, above), and the newest (15:00) of each of the 6 days before.
      expect(kept.at(-1)).toMatch(/^showcase-backup-20310630T0300\d\dZ\.tar\.gz$/);
      const days = ['20310629T150000Z', '20310628T150000Z', '20310627T150000Z', '20310626T150000Z', '20310625T150000Z', '20310624T150000Z'];
      // Weekly: the newest of each of the 4 ISO weeks before the oldest daily's (which began Monday 06-23).
      const weeks = ['20310622T150000Z', '20310615T150000Z', '20310608T150000Z', '20310601T150000Z'];
      expect(kept.slice(0, -1)).toEqual([...days, ...weeks].map((s) => `showcase-backup-${s}.tar.gz`).sort());
      expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('an operator keeps this here');
    } finally {
      await server.close();
    }
  });
});

describe('an encrypted backup', () => {
  let server: TestServer;
  const dir = join(work, 'encrypted');
  const passphrase = 'correct horse battery staple';
  let file: string;
  beforeAll(async () => {
    server = await backupServer(dir, { BACKUP_PASSPHRASE: passphrase });
    await server.createUser({ email: 'findable-in-plain-text@example.com' });
    await server.runJobs();
    file = join(dir, backupsIn(dir)[0]!);
  });
  afterAll(() => server?.close());

  it('is written encrypted, restore-tested with the passphrase', async () => {
    expect(file).toMatch(/\.tar\.gz\.enc$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 7).toString()).toBe('SCBKENC');
    // Not a gzip stream anywhere near its start (a plain backup is one).
    expect(() => gunzipSync(bytes.subarray(40))).toThrow();
    expect(await lastRun(server)).toMatchObject({ ok: true, restore_test_ok: true });
  });

  it('restores with the right passphrase', async () => {
    const target = join(work, 'restored-encrypted');
    const { manifest } = await restoreBackup(file, target, { passphrase });
    expect(manifest.rowCounts?.['auth.users']).toBeGreaterThan(0);
    if (kind === 'pglite') {
      const db = await openPglite({ dataDir: join(target, 'pglite') });
      try {
        const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from auth.users where email = 'findable-in-plain-text@example.com'`);
        expect(rows[0]!.n).toBe(1);
      } finally {
        await db.close();
      }
    } else {
      expect(statSync(join(target, 'database.pgdump')).mode & 0o777).toBe(0o600);
    }
  });

  it('refuses a wrong passphrase, or none, with a clear error and nothing written', async () => {
    const parent = join(work, 'wrong-passphrase');
    mkdirSync(parent);
    const target = join(parent, 'data');
    await expect(restoreBackup(file, target, { passphrase: 'not the passphrase at all' })).rejects.toThrow(
      new RestoreError(`cannot restore ${file}: the backup passphrase is wrong (or the file is not the one encrypted with it); nothing was restored`),
    );
    await expect(restoreBackup(file, target)).rejects.toThrow(/is encrypted: give its passphrase/);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('refuses a file changed anywhere, before using any of it', async () => {
    const bytes = readFileSync(file);
    const tampered = join(work, 'tampered.tar.gz.enc');
    bytes[bytes.length - 100]! ^= 1; // in the last chunk: every chunk before it verifies
    writeFileSync(tampered, bytes);
    const target = join(work, 'restored-tampered');
    await expect(restoreBackup(tampered, target, { passphrase })).rejects.toThrow(/the encrypted backup is damaged|passphrase is wrong/);
    expect(existsSync(target)).toBe(false);
    const cut = join(work, 'cut.tar.gz.enc');
    writeFileSync(cut, readFileSync(file).subarray(0, 40 + 64 * 1024 + 16));
    await expect(restoreBackup(cut, target, { passphrase })).rejects.toThrow(RestoreError);
    expect(existsSync(target)).toBe(false);
  });
});

describe('a backup that cannot be stored', () => {
  it('is recorded as failed and tells each admin once, not on every retry', async () => {
    // BACKUP_DIR under a regular file: no directory can be made there.
    const blocker = join(work, 'a-file');
    writeFileSync(blocker, 'x');
    const server = await backupServer(join(blocker, 'backups'));
    try {
      const admin = await server.createUser({ appRole: 'admin' });
      const moderator = await server.createUser({ appRole: 'moderator' });
      await server.setClock(new Date('2031-05-01T00:00:00Z'));
      const outcome = (await server.runJobs()).find((o) => o.name === 'take-backup');
      expect(outcome).toMatchObject({ ok: false, error: expect.stringContaining('could not be stored') });
      expect(await lastRun(server)).toMatchObject({ ok: false, error: expect.stringContaining('could not be stored') });
      // Retried after five minutes, failing again: no second notification.
      await server.advanceClock(6 * 60_000);
      expect((await server.runJobs()).find((o) => o.name === 'take-backup')).toMatchObject({ ok: false });
      const told = await backupNotifications(server, admin);
      expect(told).toEqual([{ alert: 'failed', reason: expect.stringMatching(/^The last backup failed: the backup could not be stored in /) }]);
      expect(await backupNotifications(server, moderator)).toEqual([]);
      expect((await admin.client.rpc('admin_backup_status')).data).toMatchObject({ alert: 'failed', last_good_at: null });
    } finally {
      await server.close();
    }
  });
});
