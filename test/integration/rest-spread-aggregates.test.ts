import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { installFixtures, seedFixtures } from './rest-fixtures.ts';

/**
 * PostgREST's spread embeds (`...table(cols)`) and aggregates (`col.sum()`), as supabase-js
 * selects them (issue 37, item 3). Aggregates are off unless REST_AGGREGATES_ENABLED says so,
 * as PostgREST's db-aggregates-enabled.
 */

async function fixtureServer(env: Record<string, string> = {}) {
  const server = await startTestServer(env);
  await installFixtures(server);
  await seedFixtures(server);
  return server;
}

describe('spread embeds', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await fixtureServer();
  });
  afterAll(() => server?.close());

  it('puts a to-one relation’s columns on the row itself, renamed by their aliases, null when there is no related row', async () => {
    const { data, error } = await server
      .anon()
      .from('rt_projects')
      .select('title, ...rt_creators!creator_id(maker:name, bio)')
      .in('id', [1, 4])
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'Alpha', maker: 'Alice', bio: 'Builds with Lovable' },
      { title: 'delta, "quoted"', maker: null, bio: null },
    ]);
  });

  it('spreads every column with *, and nests: a spread inside an embed', async () => {
    const { data, error } = await server.anon().from('rt_comments').select('content, rt_projects(title, ...rt_creators!creator_id(*))').eq('content', 'Cool');
    expect(error).toBeNull();
    expect(data).toEqual([{ content: 'Cool', rt_projects: { title: 'Beta', id: expect.any(String), name: 'Bob', bio: null, created_at: expect.any(String) } }]);
  });

  it('keeps RLS: a pending project spread into a comment reads as absent for anon', async () => {
    await server.ctx.db.exec(`insert into public.rt_comments (project_id, content) values (3, 'On a pending one')`);
    const { data } = await server.anon().from('rt_comments').select('content, ...rt_projects(title)').eq('content', 'On a pending one');
    expect(data).toEqual([{ content: 'On a pending one', title: null }]);
  });

  it('refuses a spread of a to-many relation with PGRST119, and an alias on the spread itself', async () => {
    const many = await server.anon().from('rt_projects').select('title, ...rt_comments(content)');
    expect(many.error).toMatchObject({ code: 'PGRST119', message: "A spread operation on 'rt_comments' is not possible" });
    const aliased = await server.anon().from('rt_projects').select('title, who:...rt_creators!creator_id(name)');
    expect(aliased.error?.code).toBe('PGRST100');
  });

  it('refuses aggregates while they are off (the default), with PGRST123', async () => {
    const { error, status } = await server.anon().from('rt_projects').select('upvotes.sum()');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST123', message: 'Use of aggregate functions is not allowed' });
  });
});

describe('aggregates, with REST_AGGREGATES_ENABLED=true', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await fixtureServer({ REST_AGGREGATES_ENABLED: 'true' });
  });
  afterAll(() => server?.close());

  it('sums, averages and counts over the rows RLS lets the caller see, grouped by the plain columns', async () => {
    const { data, error } = await server.anon().from('rt_projects').select('status, total:upvotes.sum(), upvotes.max(), id.count()');
    expect(error).toBeNull();
    // Anon sees the four approved projects only (5 + 9 + 0 + 2), not the pending one.
    expect(data).toEqual([{ status: 'approved', total: 16, max: 9, count: 4 }]);
    const grouped = await server.service().from('rt_projects').select('status, upvotes.avg()::int').order('status');
    expect(grouped.data).toEqual([
      { status: 'approved', avg: 4 },
      { status: 'pending', avg: 1 },
    ]);
  });

  it('answers a bad column or cast as a 4xx, never a server error', async () => {
    expect((await server.anon().from('rt_projects').select('nope.sum()')).error?.code).toBe('42703');
    expect((await server.anon().from('rt_projects').select('upvotes.sum()::record')).status).toBe(400);
  });
});
