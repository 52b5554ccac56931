import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { buildCommunity, dbRow, projectPayload, serviceProject, type Community } from './schema-fixtures.ts';

/**
 * The RLS suite must fail when a rule it covers is broken. Here, in a throw-away database, each
 * rule is weakened on purpose and the attack the matrix refuses is shown to succeed.
 */
let server: TestServer;
let c: Community;

beforeAll(async () => {
  server = await startTestServer();
  c = await buildCommunity(server);
});
afterAll(() => server?.close());

describe('without its rules the schema lets the attacks through', () => {
  it('an open read policy exposes projects in review', async () => {
    const read = () => server.anon().from('projects').select('id').eq('id', c.pendingId);
    expect((await read()).data).toEqual([]);
    await server.ctx.db.exec(`alter policy projects_read_approved on public.projects using (true)`);
    expect((await read()).data).toHaveLength(1);
  });

  it('an insert policy without the count check accepts forged upvotes', async () => {
    const forge = () => c.owner.client.from('projects').insert(projectPayload(c.owner.id, { upvotes: 5 })).select('upvotes');
    expect((await forge()).error).not.toBeNull();
    await server.ctx.db.exec(
      `alter policy projects_insert_own on public.projects with check (creator_id = (select auth.uid()) and status = 'pending')`,
    );
    expect((await forge()).data).toEqual([{ upvotes: 5 }]);
  });

  it('without the column guard an owner sets their own upvotes and features themselves', async () => {
    const id = await serviceProject(server, c.owner.id);
    const forge = () => c.owner.client.from('projects').update({ upvotes: 999, featured: true }).eq('id', id).select('id');
    expect((await forge()).error).not.toBeNull();
    await server.ctx.db.exec(`alter table public.projects disable trigger projects_before_write`);
    await forge();
    expect(await dbRow(server, 'projects', id)).toMatchObject({ upvotes: 999, featured: true });
  });

  it('without the author trigger a comment carries a forged name', async () => {
    await server.ctx.db.exec(`alter table public.project_comments disable trigger comments_b_set_author`);
    const { data } = await c.other.client
      .from('project_comments')
      .insert({ project_id: c.approvedId, user_id: c.other.id, user_name: 'Ada Admin', content: 'Trust me' })
      .select('user_name')
      .single();
    expect(data!.user_name).toBe('Ada Admin');
  });

  it('a ban check that trusted nothing but the token would let banned users write', async () => {
    const write = () => c.banned.client.from('creators').update({ bio: 'still here' }).eq('id', c.banned.id).select('bio');
    expect((await write()).data).toEqual([]);
    await server.ctx.db.exec(
      `alter policy creators_update_self on public.creators using (id = (select auth.uid())) with check (id = (select auth.uid()))`,
    );
    expect((await write()).data).toEqual([{ bio: 'still here' }]);
  });

  it('without the anonymous check a visitor who upvoted could create a creator profile and comment', async () => {
    const visitor = await server.signInAnonymously();
    const profile = () => visitor.client.from('creators').insert({ id: visitor.id, name: 'Anon Maker' }).select('name');
    expect((await profile()).error).not.toBeNull();
    await server.ctx.db.exec(
      `alter policy creators_insert_self on public.creators with check (id = (select auth.uid()) and not (select public.is_banned()))`,
    );
    expect((await profile()).data).toEqual([{ name: 'Anon Maker' }]);
    const comment = () =>
      visitor.client.from('project_comments').insert({ project_id: c.approvedId, user_id: visitor.id, content: 'Bought votes' }).select('content');
    expect((await comment()).error).not.toBeNull();
    await server.ctx.db.exec(`create or replace function public.is_anonymous() returns boolean language sql stable as $$ select false $$`);
    expect((await comment()).data).toEqual([{ content: 'Bought votes' }]);
  });
});
