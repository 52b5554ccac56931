import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, type TestServer } from '../support/server.ts';
import { installFixtures, seedFixtures } from './rest-fixtures.ts';
import { allNotifications, approvedProject, outbox, setPreference } from './notifications/fixtures.ts';

/**
 * Behaviours of PostgREST 12 that supabase-js relies on and /rest/v1 once got wrong (issue 37):
 * each describe names one, and fails without its fix.
 */

/** Fixtures this file alone needs: a function for each way a routine can be called. */
const ROUTINES_SQL = `
create function public.rt_unnamed(int, int) returns int language sql immutable as 'select $1 * $2';
create function public.rt_over(a int) returns text language sql immutable as $$select 'int ' || a$$;
create function public.rt_over(a text, b text) returns text language sql immutable as $$select 'text ' || a || b$$;
create function public.rt_same_keys(a text) returns int language sql immutable as 'select 1';
create function public.rt_same_keys(a int) returns int language sql immutable as 'select 2';
create function public.rt_ambiguous(a int) returns text language sql immutable as $$select 'one'$$;
create function public.rt_ambiguous(a int, b int default 1) returns text language sql immutable as $$select 'two'$$;
create function public.rt_shout(text) returns text language sql immutable as 'select upper($1)';
create function public.rt_set_upvotes(p_value int) returns setof public.rt_projects language sql volatile as
  'update public.rt_projects set upvotes = p_value returning *';
create table public.rt_folders (id int primary key, name text not null, parent_id int references public.rt_folders(id));
insert into public.rt_folders values (1, 'root', null), (2, 'docs', 1), (3, 'src', 1);
grant select on public.rt_folders to anon, authenticated, service_role;
alter publication supabase_realtime add table public.rt_projects;
select platform.realtime_sync_capture();
`;

let server: TestServer;
let service: SupabaseClient;

beforeAll(async () => {
  server = await startTestServer();
  await installFixtures(server);
  await server.ctx.db.exec(ROUTINES_SQL);
  await server.ctx.schemaCache.reload();
  await seedFixtures(server);
  service = server.service();
});
afterAll(() => server?.close());

/** A POST to /rpc as the service role with a Prefer header supabase-js's types allow only from PostgREST 13. */
const serviceRpc = (path: string, args: unknown, prefer: string) =>
  fetch(`${server.url}/rest/v1/rpc/${path}`, {
    method: 'POST',
    headers: { apikey: server.serviceRoleKey, authorization: `Bearer ${server.serviceRoleKey}`, 'content-type': 'application/json', prefer },
    body: JSON.stringify(args),
  });
const one = async <T>(sql: string, params: unknown[] = []) => (await server.ctx.db.query<T>(sql, params)).rows[0]!;
const capturedChanges = async () => Number((await one<{ n: number }>('select count(*)::int as n from platform.realtime_changes')).n);

