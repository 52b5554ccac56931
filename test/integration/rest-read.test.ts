import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, type TestServer } from '../support/server.ts';
import { ALICE, BOB, installFixtures, seedFixtures } from './rest-fixtures.ts';

let server: TestServer;
let anon: SupabaseClient;
let service: SupabaseClient;

beforeAll(async () => {
  server = await startTestServer();
  await installFixtures(server);
  await seedFixtures(server);
  anon = server.anon();
  service = server.service();
});
afterAll(() => server?.close());

const rest = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  fetch(`${server.url}/rest/v1/${path}`, { ...init, headers: { apikey: server.anonKey, ...init.headers } });

describe('GET /rest/v1/{table}: select', () => {
  it('returns all columns with the to-one creator embedded, newest first (the spec list call)', async () => {
    const { data, error, status } = await anon
      .from('rt_projects')
      .select('*, rt_creators!creator_id(id, name, bio)')
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data!.map((p) => p.id)).toEqual([5, 4, 2, 1]); // Gamma is pending: RLS hides it from anon
    expect(data![3]).toMatchObject({ title: 'Alpha', tags: ['ai', 'web'], rt_creators: { id: ALICE, name: 'Alice', bio: 'Builds with Lovable' } });
    expect(data![1].rt_creators).toBeNull();
  });

  it('answers one object for .eq(id).single() and PGRST116 when no row matches', async () => {
    const one = await anon.from('rt_projects').select('id, title').eq('id', 2).single();
    expect(one.data).toEqual({ id: 2, title: 'Beta' });
    const none = await anon.from('rt_projects').select('id').eq('id', 999).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
    });
    const many = await rest('rt_projects?select=id', { headers: { accept: 'application/vnd.pgrst.object+json' } });
    expect(many.status).toBe(406);
    expect((await many.json()).details).toBe('The result contains 4 rows');
  });

  it('aliases, casts and json paths', async () => {
    const { data, error } = await anon
      .from('rt_projects')
      .select('heading:title, votes:upvotes::text, meta->stack->>ui, stars:meta->stars')
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ heading: 'Alpha', votes: '5', ui: 'react', stars: 3 });
  });

  it('embeds to-many rows with their own order and limit, and counts them', async () => {
    const { data } = await anon
      .from('rt_projects')
      .select('id, rt_comments(content), n:rt_comments(count)')
      .in('id', [1, 2, 4])
      .order('id')
      .order('created_at', { referencedTable: 'rt_comments', ascending: false });
    expect(data).toEqual([
      { id: 1, rt_comments: [{ content: 'Thanks' }, { content: 'Nice' }], n: [{ count: 2 }] },
      { id: 2, rt_comments: [{ content: 'Cool' }], n: [{ count: 1 }] },
      { id: 4, rt_comments: [], n: [{ count: 0 }] },
    ]);
    const limited = await anon.from('rt_projects').select('id, rt_comments(content)').eq('id', 1).limit(1, { referencedTable: 'rt_comments' });
    expect(limited.data![0]!.rt_comments).toHaveLength(1);
  });

  it('nests embeds and embeds the reverse direction (creator with projects)', async () => {
    const { data, error } = await anon
      .from('rt_creators')
      .select('name, rt_projects!creator_id(title, rt_comments(count))')
      .eq('id', ALICE)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'Alice', rt_projects: [{ title: 'Alpha', rt_comments: [{ count: 2 }] }] });
  });

  it('refuses an ambiguous embed with PGRST201 and resolves it with a hint', async () => {
    const amb = await anon.from('rt_projects').select('id, rt_creators(name)');
    expect(amb.status).toBe(300);
    expect(amb.error?.code).toBe('PGRST201');
    const byColumn = await anon.from('rt_projects').select('id, reviewer:reviewer_id(name)').eq('id', 1).single();
    expect(byColumn.data).toEqual({ id: 1, reviewer: { name: 'Bob' } });
  });

  it('!inner embeds filter the parent rows; plain embed filters only filter the embed', async () => {
    const inner = await anon.from('rt_projects').select('id, rt_creators!creator_id!inner(name)').eq('rt_creators.name', 'Bob').order('id');
    expect(inner.data!.map((r) => r.id)).toEqual([2, 5]);
    const left = await anon.from('rt_projects').select('id, rt_creators!creator_id(name)').eq('rt_creators.name', 'Bob').order('id');
    expect(left.data!.map((r) => [r.id, r.rt_creators])).toEqual([[1, null], [2, { name: 'Bob' }], [4, null], [5, { name: 'Bob' }]]);
    const notNull = await rest('rt_projects?select=id,c:rt_creators!creator_id(name)&c=not.is.null&order=id');
    expect((await notNull.json()).map((r: { id: number }) => r.id)).toEqual([1, 2, 5]);
  });

  it('orders by a to-one embedded column', async () => {
    const res = await rest('rt_projects?select=id,c:rt_creators!creator_id(name)&creator_id=not.is.null&order=c(name).desc,id.asc');
    expect((await res.json()).map((r: { id: number }) => r.id)).toEqual([2, 5, 1]);
  });

  it('reads views', async () => {
    const { data } = await anon.from('rt_approved').select('title').order('upvotes', { ascending: false }).limit(2);
    expect(data).toEqual([{ title: 'Beta' }, { title: 'Alpha' }]);
  });
});

