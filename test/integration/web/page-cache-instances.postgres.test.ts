import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CACHE_CHANNEL } from '../../../server/web/page-cache.ts';
import { secondConnection } from '../../support/databases.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { makeProject } from '../admin-fixtures.ts';
import { agedUser } from '../votes/votes-fixtures.ts';

const INDEX_HTML =
  '<!doctype html><html><head><title>x</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>';

/** The vote count in a project page's first-screen data (a JSON string inside JSON). */
const upvotesIn = (html: string) => Number(/upvotes\\*":(\d+)/.exec(html)?.[1]);

/** Two instances on one Postgres, each with its own page cache (decision 206). */
describe('page caches of two instances', () => {
  let first: TestServer;
  let second: TestServer;
  let distDir: string;
  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'showcase-page-cache-'));
    writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
    const env = { WEB_DIST_DIR: distDir, PAGE_CACHE: 'true', PAGE_CACHE_MIN_REDRAW_MS: '0' };
    first = await startTestServer(env);
    second = await startTestServer(env, { db: await secondConnection(first.ctx.db) });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('a change written through one instance makes both draw the page again', async () => {
    const owner = await first.createUser();
    const id = await makeProject(first, owner, { status: 'approved' });
    const path = `/projects/${id}`;
    const read = async (server: TestServer) => upvotesIn(await (await fetch(server.url + path)).text());
    // The project's own writes notify both caches; a notice heard after a drawing makes that copy
    // stale. A marker sent after them and heard by both means every earlier notice has arrived.
    const marker = randomUUID();
    await first.ctx.db.query(`select pg_notify('${PAGE_CACHE_CHANNEL}', $1)`, [marker]);
    await expect.poll(() => [first.ctx.pageCache.lastNotice, second.ctx.pageCache.lastNotice], { timeout: 20_000 }).toEqual([marker, marker]);
    expect(await read(first)).toBe(0);
    expect(await read(second)).toBe(0);
    // Both hold a copy now: asking again draws nothing.
    const drawn = [first.ctx.pageCache.stats.draws, second.ctx.pageCache.stats.draws];
    await read(first);
    await read(second);
    expect([first.ctx.pageCache.stats.draws, second.ctx.pageCache.stats.draws]).toEqual(drawn);

    // A day-old account: the public count leaves out fresh ones (decision 212).
    const voter = await agedUser(first, 2);
    expect((await voter.client.rpc('toggle_vote', { project_id: id })).error).toBeNull();
    await expect.poll(() => read(second), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => read(first), { timeout: 20_000 }).toBe(1);
  });
});
