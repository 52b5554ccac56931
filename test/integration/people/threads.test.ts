import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { anonymousUser, approvedProject, countRows, postComment } from './fixtures.ts';

/**
 * Threaded comments and comment upvotes (issue 18, decision 180): replies, flattening, the clear
 * refusals of bad replies and votes, the "best" order, pages, and comment_votes' RLS per role.
 */
let server: TestServer;
let owner: TestUser;
let user: TestUser;
let other: TestUser;
let banned: TestUser;
let moderator: TestUser;
let admin: TestUser;
let anonymous: TestUser;
let project: string;
let otherProject: string;
let top: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.createUser({ name: 'Owner' });
  user = await server.createUser({ name: 'Uma' });
  other = await server.createUser({ name: 'Olaf' });
  banned = await server.createUser({ name: 'Banned', bannedUntil: new Date(Date.now() + 86_400_000 * 365) });
  moderator = await server.createUser({ appRole: 'moderator' });
  admin = await server.createUser({ appRole: 'admin' });
  anonymous = await anonymousUser(server);
  project = await approvedProject(server, owner, 'Threaded');
  otherProject = await approvedProject(server, owner, 'Elsewhere');
  top = await postComment(user, project, 'Top-level comment');
});
afterAll(() => server?.close());

async function reply(author: TestUser, projectId: string, parentId: string, content: string) {
  return author.client.from('project_comments').insert({ project_id: projectId, parent_id: parentId, content }).select('id, parent_id, thread_id').single();
}

describe('replies', () => {
  it('a reply records its parent and its thread; a reply to a reply is flattened under the top-level comment', async () => {
    const first = await reply(owner, project, top, 'Maker answers');
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ parent_id: top, thread_id: top });
    const second = await reply(other, project, first.data!.id, 'Answering the maker');
    expect(second.error).toBeNull();
    expect(second.data).toMatchObject({ parent_id: first.data!.id, thread_id: top });
  });

  it('the answered author is told ("Replies to you"); the maker answered is not told twice', async () => {
    const { rows } = await server.ctx.db.query<{ user_id: string; type: string }>(
      `select user_id, type from public.notifications where project_id = $1 and type in ('comment_reply', 'comment_on_project') order by id`,
      [project],
    );
    expect(rows).toEqual([
      { user_id: owner.id, type: 'comment_on_project' }, // Uma's top-level comment
      { user_id: user.id, type: 'comment_reply' }, // the owner answers Uma
      { user_id: owner.id, type: 'comment_reply' }, // Olaf answers the owner: one notice, not two
    ]);
  });

  it('a reply to a comment on another project is refused with a clear error, nothing stored', async () => {
    const before = await countRows(server, 'select 1 from public.project_comments');
    const { error } = await reply(other, otherProject, top, 'Wrong place');
    expect(error?.message).toBe('A reply must be on the same project as the comment it answers');
    expect(await countRows(server, 'select 1 from public.project_comments')).toBe(before);
  });

  it('a reply to a deleted comment is refused with a clear error, nothing stored', async () => {
    const doomed = await postComment(other, project, 'Soon gone');
    const { error: delError } = await other.client.from('project_comments').delete().eq('id', doomed);
    expect(delError).toBeNull();
    const before = await countRows(server, 'select 1 from public.project_comments');
    const { error } = await reply(user, project, doomed, 'Too late');
    expect(error?.message).toBe('The comment you are replying to has been deleted');
    expect(await countRows(server, 'select 1 from public.project_comments')).toBe(before);
  });

  it('a reply cannot be moved to another comment, and deleting a comment deletes the replies under it', async () => {
    const parent = await postComment(other, project, 'Parent');
    const child = await reply(user, project, parent, 'Child');
    const moved = await user.client.from('project_comments').update({ parent_id: top }).eq('id', child.data!.id).select('id');
    expect(moved.error?.message).toBe('A reply cannot be moved to another comment');
    const count = async () => (await server.ctx.db.query<{ comment_count: number }>('select comment_count from public.projects where id = $1', [project])).rows[0]!.comment_count;
    const before = await count();
    await other.client.from('project_comments').delete().eq('id', parent);
    expect(await countRows(server, 'select 1 from public.project_comments where id = $1', [child.data!.id])).toBe(0);
    expect(await count()).toBe(before - 2);
  });
});

