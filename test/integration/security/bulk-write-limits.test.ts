import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { makeCreator, makeProject } from '../admin-fixtures.ts';

/**
 * M3: per-action write limits counted requests, so one POST of 100 comments (limit 20 a minute)
 * or 30 reports (20 an hour) went through whole. Now rows count, and a request that would cross
 * the limit is refused whole with 429, nothing written.
 */
let server: TestServer;
let owner: TestUser;
let projectId: string;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_COMMENTS: '20/60', RATE_LIMIT_REPORTS: '20/3600', RATE_LIMIT_PROJECTS: '10/3600' });
  owner = await server.createUser({ name: 'Owner' });
  projectId = await makeProject(server, owner, { status: 'approved' });
});
afterAll(() => server?.close());

const count = async (sql: string, params: unknown[]) => (await server.ctx.db.query<{ n: number }>(sql, params)).rows[0]!.n;

describe('write limits count rows, not requests', () => {
  it('one POST of 100 comments is refused whole with 429 and writes nothing', async () => {
    const author = await server.createUser();
    const rows = Array.from({ length: 100 }, (_, i) => ({ project_id: projectId, user_id: author.id, content: `bulk ${i}` }));
    const { error, status } = await author.client.from('project_comments').insert(rows);
    expect(status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
    expect(await count(`select count(*)::int as n from public.project_comments where user_id = $1`, [author.id])).toBe(0);
  });

  it('rows count against the limit: 15 then 5 are accepted, then a single one is refused', async () => {
    // A fresh window for this client address (the refused bulk above counted as one attempt).
    await server.advanceClock(61_000);
    const author = await server.createUser();
    const rows = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ project_id: projectId, user_id: author.id, content: `${tag} ${i}` }));
    expect((await author.client.from('project_comments').insert(rows(15, 'a'))).error).toBeNull();
    expect((await author.client.from('project_comments').insert(rows(5, 'b'))).error).toBeNull();
    const over = await author.client.from('project_comments').insert(rows(1, 'c'));
    expect(over.status).toBe(429);
    expect(await count(`select count(*)::int as n from public.project_comments where user_id = $1`, [author.id])).toBe(20);
    // The window ends, the limit lifts.
    await server.advanceClock(61_000);
    expect((await author.client.from('project_comments').insert(rows(1, 'd'))).error).toBeNull();
  });

  it('30 reports in one POST are refused whole (limit 20 an hour)', async () => {
    const reporter = await server.createUser();
    const targets = await Promise.all(Array.from({ length: 30 }, () => makeProject(server, owner, { status: 'approved' })));
    const { status } = await reporter.client.from('reports').insert(targets.map((target_id) => ({ type: 'project', target_id, reason: 'Spam' })));
    expect(status).toBe(429);
    expect(await count(`select count(*)::int as n from public.reports where reporter_id = $1`, [reporter.id])).toBe(0);
  });

  it('a bulk of projects past the project limit is refused whole', async () => {
    const maker = await server.createUser();
    await makeCreator(server, maker);
    const rows = Array.from({ length: 11 }, (_, i) => ({ title: `Bulk ${i}`, description: 'x', tool: 'Cursor', category: 'App', creator_id: maker.id }));
    expect((await maker.client.from('projects').insert(rows)).status).toBe(429);
    expect(await count(`select count(*)::int as n from public.projects where creator_id = $1`, [maker.id])).toBe(0);
  });
});