describe('filters', () => {
  const ids = async (query: string) => {
    const res = await rest(`rt_projects?select=id&order=id&${query}`);
    expect(res.status).toBe(200);
    return (await res.json()).map((r: { id: number }) => r.id);
  };

  it('comparison operators', async () => {
    expect(await ids('upvotes=eq.5')).toEqual([1]);
    expect(await ids('upvotes=neq.5')).toEqual([2, 4, 5]);
    expect(await ids('upvotes=gt.2')).toEqual([1, 2]);
    expect(await ids('upvotes=gte.2')).toEqual([1, 2, 5]);
    expect(await ids('upvotes=lt.2')).toEqual([4]);
    expect(await ids('upvotes=lte.2')).toEqual([4, 5]);
    expect(await ids('upvotes=not.eq.5')).toEqual([2, 4, 5]);
  });

  it('like, ilike, match, is, in', async () => {
    expect(await ids('title=like.*ta')).toEqual([2]);
    expect(await ids('title=ilike.*TA*')).toEqual([2, 4]);
    // Plain text only for visitors (test/integration/security/regex-filters-as-text.test.ts).
    expect(await ids('title=match.^Be')).toEqual([2]);
    expect(await ids(`title=imatch.${encodeURIComponent('^DELTA, "q')}`)).toEqual([4]);
    expect(await ids('meta=is.null')).toEqual([4, 5]);
    expect(await ids('meta=not.is.null')).toEqual([1, 2]);
    expect(await ids('id=in.(1,5,77)')).toEqual([1, 5]);
    expect(await ids(`title=in.(${encodeURIComponent('"delta, \\"quoted\\"",Beta')})`)).toEqual([2, 4]);
    expect(await ids('id=not.in.(1,2)')).toEqual([4, 5]);
    expect(await ids('id=in.()')).toEqual([]);
  });

  it('array and json containment, overlap and full-text search', async () => {
    expect(await ids('tags=cs.{ai}')).toEqual([1, 4]);
    expect(await ids('tags=cd.{ai,web}')).toEqual([1, 2, 4]);
    expect(await ids('tags=ov.{cli,ai}')).toEqual([1, 4, 5]);
    expect(await ids(`meta=cs.${encodeURIComponent('{"stack":{"ui":"vue"}}')}`)).toEqual([2]);
    expect(await ids('meta->>stars=eq.7')).toEqual([2]);
    expect(await ids('title=fts(simple).beta')).toEqual([2]);
    expect(await ids('title=wfts.epsilon')).toEqual([5]);
  });

  it('or and and with nesting and negation', async () => {
    expect(await ids('or=(id.eq.1,upvotes.gt.8)')).toEqual([1, 2]);
    // An or=() group is one condition among the others, never an escape from them.
    expect(await ids('upvotes=gt.4&or=(id.eq.1,id.eq.5)')).toEqual([1]);
    expect(await ids('or=(id.eq.1,id.eq.5)&upvotes=gt.4')).toEqual([1]);
    expect(await ids('or=(id.eq.4,and(upvotes.gte.2,upvotes.lte.5))')).toEqual([1, 4, 5]);
    expect(await ids('not.or=(id.eq.1,id.eq.2)')).toEqual([4, 5]);
    expect(await ids('and=(upvotes.gt.0,or(title.eq.Beta,title.eq.Epsilon))')).toEqual([2, 5]);
    expect(await ids(`or=(title.eq.${encodeURIComponent('"delta, \\"quoted\\""')},id.in.(1,2))`)).toEqual([1, 2, 4]);
    const { data } = await anon.from('rt_projects').select('id').or('upvotes.eq.0,title.ilike.*lph*').order('id');
    expect(data!.map((r) => r.id)).toEqual([1, 4]);
  });

  it('eq(any) and like(all) modifiers', async () => {
    expect(await ids('id=eq(any).{1,2}')).toEqual([1, 2]);
    expect(await ids('title=like(all).{*e*,*a}')).toEqual([2]);
  });

  it('filters embedded to-many rows with embed.or', async () => {
    const res = await rest('rt_projects?select=id,rt_comments(content)&id=eq.1&rt_comments.or=(content.eq.Nice,content.eq.Nope)');
    expect(await res.json()).toEqual([{ id: 1, rt_comments: [{ content: 'Nice' }] }]);
  });
});

