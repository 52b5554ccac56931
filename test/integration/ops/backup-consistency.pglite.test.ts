import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../../server/db/pglite.ts';
import { restoreBackup } from '../../../server/ops/backup.ts';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';

/**
 * A backup is one moment: taken while uploads replace and delete files, the restored rows and the
 * restored files agree, so every object's row size is its file's size and a GET of it completes
 * (before, a row said 50,008 bytes where the restored file held 40,008, and the GET was cut).
 */
let server: TestServer;
let users: TestUser[];
const work = mkdtempSync(join(tmpdir(), 'showcase-backup-'));

beforeAll(async () => {
  server = await startTestServer();
  users = await Promise.all([0, 1, 2, 3].map(() => server.createUser()));
});
afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

const png = (size: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size)]);

/** Upserts and deletes under a few names, each time with another size, until stopped. */
async function churn(user: TestUser, stop: { now: boolean }) {
  const bucket = user.client.storage.from('project-images');
  for (let k = 0; !stop.now; k++) {
    const name = `${user.id}/img-${k % 3}.png`;
    if (k % 5 === 4) await bucket.remove([name]);
    else await bucket.upload(name, png(10_000 + (k % 7) * 10_000), { contentType: 'image/png', upsert: true });
  }
}

async function backupTo(file: string) {
  const response = await fetch(`${server.url}/ops/v1/backup`, { method: 'POST', headers: { Authorization: `Bearer ${server.serviceRoleKey}`, apikey: server.serviceRoleKey } });
  expect(response.status).toBe(200);
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
}

describe('a backup taken while files change', () => {
  it('restores rows and files of one moment: every object row has a file of its size', async () => {
    const stop = { now: false };
    const writers = users.map((u) => churn(u, stop));
    const files: string[] = [];
    try {
      // Several backups while the writers run, each a chance to catch a file mid-replacement.
      for (let i = 0; i < 2; i++) {
        const file = join(work, `backup-${i}.tar.gz`);
        await backupTo(file);
        files.push(file);
      }
    } finally {
      stop.now = true;
      await Promise.all(writers);
    }

    let checked = 0;
    for (const [i, file] of files.entries()) {
      const dataDir = join(work, `restored-${i}`);
      await restoreBackup(file, dataDir);
      const db = await openPglite({ dataDir: join(dataDir, 'pglite') });
      try {
        const { rows } = await db.query<{ name: string; size: number }>(
          `select name, (metadata->>'size')::int as size from storage.objects where bucket_id = 'project-images'`,
        );
        for (const row of rows) {
          const path = join(dataDir, 'storage', 'project-images', row.name);
          expect(existsSync(path), `${row.name} has a row but no file`).toBe(true);
          expect(statSync(path).size, `${row.name}: row size against file size`).toBe(row.size);
          checked++;
        }
      } finally {
        await db.close();
      }
    }
    expect(checked).toBeGreaterThan(0);
    // Two backups and two restores with writers running: a generous bound for a busy machine.
  }, 240_000);
});