describe('comment upvotes', () => {
  it('a user upvotes another’s comment once; the count and score follow; they take it back', async () => {
    const { error } = await other.client.from('comment_votes').insert({ comment_id: top });
    expect(error).toBeNull();
    const again = await other.client.from('comment_votes').insert({ comment_id: top });
    expect(again.error?.code).toBe('23505');
    const { data } = await server.anon().from('project_comments').select('upvotes, score').eq('id', top).single();
    expect(data).toMatchObject({ upvotes: 1 });
    expect((data as { score: number }).score).toBeGreaterThan(0);
    await other.client.from('comment_votes').delete().eq('comment_id', top);
    const after = await server.anon().from('project_comments').select('upvotes, score').eq('id', top).single();
    expect(after.data).toEqual({ upvotes: 0, score: 0 });
  });

  it('voting on your own comment is refused with a clear error, nothing stored', async () => {
    const { error } = await user.client.from('comment_votes').insert({ comment_id: top });
    expect(error?.message).toBe('You cannot upvote your own comment');
    expect(await countRows(server, 'select 1 from public.comment_votes where comment_id = $1', [top])).toBe(0);
  });

  it('visitors, anonymous sign-ins and banned users cannot upvote; moderators and admins can, as anyone', async () => {
    expect((await server.anon().from('comment_votes').insert({ comment_id: top })).error?.code).toBe('42501');
    expect((await anonymous.client.from('comment_votes').insert({ comment_id: top })).error?.code).toBe('42501');
    expect((await banned.client.from('comment_votes').insert({ comment_id: top })).error?.code).toBe('42501');
    expect(await countRows(server, 'select 1 from public.comment_votes where comment_id = $1', [top])).toBe(0);
    expect((await moderator.client.from('comment_votes').insert({ comment_id: top })).error).toBeNull();
    expect((await admin.client.from('comment_votes').insert({ comment_id: top })).error).toBeNull();
  });

  it('nobody votes in someone else’s name, or forges the count', async () => {
    expect((await owner.client.from('comment_votes').insert({ comment_id: top, user_id: other.id })).error?.code).toBe('42501');
    await user.client.from('project_comments').update({ upvotes: 999, content: 'Top-level comment!' }).eq('id', top);
    const { data } = await server.anon().from('project_comments').select('upvotes').eq('id', top).single();
    expect(data).toEqual({ upvotes: 2 });
  });

  it('each account reads only its own votes; admins and the service role read all', async () => {
    const ids = async (who: { from: TestUser['client']['from'] }) => ((await who.from('comment_votes').select('user_id')).data ?? []).map((r) => r.user_id);
    expect(await ids(moderator.client)).toEqual([moderator.id]);
    expect(await ids(owner.client)).toEqual([]);
    expect((await ids(admin.client)).sort()).toEqual([moderator.id, admin.id].sort());
    expect((await ids(server.service())).length).toBe(2);
    expect((await server.anon().from('comment_votes').select('user_id')).error?.code).toBe('42501');
  });

  it('a voter removes only their own vote', async () => {
    const { data } = await owner.client.from('comment_votes').delete().eq('user_id', admin.id).select('user_id');
    expect(data).toEqual([]);
    const removed = await moderator.client.from('comment_votes').delete().eq('comment_id', top).select('user_id');
    expect(removed.data).toEqual([{ user_id: moderator.id }]);
  });
});

describe('order and pages', () => {
  it('"best" puts the most upvoted top-level comment first; newest sorts by time; pages of 50 go past 200', async () => {
    const p = await approvedProject(server, owner, 'Busy');
    await server.ctx.db.query(
      `insert into public.project_comments (project_id, user_id, content, created_at)
       select $1, $2, 'Comment ' || g, now() - make_interval(mins => 300 - g) from generate_series(1, 260) g`,
      [p, user.id],
    );
    const oldest = (await server.ctx.db.query<{ id: string }>(`select id from public.project_comments where project_id = $1 and content = 'Comment 1'`, [p])).rows[0]!.id;
    await other.client.from('comment_votes').insert({ comment_id: oldest });
    const best = await server.anon().from('project_comments').select('content').eq('project_id', p).is('thread_id', null)
      .order('score', { ascending: false }).order('created_at', { ascending: false }).range(0, 49);
    expect(best.data![0]).toEqual({ content: 'Comment 1' });
    expect(best.data![1]).toEqual({ content: 'Comment 260' });
    const page5 = await server.anon().from('project_comments').select('content').eq('project_id', p).is('thread_id', null)
      .order('created_at', { ascending: false }).range(200, 249);
    expect(page5.data).toHaveLength(50);
    expect(page5.data![0]).toEqual({ content: 'Comment 60' });
  });
});
