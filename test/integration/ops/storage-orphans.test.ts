import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempPath } from '../../../server/storage/receive.ts';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';

/**
 * Bytes without a row (reliability report F6: a kill between writing the file and committing the
 * row left such files for good) are removed by a job once older than ORPHAN_GRACE_MINUTES;
 * files with rows, and young files that may belong to an upload in flight, stay.
 */
let server: TestServer;
let user: TestUser;
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(3000, 9)]);

beforeAll(async () => {
  server = await startTestServer({ ORPHAN_GRACE_MINUTES: '60' });
  user = await server.createUser();
});
afterAll(() => server?.close());

/** Bytes stored the way an upload stores them, with no row (as a kill before COMMIT leaves them). */
async function orphan(key: string) {
  const path = tempPath(server.ctx.storage.stagingDir);
  writeFileSync(path, png);
  const pending = await server.ctx.storage.put({ bucket: 'project-images', key, version: randomUUID() }, { path, size: png.length, md5: '0'.repeat(32) }, 'image/png');
  await pending.finalize();
  // As an upload does after storing (a rename on disk; S3 copies it out).
  rmSync(path, { force: true });
}

const stored = async (key: string, version: string | null) => Boolean(await server.ctx.storage.read({ bucket: 'project-images', key, version }));

describe('orphan sweep', () => {
  it('removes object files without a row after the grace period, and nothing else', async () => {
    const kept = `${user.id}/kept.png`;
    expect((await user.client.storage.from('project-images').upload(kept, png, { contentType: 'image/png' })).error).toBeNull();
    const { rows } = await server.ctx.db.query<{ version: string }>(`select version from storage.objects where name = $1`, [kept]);
    const orphanKey = `${user.id}/orphan.png`;
    await orphan(orphanKey);
    const orphanVersion = (await (async () => {
      for await (const o of server.ctx.storage.listStored(new Date(Date.now() + 60_000))) if (o.ref.key === orphanKey) return o.ref.version;
      return undefined;
    })()) ?? null;
    // Another instance's staging file, left by a crash.
    const otherStaging = join(server.dataDir, 'storage', '.staging', 'elsewhere.4242.0123abcd');
    mkdirSync(otherStaging, { recursive: true });
    writeFileSync(join(otherStaging, 'upload-left-over'), 'x');

    // Young: an upload may still be committing it.
    await server.runJobs();
    expect(await stored(orphanKey, orphanVersion)).toBe(true);
    expect(existsSync(join(otherStaging, 'upload-left-over'))).toBe(true);

    await server.advanceClock(61 * 60_000);
    const outcomes = await server.runJobs();
    expect(outcomes.find((o) => o.name === 'sweep-orphan-files')).toMatchObject({ ok: true, summary: expect.stringMatching(/^removed 1 object files without a row and 1 stale staging files$/) });
    expect(await stored(orphanKey, orphanVersion)).toBe(false);
    expect(await stored(kept, rows[0]!.version)).toBe(true);
    expect(existsSync(join(otherStaging, 'upload-left-over'))).toBe(false);
    const res = await fetch(`${server.url}/storage/v1/object/public/project-images/${kept}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
  });
});
