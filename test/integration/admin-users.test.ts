import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../support/server.ts';
import { makeComment, makeCreator, makeProject, userRow } from './admin-fixtures.ts';
import { BROWSER, rawEvents, sendBeacon } from './analytics/analytics-support.ts';

let server: TestServer;
let admin: TestUser;
let moderator: TestUser;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createUser({ appRole: 'admin', email: 'boss@example.test' });
  moderator = await server.createUser({ appRole: 'moderator' });
  user = await server.createUser({ email: 'plain.person@example.test', name: 'Plain Person' });
  await makeCreator(server, user, 'Plain Person');
});
afterAll(() => server?.close());

describe('admin_list_users', () => {
  it('gives admins the admin user row shape, searching e-mail and name', async () => {
    const { data, error } = await admin.client.rpc('admin_list_users', { search: 'plain PERSON', max_rows: 10, skip_rows: 0 });
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      id: user.id,
      email: 'plain.person@example.test',
      role: 'user',
      is_banned: false,
      name: 'Plain Person',
      bio: null,
      last_sign_in_at: null,
      total_count: 1,
    });
    const byEmail = await admin.client.rpc('admin_list_users', { search: 'boss@' });
    expect(byEmail.data.map((r: { id: string }) => r.id)).toEqual([admin.id]);
  });

  it('matches % and _ literally rather than as wildcards', async () => {
    const { data } = await admin.client.rpc('admin_list_users', { search: '%' });
    expect(data).toEqual([]);
  });

  it('lets moderators read the list (the read-only Users page)', async () => {
    const { data, error } = await moderator.client.rpc('admin_list_users', {});
    expect(error).toBeNull();
    expect(data.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses signed-in users and visitors', async () => {
    const asUser = await user.client.rpc('admin_list_users', {});
    expect(asUser.data).toBeNull();
    expect(asUser.error?.message).toBe("You don't have admin permissions to view users");
    const asAnon = await server.anon().rpc('admin_list_users', {});
    expect(asAnon.data).toBeNull();
    expect(asAnon.error).not.toBeNull();
  });

  it('refuses oversize search and paging values', async () => {
    const { error } = await admin.client.rpc('admin_list_users', { search: 'x'.repeat(201) });
    expect(error?.message).toMatch(/too long/);
    const paging = await admin.client.rpc('admin_list_users', { max_rows: 1000 });
    expect(paging.error?.message).toMatch(/between 1 and 100/);
  });
});

describe('set_user_role', () => {
  it('lets an admin make someone a moderator, admin, and user again; the change acts at once', async () => {
    const target = await server.createUser();
    expect((await target.client.rpc('admin_dashboard_stats')).error).not.toBeNull();

    expect((await admin.client.rpc('set_user_role', { user_id: target.id, new_role: 'moderator' })).error).toBeNull();
    expect((await userRow(server, target.id)).role).toBe('moderator');
    // Same token as before: the check reads the current user row, not the token's claims.
    expect((await target.client.rpc('admin_dashboard_stats')).error).toBeNull();

    await admin.client.rpc('set_user_role', { user_id: target.id, new_role: 'admin' });
    expect((await userRow(server, target.id)).role).toBe('admin');
    await admin.client.rpc('set_user_role', { user_id: target.id, new_role: 'user' });
    expect((await userRow(server, target.id)).role).toBeNull();
    expect((await target.client.rpc('admin_dashboard_stats')).error).not.toBeNull();
  });

  it("refuses moderators and users with the spec's message, changing nothing", async () => {
    for (const caller of [moderator, user]) {
      const { error } = await caller.client.rpc('set_user_role', { user_id: user.id, new_role: 'admin' });
      expect(error?.message).toBe("You don't have admin permissions to update user roles");
    }
    expect((await userRow(server, user.id)).role).toBeNull();
  });

  it('does not trust user_metadata or a forged token role claim', async () => {
    const token = await server.ctx.keys.sign(
      { role: 'authenticated', sub: user.id, app_metadata: { role: 'admin' }, user_metadata: { isAdmin: true } },
      600,
    );
    const { error } = await server.withToken(token).rpc('set_user_role', { user_id: user.id, new_role: 'admin' });
    expect(error?.message).toBe("You don't have admin permissions to update user roles");
  });

  it('refuses unknown roles, unknown users and changing your own role', async () => {
    expect((await admin.client.rpc('set_user_role', { user_id: user.id, new_role: 'owner' })).error?.message).toMatch(/Unknown role/);
    expect(
      (await admin.client.rpc('set_user_role', { user_id: '00000000-0000-4000-8000-000000000000', new_role: 'admin' })).error?.message,
    ).toBe('User not found');
    expect((await admin.client.rpc('set_user_role', { user_id: admin.id, new_role: 'user' })).error?.message).toBe(
      'You cannot change your own role',
    );
    expect((await userRow(server, admin.id)).role).toBe('admin');
  });
});

