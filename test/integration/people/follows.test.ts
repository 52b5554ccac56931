import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { anonymousUser, approvedProject, countRows, ensureCreator, pendingProject } from './fixtures.ts';

/**
 * Following makers (issue 18, decision 181): follows' RLS for every role, following yourself, the
 * public counts, the /following list and the new-follower notification.
 */
let server: TestServer;
let maker: TestUser;
let fan: TestUser;
let other: TestUser;
let banned: TestUser;
let moderator: TestUser;
let admin: TestUser;
let anonymous: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  maker = await server.createUser({ name: 'Mara Maker' });
  fan = await server.createUser({ name: 'Finn Fan' });
  other = await server.createUser({ name: 'Olga' });
  banned = await server.createUser({ name: 'Banned', bannedUntil: new Date(Date.now() + 86_400_000 * 365) });
  moderator = await server.createUser({ appRole: 'moderator' });
  admin = await server.createUser({ appRole: 'admin' });
  anonymous = await anonymousUser(server);
  await ensureCreator(server, maker);
  await ensureCreator(server, other);
});
afterAll(() => server?.close());

const follows = (sql = '') => countRows(server, `select 1 from public.follows ${sql}`);

describe('follows', () => {
  it('a user follows a maker; the maker is told; the counts are public', async () => {
    const { error } = await fan.client.from('follows').insert({ followee_id: maker.id });
    expect(error).toBeNull();
    const { rows } = await server.ctx.db.query<{ type: string; data: { actor_name: string } }>(
      `select type, data from public.notifications where user_id = $1`,
      [maker.id],
    );
    expect(rows).toEqual([{ type: 'new_follower', data: { actor_name: 'Finn Fan' } }]);
    const counts = await server.anon().rpc('creator_follow_counts', { creator: maker.id }).single();
    expect(counts.data).toEqual({ followers: 1, following: 0 });
  });

  it('following yourself is refused with a clear error, nothing stored', async () => {
    const before = await follows();
    const { error } = await maker.client.from('follows').insert({ followee_id: maker.id });
    expect(error?.message).toBe('You cannot follow yourself');
    expect(await follows()).toBe(before);
  });

  it('visitors, anonymous sign-ins and banned users cannot follow; nobody follows in another’s name', async () => {
    const before = await follows();
    expect((await server.anon().from('follows').insert({ followee_id: maker.id })).error?.code).toBe('42501');
    expect((await anonymous.client.from('follows').insert({ followee_id: maker.id })).error?.code).toBe('42501');
    expect((await banned.client.from('follows').insert({ followee_id: maker.id })).error?.code).toBe('42501');
    expect((await other.client.from('follows').insert({ follower_id: fan.id, followee_id: other.id })).error?.code).toBe('42501');
    expect(await follows()).toBe(before);
  });

  it('a follow is read by its follower, the maker followed and staff; not by others or visitors', async () => {
    const seen = async (client: TestUser['client']) => ((await client.from('follows').select('follower_id')).data ?? []).length;
    expect(await seen(fan.client)).toBe(1);
    expect(await seen(maker.client)).toBe(1);
    expect(await seen(moderator.client)).toBe(1);
    expect(await seen(admin.client)).toBe(1);
    expect(await seen(server.service())).toBe(1);
    expect(await seen(other.client)).toBe(0);
    expect(await seen(anonymous.client)).toBe(0);
    expect((await server.anon().from('follows').select('follower_id')).error?.code).toBe('42501');
  });

  it('/following lists the approved projects of followed makers, newest first; an unfollow stops it', async () => {
    const older = await approvedProject(server, maker, 'Older');
    await server.ctx.db.query(`update public.projects set created_at = now() - interval '1 day' where id = $1`, [older]);
    const newer = await approvedProject(server, maker, 'Newer');
    await pendingProject(server, maker, 'In review');
    await approvedProject(server, other, 'Not followed');
    const { data, error } = await fan.client.rpc('following_projects', { page_size: 24, page_offset: 0 });
    expect(error).toBeNull();
    expect((data as { id: string }[]).map((p) => p.id)).toEqual([newer, older]);
    expect((await server.anon().rpc('following_projects', {})).error?.code).toBe('42501');

    // Only the follower ends a follow.
    expect((await maker.client.from('follows').delete().eq('follower_id', fan.id).select()).data).toEqual([]);
    expect((await fan.client.from('follows').delete().eq('followee_id', maker.id).select('followee_id')).data).toEqual([{ followee_id: maker.id }]);
    expect((await fan.client.rpc('following_projects', {})).data).toEqual([]);
    expect(await countRows(server, `select 1 from public.notifications where user_id = $1 and type = 'new_follower'`, [maker.id])).toBe(0);
  });

  it('/following lists the projects a followed maker co-makes, once each', async () => {
    // A second follower follows both makers of one project: it is listed once.
    const reader = await server.createUser({ name: 'Rita Reader' });
    const coMade = await approvedProject(server, other, 'Co-made with Mara');
    // An accepted invitation (tested in comakers.test.ts) leaves this row; setup writes it directly.
    await server.ctx.db.query(`insert into public.project_makers (project_id, user_id, role) values ($1, $2, 'maker')`, [coMade, maker.id]);
    expect((await reader.client.from('follows').insert({ followee_id: maker.id })).error).toBeNull();
    const listed = async () => ((await reader.client.rpc('following_projects', {})).data as { id: string }[]).map((p) => p.id);
    expect(await listed()).toContain(coMade);
    expect((await reader.client.from('follows').insert({ followee_id: other.id })).error).toBeNull();
    expect((await listed()).filter((id) => id === coMade)).toHaveLength(1);
    // Without a followed maker on it, it is not listed.
    await reader.client.from('follows').delete().in('followee_id', [maker.id, other.id]);
    expect(await listed()).toEqual([]);
  });
});