describe('Prefer: tx=rollback rolls the write back (REST_TX_END=commit-allow-override, the default)', () => {
  it('answers an insert, an update and a delete as done, and keeps none of them, nor their change events', async () => {
    const before = await capturedChanges();
    const inserted = await service.from('rt_projects').insert({ title: 'Dry run' }).select('title').rollback().single();
    expect(inserted).toMatchObject({ status: 201, data: { title: 'Dry run' }, error: null });
    const updated = await service.from('rt_projects').update({ title: 'Renamed' }).eq('id', 1).select('title').rollback();
    expect(updated).toMatchObject({ status: 200, data: [{ title: 'Renamed' }] });
    const deleted = await service.from('rt_projects').delete().eq('id', 2).select('id').rollback();
    expect(deleted).toMatchObject({ status: 200, data: [{ id: 2 }] });
    const upserted = await service.from('rt_projects').upsert({ id: 5, title: 'Upserted' }).rollback();
    expect(upserted.error).toBeNull();

    const { rows } = await server.ctx.db.query('select id, title from public.rt_projects where id in (1, 2, 5) or title = $1 order by id', ['Dry run']);
    expect(rows).toEqual([{ id: 1, title: 'Alpha' }, { id: 2, title: 'Beta' }, { id: 5, title: 'Epsilon' }]);
    expect(await capturedChanges()).toBe(before);

    // The capture is live: the same write without rollback leaves its event.
    await service.from('rt_projects').update({ title: 'Alpha' }).eq('id', 1);
    expect(await capturedChanges()).toBe(before + 1);
  });

  it('rolls back a volatile function called by rpc, and says so in Preference-Applied', async () => {
    const res = await fetch(`${server.url}/rest/v1/rpc/rt_bump`, {
      method: 'POST',
      headers: { apikey: server.serviceRoleKey, authorization: `Bearer ${server.serviceRoleKey}`, 'content-type': 'application/json', prefer: 'tx=rollback' },
      body: JSON.stringify({ p_id: 1 }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toBe(6);
    expect(await one('select upvotes from public.rt_projects where id = 1')).toEqual({ upvotes: 5 });

    const write = await fetch(`${server.url}/rest/v1/rt_projects?id=eq.1`, {
      method: 'PATCH',
      headers: { apikey: server.serviceRoleKey, authorization: `Bearer ${server.serviceRoleKey}`, 'content-type': 'application/json', prefer: 'tx=rollback' },
      body: JSON.stringify({ upvotes: 50 }),
    });
    expect(write.status).toBe(204);
    expect(write.headers.get('preference-applied')).toContain('tx=rollback');
    expect(await one('select upvotes from public.rt_projects where id = 1')).toEqual({ upvotes: 5 });
  });
});

describe('a rolled-back comment leaves no notification, e-mail or change event behind', () => {
  it('answers the comment, then keeps neither it nor what it would have set off', async () => {
    const maker = await server.createUser({ name: 'Mara Maker', email: 'mara@example.test' });
    const visitor = await server.createUser({ name: 'Vic Visitor' });
    const projectId = await approvedProject(server, maker, 'Dry Runs');
    await setPreference(maker, 'comment_on_project', true, 'instant');
    const before = { notes: (await allNotifications(server)).length, mails: (await outbox(server)).length, changes: await capturedChanges() };

    const dry = await visitor.client.from('project_comments').insert({ project_id: projectId, content: 'Only a test' }).select('id').rollback().single();
    expect(dry).toMatchObject({ status: 201, error: null });
    const { rows } = await server.ctx.db.query('select id from public.project_comments where project_id = $1', [projectId]);
    expect(rows).toEqual([]);
    expect({ notes: (await allNotifications(server)).length, mails: (await outbox(server)).length, changes: await capturedChanges() }).toEqual(before);

    // The same comment committed does set them off.
    await visitor.client.from('project_comments').insert({ project_id: projectId, content: 'For real' });
    expect((await allNotifications(server)).length).toBe(before.notes + 1);
    expect((await outbox(server)).length).toBe(before.mails + 1);
    expect(await capturedChanges()).toBeGreaterThan(before.changes);
  });
});

describe('REST_TX_END=commit refuses Prefer: tx=rollback instead of committing it', () => {
  it('answers 400 PGRST122 and writes nothing', async () => {
    const strict = await startTestServer({ REST_TX_END: 'commit' });
    try {
      await installFixtures(strict);
      await seedFixtures(strict);
      const res = await strict.service().from('rt_projects').update({ title: 'Kept?' }).eq('id', 1).rollback();
      expect(res.status).toBe(400);
      expect(res.error?.code).toBe('PGRST122');
      const { rows } = await strict.ctx.db.query('select title from public.rt_projects where id = 1');
      expect(rows).toEqual([{ title: 'Alpha' }]);
    } finally {
      await strict.close();
    }
  });
});

describe('rpc resolves unnamed and overloaded parameters as PostgREST 12, never with a Postgres syntax error', () => {
  it('does not offer a function whose parameters have no names (PGRST202), whatever the keys', async () => {
    for (const args of [{ '': 1 }, {}, { a: 1 }]) {
      const res = await service.rpc('rt_unnamed', args);
      expect(res.status).toBe(404);
      expect(res.error?.code).toBe('PGRST202');
    }
    const res = await service.rpc('rt_unnamed', { '': 1 });
    expect(res.error).toMatchObject({
      message: 'Could not find the function public.rt_unnamed() in the schema cache',
      details: 'Searched for the function public.rt_unnamed with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
  });

  it('suggests the most alike function for a name none has, and none for a function it cannot call', async () => {
    const typo = await service.rpc('rt_shoutt', { '': 'hi' });
    expect(typo.error).toMatchObject({ code: 'PGRST202', hint: 'Perhaps you meant to call the function public.rt_shout' });
    expect((await service.rpc('rt_unnamed', { '': 1 })).error?.hint).toBeNull();
  });

  it('calls a function whose one parameter is an unnamed text with the "" key', async () => {
    expect(await service.rpc('rt_shout', { '': 'hi' })).toMatchObject({ status: 200, data: 'HI', error: null });
  });

  it('picks the overload the argument names call', async () => {
    expect((await service.rpc('rt_over', { a: 2 })).data).toBe('int 2');
    expect((await service.rpc('rt_over', { a: 'x', b: 'y' })).data).toBe('text xy');
    expect((await service.rpc('rt_ambiguous', { a: 1, b: 2 })).data).toBe('two');
  });

  it('answers 300 PGRST203 when two overloads take the same arguments', async () => {
    const res = await service.rpc('rt_ambiguous', { a: 1 });
    expect(res.status).toBe(300);
    expect(res.error).toEqual({
      code: 'PGRST203',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      message: 'Could not choose the best candidate function between: public.rt_ambiguous(a => integer), public.rt_ambiguous(a => integer, b => integer)',
    });
    // Named as PostgREST names them: fewest parameters first, then alphabetically (not by age).
    const sameKeys = await service.rpc('rt_same_keys', { a: 1 });
    expect(sameKeys.error?.message).toBe('Could not choose the best candidate function between: public.rt_same_keys(a => integer), public.rt_same_keys(a => text)');
  });
});

describe("rpc answers count: 'exact' in Content-Range", () => {
  it('counts a scalar result as one row, by POST, GET and HEAD', async () => {
    expect(await service.rpc('rt_add', { a: 1, b: 2 }, { count: 'exact' })).toMatchObject({ status: 200, data: 3, count: 1 });
    expect(await service.rpc('rt_add', { a: 1, b: 2 }, { get: true, count: 'exact' })).toMatchObject({ status: 200, data: 3, count: 1 });
    expect(await service.rpc('rt_add', { a: 1, b: 2 }, { head: true, count: 'exact' })).toMatchObject({ status: 200, data: null, count: 1 });
  });

  it('counts a single row result', async () => {
    expect(await service.rpc('rt_first_project', {}, { count: 'exact' })).toMatchObject({ status: 200, data: { id: 1 }, count: 1 });
  });
});

describe('rpc honours Prefer: handling=strict, max-affected', () => {
  it('refuses a function that changes more rows than allowed, with PGRST124, and keeps none of its changes', async () => {
    const res = await serviceRpc('rt_set_upvotes?select=id', { p_value: 77 }, 'handling=strict,max-affected=1');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'PGRST124', message: 'Query result exceeds max-affected preference constraint' });
    const { rows } = await server.ctx.db.query('select count(*)::int as n from public.rt_projects where upvotes = 77');
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('lets one within the limit through', async () => {
    const res = await serviceRpc('rt_bump', { p_id: 2 }, 'handling=strict,max-affected=1');
    expect(res.status).toBe(200);
    expect(await res.json()).toBe(10);
    await server.ctx.db.query('update public.rt_projects set upvotes = 9 where id = 2');
  });
});

describe('an upsert that only updated answers 200, one that inserted 201 (PostgREST 12)', () => {
  it('answers 200 when every row already existed, 201 when one is new, 201 when duplicates are ignored', async () => {
    const updated = await service.from('rt_projects').upsert({ id: 5, title: 'Epsilon' }).select('id, title');
    expect(updated).toMatchObject({ status: 200, data: [{ id: 5, title: 'Epsilon' }] });
    const minimal = await service.from('rt_projects').upsert({ id: 5, title: 'Epsilon' });
    expect(minimal).toMatchObject({ status: 200, error: null });
    const mixed = await service.from('rt_projects').upsert([{ id: 5, title: 'Epsilon' }, { id: 60, title: 'New' }]).select('id');
    expect(mixed).toMatchObject({ status: 201, data: [{ id: 5 }, { id: 60 }] });
    const ignored = await service.from('rt_projects').upsert({ id: 5, title: 'Ignored' }, { ignoreDuplicates: true }).select('id');
    expect(ignored).toMatchObject({ status: 201, data: [] });
    await server.ctx.db.query('delete from public.rt_projects where id = 60');
  });
});

describe("PGRST116 and PGRST201 answer in PostgREST 12's words", () => {
  it('PGRST116: Cannot coerce the result to a single JSON object', async () => {
    const res = await service.from('rt_projects').select('id').in('id', [1, 2]).single();
    expect(res.status).toBe(406);
    expect(res.error).toEqual({ code: 'PGRST116', details: 'The result contains 2 rows', hint: null, message: 'Cannot coerce the result to a single JSON object' });
  });

  it('PGRST201: details list each relationship with its cardinality', async () => {
    const res = await service.from('rt_projects').select('id, rt_creators(name)');
    expect(res.status).toBe(300);
    expect(res.error).toEqual({
      code: 'PGRST201',
      details: [
        {
          cardinality: 'many-to-one',
          embedding: 'rt_projects with rt_creators',
          relationship: 'rt_projects_creator_id_fkey using rt_projects(creator_id) and rt_creators(id)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'rt_projects with rt_creators',
          relationship: 'rt_projects_reviewer_id_fkey using rt_projects(reviewer_id) and rt_creators(id)',
        },
      ],
      hint: "Try changing 'rt_creators' to one of the following: 'rt_creators!rt_projects_creator_id_fkey', 'rt_creators!rt_projects_reviewer_id_fkey'. Find the desired relationship in the 'details' key.",
      message: "Could not embed because more than one relationship was found for 'rt_projects' and 'rt_creators'",
    });
    const reverse = await service.from('rt_creators').select('id, rt_projects(id)');
    expect((reverse.error?.details as unknown as { cardinality: string }[]).map((d) => d.cardinality)).toEqual(['one-to-many', 'one-to-many']);
  });
});

describe('a self-referencing table embeds its children by its own name, its parent by the column', () => {
  it('rt_folders(*) is the children, parent_id(*) the parent, rt_folders!parent_id(*) the children again', async () => {
    const children = await service.from('rt_folders').select('id, rt_folders(id, name)').eq('id', 1).single();
    expect(children).toMatchObject({ status: 200, error: null, data: { id: 1, rt_folders: [{ id: 2, name: 'docs' }, { id: 3, name: 'src' }] } });
    const parent = await service.from('rt_folders').select('*, parent_id(*)').eq('id', 2).single();
    expect(parent.error).toBeNull();
    expect(parent.data).toEqual({ id: 2, name: 'docs', parent_id: { id: 1, name: 'root', parent_id: null } });
    const hinted = await service.from('rt_folders').select('id, rt_folders!parent_id(id)').eq('id', 1).single();
    expect(hinted.data).toEqual({ id: 1, rt_folders: [{ id: 2 }, { id: 3 }] });
  });
});

describe('text/csv is written as PostgREST writes it: each value as Postgres prints it, quoted as Postgres quotes it', () => {
  it('prints arrays, jsonb and timestamps as Postgres does, quoting commas, quotes, spaces and empty text', async () => {
    await server.ctx.db.query(`insert into public.rt_projects (id, title, tags, meta, created_at) values (70, '', '{a,"b c"}', '{"k": [1, 2]}', '2024-03-01 10:00:00+00')`);
    try {
      const { data, error } = await service.from('rt_projects').select('id, title, tags, meta, created_at, done:upvotes').in('id', [70, 2]).order('id').csv();
      expect(error).toBeNull();
      const createdAt = (await one<{ t: string }>(`select created_at::text as t from public.rt_projects where id = 2`)).t;
      expect(data).toBe(
        'id,title,tags,meta,created_at,done\n' +
          `2,Beta,{web},"{""stack"": {""ui"": ""vue""}, ""stars"": 7}","${createdAt}",9\n` +
          '70,"","{a,""b c""}","{""k"": [1, 2]}","2024-03-01 10:00:00+00",0',
      );
    } finally {
      await server.ctx.db.query('delete from public.rt_projects where id = 70');
    }
  });

  it('answers only a line break when no row matches', async () => {
    const { data } = await service.from('rt_projects').select('id').eq('id', 999).csv();
    expect(data).toBe('\n');
  });
});

describe('an empty embed answers no key: it only filters, with !inner', () => {
  it('rt_creators!creator_id!inner() keeps the projects whose creator matches, and shows nothing of it', async () => {
    const { data, error } = await service
      .from('rt_projects')
      .select('id, rt_creators!creator_id!inner()')
      .eq('rt_creators.name', 'Bob')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 2 }, { id: 5 }]);
    const plain = await service.from('rt_projects').select('id, rt_creators!creator_id()').eq('id', 1);
    expect(plain.data).toEqual([{ id: 1 }]);
  });
});