describe('set_user_ban', () => {
  it('bans a user, who then cannot comment or report, and unbans them', async () => {
    const maker = await server.createUser();
    const project = await makeProject(server, maker, { status: 'approved' });
    const target = await server.createUser();

    expect((await admin.client.rpc('set_user_ban', { user_id: target.id, banned: true })).error).toBeNull();
    expect((await userRow(server, target.id)).banned_until!.getTime()).toBeGreaterThan(Date.now());
    const listed = await admin.client.rpc('admin_list_users', { search: target.email });
    expect(listed.data[0].is_banned).toBe(true);

    // The ban ended the session the token names, and the refusal says why.
    const comment = await target.client.from('project_comments').insert({ project_id: project, content: 'still here' });
    expect(comment.error).toMatchObject({ code: 'PGRST303', message: 'JWT session has ended', details: 'user_banned' });
    // Even with a live session (one made behind auth's back), RLS refuses a banned account.
    const again = await server.newSession(target);
    expect((await again.client.from('project_comments').insert({ project_id: project, content: 'still here' })).error?.code).toBe('42501');
    expect((await again.client.from('reports').insert({ type: 'project', target_id: project, reason: 'Spam' })).error?.code).toBe('42501');
    expect((await server.ctx.db.query(`select 1 from public.project_comments where project_id = $1`, [project])).rows).toEqual([]);

    expect((await admin.client.rpc('set_user_ban', { user_id: target.id, banned: false })).error).toBeNull();
    expect((await userRow(server, target.id)).banned_until).toBeNull();
    // Unbanned, the account signs in again and may comment.
    const back = await server.newSession(target);
    expect((await back.client.from('project_comments').insert({ project_id: project, content: 'back' })).error).toBeNull();
  });

  it('a session ended otherwise (signed out) is refused without naming a reason', async () => {
    const someone = await server.createUser();
    await server.ctx.db.query(`delete from auth.sessions where user_id = $1`, [someone.id]);
    const { error } = await someone.client.from('creators').select('id').limit(1);
    expect(error).toMatchObject({ code: 'PGRST303', details: null });
  });

  it('ends the banned user’s sessions', async () => {
    const target = await server.createUser();
    await server.ctx.db.query(`insert into auth.sessions (id, user_id) values (gen_random_uuid(), $1)`, [target.id]);
    await admin.client.rpc('set_user_ban', { user_id: target.id, banned: true });
    const { rows } = await server.ctx.db.query(`select 1 from auth.sessions where user_id = $1`, [target.id]);
    expect(rows).toHaveLength(0);
  });

  it("refuses moderators and users with the spec's message; an admin cannot ban themselves", async () => {
    for (const caller of [moderator, user]) {
      const { error } = await caller.client.rpc('set_user_ban', { user_id: admin.id, banned: true });
      expect(error?.message).toBe("You don't have admin permissions to ban/unban users");
    }
    expect((await admin.client.rpc('set_user_ban', { user_id: admin.id, banned: true })).error?.message).toBe('You cannot ban yourself');
    expect((await userRow(server, admin.id)).banned_until).toBeNull();
    expect(
      (await admin.client.rpc('set_user_ban', { user_id: '00000000-0000-4000-8000-000000000000', banned: true })).error?.message,
    ).toBe('User not found');
  });

  it('a banned admin loses admin rights at once', async () => {
    const other = await server.createUser({ appRole: 'admin' });
    await admin.client.rpc('set_user_ban', { user_id: other.id, banned: true });
    expect((await other.client.rpc('set_user_role', { user_id: user.id, new_role: 'admin' })).error?.details).toBe('user_banned');
    // A live session would not help either: the database no longer counts a banned account as staff.
    const again = await server.newSession(other);
    const { error } = await again.client.rpc('set_user_role', { user_id: user.id, new_role: 'admin' });
    expect(error?.message).toBe("You don't have admin permissions to update user roles");
    expect((await userRow(server, user.id)).role).not.toBe('admin');
  });
});

