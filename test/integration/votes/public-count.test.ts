import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { agedUser, maker, vote } from './votes-fixtures.ts';

/**
 * The public vote count (decision 212): what visitors see counts votes of accounts at least a day
 * old that are not anonymous. A farm of anonymous and fresh accounts does not move it; the voter
 * still sees their own vote.
 */
let server: TestServer;
let project: () => Promise<string>;
const DAY = 86_400_000;

let distDir: string;

beforeAll(async () => {
  // The server draws project pages from this shell (no page cache: each read is drawn afresh).
  distDir = mkdtempSync(join(tmpdir(), 'showcase-public-count-'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><html><head><title>x</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>');
  server = await startTestServer({ WEB_DIST_DIR: distDir, PAGE_CACHE: 'false' });
  ({ project } = await maker(server));
});
afterAll(async () => {
  await server?.close();
  rmSync(distDir, { recursive: true, force: true });
});

/** The count in the server-drawn project page's first-screen data (a JSON string inside JSON). */
async function drawnCount(id: string): Promise<number | undefined> {
  const html = await (await fetch(`${server.url}/projects/${id}`)).text();
  const m = /upvotes\\*":(\d+)/.exec(html);
  return m ? Number(m[1]) : undefined;
}

async function listedCount(id: string): Promise<number> {
  const { data, error } = await server.anon().from('project_listing').select('upvotes').eq('id', id).single();
  if (error) throw new Error(error.message);
  return (data as { upvotes: number }).upvotes;
}

async function badgeLabel(id: string): Promise<string> {
  const svg = await (await fetch(`${server.url}/badges/${id}.svg`)).text();
  return /aria-label="([^"]*)"|<title>([^<]*)<\/title>/.exec(svg)?.slice(1).find(Boolean) ?? svg;
}

describe('the public vote count', () => {
  it('is not moved by anonymous and fresh accounts, on the listing, the badge and the server-drawn page', async () => {
    const id = await project();
    const farm = [
      ...(await Promise.all(Array.from({ length: 4 }, () => server.signInAnonymously()))),
      ...(await Promise.all(Array.from({ length: 4 }, () => server.createUser()))),
    ];
    for (const voter of farm) await vote(server.clientOf(voter), id);
    expect(await listedCount(id)).toBe(0);
    expect(await badgeLabel(id)).toContain(', 0 upvotes');
    expect(await drawnCount(id)).toBe(0);
  });

  it('counts an aged ordinary account’s vote at once, on the listing, the badge and the server-drawn page', async () => {
    const id = await project();
    const member = await agedUser(server, 2);
    await vote(server.clientOf(member), id);
    expect(await listedCount(id)).toBe(1);
    expect(await badgeLabel(id)).toMatch(/, 1 upvote$/);
    expect(await drawnCount(id)).toBe(1);
  });

  it('counts a fresh account’s vote once the account is a day old, and never an anonymous one', async () => {
    const id = await project();
    const fresh = await server.createUser();
    const visitor = await server.signInAnonymously();
    await vote(server.clientOf(fresh), id);
    await vote(server.clientOf(visitor), id);
    expect(await listedCount(id)).toBe(0);
    await server.advanceClock(DAY + 60_000);
    try {
      const outcomes = await server.runJobs();
      expect(outcomes.find((o) => o.name === 'count-aged-votes')).toMatchObject({ ok: true });
      expect(await listedCount(id)).toBe(1);
    } finally {
      await server.advanceClock(-(DAY + 60_000));
    }
  });

  it('shows a fresh voter their own vote: the answer counts it and my_votes says it is not counted yet', async () => {
    const id = await project();
    const fresh = await server.createUser();
    const answer = (await vote(server.clientOf(fresh), id)) as { upvoted: boolean; upvotes: number; counted?: boolean };
    expect(answer).toMatchObject({ upvoted: true, upvotes: 1, counted: false });
    const { data } = await server.clientOf(fresh).from('my_votes').select('project_id,counted').eq('project_id', id);
    expect(data).toEqual([{ project_id: id, counted: false }]);
    expect(await listedCount(id)).toBe(0);
  });
});
