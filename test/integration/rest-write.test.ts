import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, type TestServer, type TestUser } from '../support/server.ts';
import { ALICE, installFixtures, seedFixtures } from './rest-fixtures.ts';

let server: TestServer;
let service: SupabaseClient;
let owner: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  await installFixtures(server);
  await seedFixtures(server);
  service = server.service();
  owner = await server.createUser();
});
afterAll(() => server?.close());

const count = async (table: string) =>
  Number((await server.ctx.db.query<{ n: number }>(`select count(*)::int as n from public.${table}`)).rows[0]!.n);

const rest = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  fetch(`${server.url}/rest/v1/${path}`, {
    ...init,
    headers: { apikey: server.anonKey, authorization: `Bearer ${owner.token}`, 'content-type': 'application/json', ...init.headers },
  });

describe('POST (insert)', () => {
  it('inserts one row with return=minimal: 201, no body', async () => {
    const res = await owner.client.from('rt_projects').insert({ title: 'Mine', owner_id: owner.id });
    expect(res.error).toBeNull();
    expect(res.status).toBe(201);
    expect(res.data).toBeNull();
    const { rows } = await server.ctx.db.query('select status, upvotes, tags from public.rt_projects where title = $1', ['Mine']);
    expect(rows).toEqual([{ status: 'approved', upvotes: 0, tags: [] }]);
  });

  it('returns the inserted row with .select().single(), embeds included', async () => {
    const { data, error, status } = await owner.client
      .from('rt_projects')
      .insert({ title: 'With creator', owner_id: owner.id, creator_id: ALICE, tags: ['x', 'y'], meta: { a: [1, 2] } })
      .select('id, title, tags, meta, rt_creators!creator_id(name)')
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toMatchObject({ title: 'With creator', tags: ['x', 'y'], meta: { a: [1, 2] }, rt_creators: { name: 'Alice' } });
    expect(data!.id).toBeGreaterThan(100);
  });

  it('bulk inserts arrays; missing keys are null unless missing=default', async () => {
    const { data, error } = await owner.client
      .from('rt_projects')
      .insert([
        { title: 'Bulk 1', owner_id: owner.id, status: 'pending' },
        { title: 'Bulk 2', owner_id: owner.id },
      ], { defaultToNull: false })
      .select('title, status');
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'Bulk 1', status: 'pending' }, { title: 'Bulk 2', status: 'approved' }]);
    const nulls = await owner.client.from('rt_projects').insert([{ title: 'N1', owner_id: owner.id, status: 'pending' }, { title: 'N2', owner_id: owner.id }]);
    expect(nulls.status).toBe(400);
    expect(nulls.error?.code).toBe('23502');
    expect(await owner.client.from('rt_projects').select('id').in('title', ['N1', 'N2'])).toMatchObject({ data: [] });
  });

  it('upserts with merge-duplicates and ignore-duplicates on on_conflict', async () => {
    const merged = await service.from('rt_projects').upsert({ slug: 'alpha', title: 'Alpha v2' }, { onConflict: 'slug' }).select('id, title, upvotes');
    expect(merged.data).toEqual([{ id: 1, title: 'Alpha v2', upvotes: 5 }]);
    const ignored = await service.from('rt_projects').upsert({ slug: 'beta', title: 'Ignored' }, { onConflict: 'slug', ignoreDuplicates: true }).select('id');
    expect(ignored.data).toEqual([]);
    const byPk = await service.from('rt_creators').upsert({ id: ALICE, name: 'Alice B.' }).select('name, bio');
    expect(byPk.data).toEqual([{ name: 'Alice B.', bio: 'Builds with Lovable' }]);
    const { rows } = await server.ctx.db.query('select title from public.rt_projects where slug = $1', ['beta']);
    expect(rows).toEqual([{ title: 'Beta' }]);
  });

  it('maps constraint violations: 23505/23503 → 409, 23514/22001-like → 400', async () => {
    const dup = await service.from('rt_projects').insert({ title: 'Dup', slug: 'alpha' });
    expect(dup.status).toBe(409);
    expect(dup.error?.code).toBe('23505');
    const fk = await service.from('rt_comments').insert({ project_id: 99999, content: 'x' });
    expect(fk.status).toBe(409);
    expect(fk.error?.code).toBe('23503');
    const check = await service.from('rt_projects').insert({ title: 'x'.repeat(201) });
    expect(check.status).toBe(400);
    expect(check.error?.code).toBe('23514');
  });

  it('unknown column in the payload → 400 PGRST204, nothing stored', async () => {
    const before = await count('rt_projects');
    const res = await service.from('rt_projects').insert({ title: 'Bad', colour: 'red' });
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ code: 'PGRST204', message: "Could not find the 'colour' column of 'rt_projects' in the schema cache" });
    expect(await count('rt_projects')).toBe(before);
  });

  it('refuses bodies over 1 MB with 413 and stores nothing', async () => {
    const before = await count('rt_notes');
    const res = await rest('rt_notes', { method: 'POST', body: JSON.stringify({ body: 'x'.repeat(1024 * 1024 + 10) }) });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('PGRST413');
    expect(await count('rt_notes')).toBe(before);
  });

  it('refuses a streamed body (no Content-Length) once it passes 1 MB, and stores nothing', async () => {
    const before = await count('rt_notes');
    const piece = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"body":"'));
        // Twice the limit, so the refusal must come from counting while reading.
        if (sent >= 32) {
          controller.enqueue(new TextEncoder().encode('"}'));
          controller.close();
          return;
        }
        sent++;
        controller.enqueue(piece);
      },
    });
    const res = await rest('rt_notes', { method: 'POST', body, duplex: 'half' } as RequestInit & { headers?: Record<string, string> });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('PGRST413');
    expect(await count('rt_notes')).toBe(before);
  });

  it('answers headers-only with a Location', async () => {
    const res = await rest('rt_notes', { method: 'POST', body: JSON.stringify({ body: 'hello' }), headers: { prefer: 'return=headers-only' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toMatch(/^\/rt_notes\?id=eq\.\d+$/);
  });

  it('columns= limits which payload keys are written', async () => {
    const res = await rest('rt_notes?columns=body&select=body,owner_id', {
      method: 'POST',
      body: JSON.stringify({ body: 'only body', owner_id: '00000000-0000-4000-8000-000000000000' }),
      headers: { prefer: 'return=representation' },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual([{ body: 'only body', owner_id: owner.id }]);
  });
});

describe('PATCH and DELETE', () => {
  it('updates matching rows and returns them (the upvotes call)', async () => {
    const { data, error, status } = await service.from('rt_projects').update({ upvotes: 42 }).eq('id', 2).select('id, upvotes');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ id: 2, upvotes: 42 }]);
    const minimal = await service.from('rt_projects').update({ upvotes: 43 }).eq('id', 2);
    expect(minimal.status).toBe(204);
    const counted = await rest('rt_projects?id=in.(1,2)', { method: 'PATCH', body: '{"upvotes": 1}', headers: { authorization: `Bearer ${server.serviceRoleKey}`, prefer: 'count=exact' } });
    expect(counted.status).toBe(204);
    expect(counted.headers.get('content-range')).toBe('0-1/2');
  });

  it('.single() on a write that touches several rows is refused and rolled back', async () => {
    const res = await service.from('rt_projects').update({ upvotes: 7 }).in('id', [1, 2]).select('id').single();
    expect(res.status).toBe(406);
    expect(res.error?.code).toBe('PGRST116');
    const { rows } = await server.ctx.db.query<{ upvotes: number }>('select upvotes from public.rt_projects where id in (1, 2) order by id');
    expect(rows.map((r) => r.upvotes)).not.toContain(7);
  });

  it('RLS: an owner may update and delete their row; others change nothing; anon is refused', async () => {
    const { data: mine } = await owner.client.from('rt_projects').insert({ title: 'To change', owner_id: owner.id }).select('id').single();
    const stranger = await server.createUser();
    const theirs = await stranger.client.from('rt_projects').update({ title: 'Hijacked' }).eq('id', mine!.id).select();
    expect(theirs.data).toEqual([]);
    const gone = await stranger.client.from('rt_projects').delete().eq('id', mine!.id).select();
    expect(gone.data).toEqual([]);
    const ok = await owner.client.from('rt_projects').update({ title: 'Changed' }).eq('id', mine!.id).select('title');
    expect(ok.data).toEqual([{ title: 'Changed' }]);
    const anonInsert = await server.anon().from('rt_projects').insert({ title: 'anon' });
    expect(anonInsert.status).toBe(401);
    expect(anonInsert.error?.code).toBe('42501');
    const forged = await stranger.client.from('rt_projects').insert({ title: 'spoof', owner_id: owner.id });
    expect(forged.status).toBe(403);
    expect(forged.error?.code).toBe('42501');
    const del = await owner.client.from('rt_projects').delete().eq('id', mine!.id).select('id');
    expect(del.data).toEqual([{ id: mine!.id }]);
  });

  it('RLS on the owner-only notes table: each user sees only their notes; service sees all', async () => {
    const a = await server.createUser();
    const b = await server.createUser();
    await a.client.from('rt_notes').insert({ body: 'a note' });
    await b.client.from('rt_notes').insert({ body: 'b note' });
    expect((await a.client.from('rt_notes').select('body')).data).toEqual([{ body: 'a note' }]);
    expect((await b.client.from('rt_notes').select('body')).data).toEqual([{ body: 'b note' }]);
    expect((await server.anon().from('rt_notes').select('body')).data).toEqual([]);
    const all = await service.from('rt_notes').select('body', { count: 'exact', head: true });
    expect(all.count).toBeGreaterThanOrEqual(2);
  });

  it('refuses PATCH and DELETE without filters (as Supabase does with pg-safeupdate), changing nothing', async () => {
    const before = await count('rt_projects');
    const del = await service.from('rt_projects').delete();
    expect(del.status).toBe(400);
    expect(del.error).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
    const upd = await service.from('rt_projects').update({ upvotes: 0 });
    expect(upd.error).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' });
    expect(await count('rt_projects')).toBe(before);
    const { rows } = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from public.rt_projects where upvotes <> 0');
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it('an or=() group on DELETE stays inside the other filters', async () => {
    const before = await count('rt_projects');
    const res = await service.from('rt_projects').delete().eq('title', 'No such title').or('id.eq.1,id.eq.2').select('id');
    expect(res.error).toBeNull();
    expect(res.data).toEqual([]);
    expect(await count('rt_projects')).toBe(before);
  });

  it('refuses limit on writes instead of changing more rows than asked', async () => {
    const res = await rest('rt_projects?limit=1', { method: 'DELETE', headers: { authorization: `Bearer ${server.serviceRoleKey}` } });
    expect(res.status).toBe(400);
    expect(await count('rt_projects')).toBeGreaterThan(1);
  });
});

describe('POST /rpc', () => {
  it('scalar results with named args and defaults; GET for immutable functions', async () => {
    expect((await service.rpc('rt_add', { a: 2, b: 3 })).data).toBe(5);
    expect((await service.rpc('rt_add', { a: 2 })).data).toBe(12);
    expect((await service.rpc('rt_add', { a: 1, b: 1 }, { get: true })).data).toBe(2);
  });

  it('a single unnamed json parameter receives the whole body', async () => {
    const { data } = await service.rpc('rt_echo', { x: [1, { y: 'z' }] });
    expect(data).toEqual({ x: [1, { y: 'z' }] });
  });

  it('setof scalar, setof table (with filters, order, embeds, count) and single composite', async () => {
    expect((await service.rpc('rt_numbers', { n: 4 })).data).toEqual([1, 2, 3, 4]);
    const rows = await server
      .anon()
      .rpc('rt_by_status', { p_status: 'approved' }, { count: 'exact' })
      .select('id, rt_creators!creator_id(name)')
      .gt('id', 1)
      .lt('id', 100)
      .order('id', { ascending: false });
    expect(rows.error).toBeNull();
    expect(rows.count).toBe(3);
    expect((rows.data as unknown[])[0]).toEqual({ id: 5, rt_creators: { name: 'Bob' } });
    const first = await service.rpc('rt_first_project').select('id, title');
    expect(first.data).toMatchObject({ id: 1 });
    const stats = await service.rpc('rt_stats');
    expect(stats.data).toMatchObject({ total: expect.any(Number), approved: expect.any(Number) });
  });

  it('void functions answer 204 and array arguments arrive typed', async () => {
    const res = await service.rpc('rt_touch', { p_ids: [4, 5], p_label: 'tagged' });
    expect(res.error).toBeNull();
    expect(res.status).toBe(204);
    const { rows } = await server.ctx.db.query(`select id, meta from public.rt_projects where id in (4, 5) order by id`);
    expect(rows).toEqual([{ id: 4, meta: { label: 'tagged' } }, { id: 5, meta: { label: 'tagged' } }]);
  });

  it('P0001 raised in a function → 400 with its message; unknown function → 404 PGRST202', async () => {
    const raised = await service.rpc('rt_bump', { p_id: 424242 });
    expect(raised.status).toBe(400);
    expect(raised.error).toMatchObject({ code: 'P0001', message: 'Project not found' });
    const missing = await service.rpc('rt_nope', { a: 1 });
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.rt_nope(a) in the schema cache' });
    const wrongArgs = await service.rpc('rt_add', { z: 1 });
    expect(wrongArgs.status).toBe(404);
  });
});