describe('admin_dashboard_stats and project views', () => {
  it('counts real users, projects, views and comments', async () => {
    const before = (await admin.client.rpc('admin_dashboard_stats')).data;
    const maker = await server.createUser();
    const project = await makeProject(server, maker, { status: 'approved' });
    await makeComment(server, maker, project);
    expect((await sendBeacon(server, { view: project })).status).toBe(204);
    // The same visitor the same day does not count twice; another browser does.
    expect((await sendBeacon(server, { view: project })).status).toBe(204);
    expect((await sendBeacon(server, { view: project }, { userAgent: BROWSER.replace('Chrome/131', 'Chrome/130') })).status).toBe(204);

    const { data, error } = await moderator.client.rpc('admin_dashboard_stats');
    expect(error).toBeNull();
    expect(data).toEqual({
      totalUsers: before.totalUsers + 1,
      totalProjects: before.totalProjects + 1,
      totalViews: before.totalViews + 2,
      totalComments: before.totalComments + 1,
    });
  });

  it('does not count views of projects under review, and refuses bad input', async () => {
    const maker = await server.createUser();
    const pending = await makeProject(server, maker);
    expect((await sendBeacon(server, { view: pending })).status).toBe(204);
    expect(await rawEvents(server, pending)).toEqual([]);
    expect((await sendBeacon(server, { view: '<script>' })).status).toBe(400);
  });

  it('keeps view rows and stats away from non-staff', async () => {
    expect((await user.client.rpc('admin_dashboard_stats')).error?.message).toBe("You don't have admin permissions to view stats");
    expect((await server.anon().rpc('admin_dashboard_stats')).error).not.toBeNull();
    // The daily stats are their makers' alone (test/integration/analytics/stats.test.ts has the rest).
    await server.ctx.db.query(`insert into public.project_daily_stats (project_id, day, views) select id, '2030-01-01', 4 from public.projects limit 1`);
    const views = await user.client.from('project_daily_stats').select('*');
    expect(views.error).toBeNull();
    expect(views.data).toEqual([]);
  });
});

describe('activity_events', () => {
  it('records sign-ups, submissions, approvals, comments and reports, newest first, for staff only', async () => {
    const maker = await server.createUser({ email: 'newcomer@example.test' });
    const project = await makeProject(server, maker, { title: 'Fresh Thing' });
    await admin.client.rpc('review_project', { project_id: project, action: 'approve' });
    const comment = await makeComment(server, maker, project);
    await user.client.from('reports').insert({ type: 'comment', target_id: comment, reason: 'Spam' });

    const { data, error } = await moderator.client
      .from('activity_events')
      .select('kind, summary')
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(5);
    expect(error).toBeNull();
    expect(data!.map((e) => e.kind)).toEqual(['report_filed', 'comment_posted', 'project_approved', 'project_submitted', 'user_signed_up']);
    expect(data![4]!.summary).toBe('New user registered: newcomer@example.test');
    expect(data![3]!.summary).toBe('New project submitted: Fresh Thing');

    expect((await user.client.from('activity_events').select('*')).data ?? []).toEqual([]);
    expect((await server.anon().from('activity_events').select('*')).data ?? []).toEqual([]);
    expect((await admin.client.from('activity_events').insert({ kind: 'comment_posted', summary: 'fake' })).error).not.toBeNull();
  });
});
