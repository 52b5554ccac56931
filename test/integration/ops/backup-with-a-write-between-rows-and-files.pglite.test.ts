import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../../server/db/pglite.ts';
import { restoreBackup } from '../../../server/ops/backup.ts';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';

/**
 * A backup is one moment even when an upload replaces a file and another is deleted right after
 * the database is dumped, before the files are read: the test makes exactly that happen. Before
 * (reliability F1) the restore had the old row next to the new file (a GET sent the row's length
 * and was cut) and a row whose file was gone. Now a write that comes at that point waits until the
 * files are taken, so the restore holds the rows and the bytes of the moment of the dump.
 */
let server: TestServer;
let restored: TestServer | undefined;
let user: TestUser;
const work = mkdtempSync(join(tmpdir(), 'showcase-backup-moment-'));

beforeAll(async () => {
  server = await startTestServer();
  user = await server.createUser();
});
afterAll(async () => {
  await restored?.close();
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

const png = (size: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size)]);
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('a backup with writes right after the database dump', () => {
  it('restores each object with the bytes its row describes, and every download completes', async () => {
    const bucket = user.client.storage.from('project-images');
    const names = { keep: `${user.id}/keep.png`, replace: `${user.id}/replace.png`, remove: `${user.id}/remove.png` };
    const before = { keep: png(10_000), replace: png(20_000), remove: png(30_000) };
    for (const key of ['keep', 'replace', 'remove'] as const) {
      const { error } = await bucket.upload(names[key], before[key], { contentType: 'image/png' });
      expect(error).toBeNull();
    }

    // The seam: PGlite's own dump of the data directory. Right after it, an upload replaces one
    // file and a delete removes another. If the backup holds writers out meanwhile (it runs inside
    // PGlite's exclusive transaction), they can only run once it lets go; otherwise they finish
    // before the backup goes on to the files.
    const pglite = (server.ctx.db as unknown as { pglite: PGlite }).pglite;
    const exclusive = new AsyncLocalStorage<boolean>();
    const runExclusive = pglite._runExclusiveTransaction.bind(pglite);
    const dump = pglite.dumpDataDir.bind(pglite);
    let writes: Promise<unknown> | undefined;
    pglite._runExclusiveTransaction = (fn) => runExclusive(() => exclusive.run(true, fn));
    pglite.dumpDataDir = async (...args) => {
      const dumped = await dump(...args);
      writes ??= Promise.all([
        bucket.upload(names.replace, png(50_000), { contentType: 'image/png', upsert: true }).then(({ error }) => expect(error).toBeNull()),
        bucket.remove([names.remove]).then(({ error }) => expect(error).toBeNull()),
      ]);
      if (!exclusive.getStore()) await writes;
      return dumped;
    };

    const file = join(work, 'backup.tar.gz');
    try {
      const response = await fetch(`${server.url}/ops/v1/backup`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.serviceRoleKey}`, apikey: server.serviceRoleKey },
      });
      expect(response.status).toBe(200);
      writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    } finally {
      await writes;
      pglite._runExclusiveTransaction = runExclusive;
      pglite.dumpDataDir = dump;
    }
    expect(writes).toBeDefined();

    const dataDir = join(work, 'restored');
    await restoreBackup(file, dataDir);
    const db = await openPglite({ dataDir: join(dataDir, 'pglite') });
    restored = await startTestServer({}, { db, dataDir });
    const { rows } = await db.query<{ name: string; size: number }>(
      `select name, (metadata->>'size')::int as size from storage.objects where bucket_id = 'project-images' order by name`,
    );
    // The rows of the moment of the dump: before the replacement and the delete.
    expect(rows).toEqual(
      (['keep', 'remove', 'replace'] as const).map((key) => ({ name: names[key], size: before[key].length })).sort((x, y) => x.name.localeCompare(y.name)),
    );
    const service = restored.service().storage.from('project-images');
    for (const key of ['keep', 'replace', 'remove'] as const) {
      const path = join(dataDir, 'storage', 'project-images', names[key]);
      expect(existsSync(path), `${names[key]} has a row but no file`).toBe(true);
      expect(statSync(path).size, `${names[key]}: file size against the row's`).toBe(before[key].length);
      const { data, error } = await service.download(names[key]);
      expect(error).toBeNull();
      expect(sha(new Uint8Array(await data!.arrayBuffer())), `${names[key]}: downloaded bytes`).toBe(sha(before[key]));
    }
  }, 120_000);
});