describe('order, paging and counts', () => {
  it('orders by several keys with nullsfirst / nullslast', async () => {
    const res = await rest('rt_projects?select=id&order=meta->stars.desc.nullslast,id.desc');
    expect((await res.json()).map((r: { id: number }) => r.id)).toEqual([2, 1, 5, 4]);
    const first = await rest('rt_projects?select=id&order=meta.asc.nullsfirst,id');
    expect((await first.json()).map((r: { id: number }) => r.id)).toEqual([4, 5, 1, 2]);
  });

  it('limit/offset and Range give Content-Range; count=exact gives the total and 206 for a partial page', async () => {
    const page = await anon.from('rt_projects').select('id', { count: 'exact' }).order('id').range(1, 2);
    expect(page.status).toBe(206);
    expect(page.count).toBe(4);
    expect(page.data!.map((r) => r.id)).toEqual([2, 4]);

    const ranged = await rest('rt_projects?select=id&order=id', { headers: { range: '0-1', 'range-unit': 'items', prefer: 'count=exact' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe('0-1/4');

    const all = await rest('rt_projects?select=id', { headers: { prefer: 'count=exact' } });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-range')).toBe('0-3/4');

    const uncounted = await rest('rt_projects?select=id&limit=2');
    expect(uncounted.headers.get('content-range')).toBe('0-1/*');

    const empty = await rest('rt_projects?select=id&id=eq.0', { headers: { prefer: 'count=exact' } });
    expect(empty.headers.get('content-range')).toBe('*/0');
  });

  it('answers 416 for an offset past the end when counting', async () => {
    const res = await rest('rt_projects?select=id&offset=10', { headers: { prefer: 'count=exact' } });
    expect(res.status).toBe(416);
    expect(await res.json()).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 10 was requested, but there are only 4 rows.',
      hint: null,
    });
  });

  it('head:true with count:exact gives the count without a body (the dashboard call)', async () => {
    const { count, data, error, status } = await anon.from('rt_projects').select('*', { count: 'exact', head: true });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(count).toBe(4);
    expect(data).toBeNull();
    const planned = await anon.from('rt_creators').select('*', { count: 'planned', head: true });
    expect(planned.count).toBe(2);
  });

  it('counts with count() at the top level', async () => {
    const res = await rest('rt_projects?select=count()&upvotes=gt.1');
    expect(await res.json()).toEqual([{ count: 3 }]);
    const grouped = await rest('rt_projects?select=status,count()&order=status', { headers: { apikey: server.serviceRoleKey } });
    expect(await grouped.json()).toEqual([{ status: 'approved', count: 4 }, { status: 'pending', count: 1 }]);
  });

  it('answers text/csv when asked', async () => {
    const { data, error } = await anon.from('rt_projects').select('id,title,meta').in('id', [2, 4]).order('id').csv();
    expect(error).toBeNull();
    expect(data).toBe('id,title,meta\n2,Beta,"{""stack"": {""ui"": ""vue""}, ""stars"": 7}"\n4,"delta, ""quoted""",');
  });

  it('strips nulls when asked', async () => {
    const { data } = await anon.from('rt_projects').select('id, meta').eq('id', 4).stripNulls();
    expect(data).toEqual([{ id: 4 }]);
  });
});

describe('roles and RLS on reads', () => {
  it('anon, the owner and service_role see what the policy allows', async () => {
    const owner = await server.createUser();
    await server.ctx.db.query('update public.rt_projects set owner_id = $1 where id = 3', [owner.id]);
    const anonIds = (await anon.from('rt_projects').select('id').order('id')).data!.map((r) => r.id);
    const ownerIds = (await owner.client.from('rt_projects').select('id').order('id')).data!.map((r) => r.id);
    const stranger = await server.createUser();
    const strangerIds = (await stranger.client.from('rt_projects').select('id').order('id')).data!.map((r) => r.id);
    const serviceIds = (await service.from('rt_projects').select('id').order('id')).data!.map((r) => r.id);
    expect(anonIds).toEqual([1, 2, 4, 5]);
    expect(strangerIds).toEqual([1, 2, 4, 5]);
    expect(ownerIds).toEqual([1, 2, 3, 4, 5]);
    expect(serviceIds).toEqual([1, 2, 3, 4, 5]);
  });

  it('sets role, claims and request GUCs for the query', async () => {
    const user = await server.createUser();
    const { data } = await user.client.rpc('rt_whoami', undefined, { get: true });
    expect(data).toMatchObject({ role: 'authenticated', sub: user.id, method: 'GET', path: '/rest/v1/rpc/rt_whoami' });
    expect(data.headers.authorization).toBeUndefined();
    expect(data.headers.apikey).toBeUndefined();
    expect(data.headers['x-client-info']).toMatch(/supabase-js/);
    const asAnon = await anon.rpc('rt_whoami');
    expect(asAnon.data).toMatchObject({ role: 'anon', sub: null, method: 'POST' });
  });

  it('runs GET in a read-only transaction', async () => {
    const res = await rest('rpc/rt_bump?p_id=1');
    expect(res.status).toBe(405);
    expect((await res.json()).code).toBe('25006');
    const { rows } = await server.ctx.db.query<{ upvotes: number }>('select upvotes from public.rt_projects where id = 1');
    expect(rows[0]!.upvotes).toBe(5);
  });
});

describe('authentication', () => {
  it('401 without an apikey, as the gateway answers', async () => {
    const res = await fetch(`${server.url}/rest/v1/rt_projects`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'No API key found in request' });
  });

  it('401 PGRST301 for a forged token and PGRST303 for an expired one', async () => {
    const forged = await server.withToken('eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.c2lnbmF0dXJl').from('rt_projects').select('id');
    expect(forged.status).toBe(401);
    expect(forged.error?.code).toBe('PGRST301');
    const garbage = await server.withToken('not-a-jwt').from('rt_projects').select('id');
    expect(garbage.error).toMatchObject({ code: 'PGRST301', message: 'Expected 3 parts in JWT; got 1' });
    const expiredToken = await server.ctx.keys.sign({ role: 'authenticated', sub: BOB, exp: Math.floor(Date.now() / 1000) - 60 }, 1);
    const expired = await server.withToken(expiredToken).from('rt_projects').select('id');
    expect(expired.status).toBe(401);
    expect(expired.error).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
  });
});

describe('errors', () => {
  it('unknown table → 404 PGRST205, unknown column → 400 42703, unknown embed → 400 PGRST200', async () => {
    const table = await anon.from('nope').select('*');
    expect(table.status).toBe(404);
    expect(table.error).toEqual({ code: 'PGRST205', message: "Could not find the table 'public.nope' in the schema cache", details: null, hint: null });
    const column = await anon.from('rt_projects').select('id, nope');
    expect(column.status).toBe(400);
    expect(column.error).toMatchObject({ code: '42703', message: 'column rt_projects.nope does not exist' });
    const filter = await anon.from('rt_projects').select('id').eq('nope', 1);
    expect(filter.error?.code).toBe('42703');
    const embed = await anon.from('rt_projects').select('id, rt_notes(*)');
    expect(embed.status).toBe(400);
    expect(embed.error?.code).toBe('PGRST200');
  });

  it('a failed read leaves no role, claims or open transaction behind', async () => {
    const user = await server.createUser();
    const failed = await user.client.from('rt_projects').select('id').eq('id', 'not-a-number');
    expect(failed.error?.code).toBe('22P02');
    const { rows } = await server.ctx.db.query<{ who: string; claims: string | null; ro: string }>(
      `select current_user as who, nullif(current_setting('request.jwt.claims', true), '') as claims, current_setting('transaction_read_only') as ro`,
    );
    expect(rows[0]).toEqual({ who: 'postgres', claims: null, ro: 'off' });
    expect((await user.client.from('rt_projects').select('id').eq('id', 1)).data).toEqual([{ id: 1 }]);
  });

  it('bad syntax → 400 PGRST100; a bad value → 400 22P02', async () => {
    for (const q of ['select=id,(', 'id=zz.1', 'id=eq', 'or=(id.eq.1', 'order=id.sideways', 'limit=-1', 'id=is.maybe']) {
      const res = await rest(`rt_projects?${q}`);
      expect(res.status, q).toBe(400);
      expect((await res.json()).code, q).toBe('PGRST100');
    }
    const bad = await rest('rt_projects?id=eq.abc');
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('22P02');
  });
});
