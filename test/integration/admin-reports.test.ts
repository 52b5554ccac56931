import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../support/server.ts';
import { makeComment, makeProject, projectRow, userRow } from './admin-fixtures.ts';

let server: TestServer;
let admin: TestUser;
let moderator: TestUser;
let reporter: TestUser;
let maker: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createUser({ appRole: 'admin' });
  moderator = await server.createUser({ appRole: 'moderator' });
  reporter = await server.createUser({ email: 'reporter@example.test' });
  maker = await server.createUser();
});
afterAll(() => server?.close());

async function report(type: 'comment' | 'project' | 'user', targetId: string, reason = 'Spam', by = reporter) {
  return by.client.from('reports').insert({ type, target_id: targetId, reason }).select().single();
}

describe('reports', () => {
  it('a signed-in user reports a comment; labels come from the database, not the client', async () => {
    const project = await makeProject(server, maker, { status: 'approved' });
    const comment = await makeComment(server, maker, project, 'Buy cheap stuff at spam.example');
    const { data, error } = await reporter.client
      .from('reports')
      .insert({ type: 'comment', target_id: comment, reason: '  Spam  ', reporter: 'someone else', reported_item: 'forged', status: 'resolved' })
      .select()
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      type: 'comment',
      reporter_id: reporter.id,
      reporter: 'reporter@example.test',
      reported_item: 'Comment: Buy cheap stuff at spam.example',
      reason: 'Spam',
      status: 'pending',
      resolved_at: null,
    });
  });

  it('refuses a second open report of the same item by the same person', async () => {
    const project = await makeProject(server, maker, { status: 'approved' });
    expect((await report('project', project)).error).toBeNull();
    expect((await report('project', project)).error).not.toBeNull();
  });

  it('refuses visitors, banned users, unknown targets and empty or oversize reasons, storing nothing', async () => {
    const project = await makeProject(server, maker, { status: 'approved' });
    const banned = await server.createUser({ bannedUntil: new Date(Date.now() + 86_400_000) });
    expect((await server.anon().from('reports').insert({ type: 'project', target_id: project, reason: 'x' })).error).not.toBeNull();
    expect((await report('project', project, 'Spam', banned)).error).not.toBeNull();
    expect((await report('project', '00000000-0000-4000-8000-000000000000')).error?.message).toBe('Project not found');
    expect((await report('comment', project)).error?.message).toBe('Comment not found');
    expect((await report('user', project)).error?.message).toBe('User not found');
    expect((await report('project', project, '   ')).error?.message).toBe('Please choose a reason for the report');
    expect((await report('project', project, 'x'.repeat(501))).error?.message).toMatch(/too long/);
    const { rows } = await server.ctx.db.query(`select 1 from public.reports where target_id = $1`, [project]);
    expect(rows).toHaveLength(0);
  });

  it('staff read all reports; other users see only their own, visitors none', async () => {
    const project = await makeProject(server, maker, { status: 'approved' });
    const mine = (await report('project', project, 'Broken', maker)).data!;
    const staffView = await moderator.client.from('reports').select('id');
    expect(staffView.data!.length).toBeGreaterThan(1);
    const makerView = await maker.client.from('reports').select('id');
    expect(makerView.data).toEqual([{ id: mine.id }]);
    expect((await server.anon().from('reports').select('id')).data ?? []).toEqual([]);
  });

  it('nobody updates or deletes reports directly, only through moderate_report', async () => {
    const project = await makeProject(server, maker, { status: 'approved' });
    const r = (await report('project', project, 'Direct')).data!;
    await admin.client.from('reports').update({ status: 'resolved' }).eq('id', r.id);
    await reporter.client.from('reports').delete().eq('id', r.id);
    const { rows } = await server.ctx.db.query<{ status: string }>(`select status from public.reports where id = $1`, [r.id]);
    expect(rows).toEqual([{ status: 'pending' }]);
  });
});

describe('moderate_report', () => {
  it('a moderator resolves a comment report and hides the comment', async () => {
    const project = await makeProject(server, maker, { status: 'approved' });
    const comment = await makeComment(server, maker, project, 'rude words');
    const r = (await report('comment', comment)).data!;
    const { data, error } = await moderator.client.rpc('moderate_report', { report_id: r.id, decision: 'resolved', hide_target: true });
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: r.id, status: 'resolved', resolved_by: moderator.id, target_hidden: true });
    expect(data.resolved_at).toBeTruthy();
    expect((await server.anon().from('project_comments').select('id').eq('id', comment)).data).toEqual([]);
  });

  it('dismissing leaves the item alone; a handled report cannot be handled again', async () => {
    const project = await makeProject(server, maker, { status: 'approved' });
    const comment = await makeComment(server, maker, project);
    const r = (await report('comment', comment)).data!;
    expect((await admin.client.rpc('moderate_report', { report_id: r.id, decision: 'dismissed' })).data.status).toBe('dismissed');
    expect((await server.anon().from('project_comments').select('id').eq('id', comment)).data).toHaveLength(1);
    const again = await admin.client.rpc('moderate_report', { report_id: r.id, decision: 'resolved' });
    expect(again.error?.message).toBe('This report has already been dismissed');
  });

  it('hiding a reported project takes it out of the showcase with the reason for its maker', async () => {
    const project = await makeProject(server, maker, { status: 'approved', featured: true });
    const r = (await report('project', project, 'Stolen design')).data!;
    await moderator.client.rpc('moderate_report', { report_id: r.id, decision: 'resolved', hide_target: true });
    expect(await projectRow(server, project)).toEqual({
      status: 'rejected',
      featured: false,
      rejection_reason: 'Removed after a report: Stolen design',
    });
  });

  it('hiding a reported user bans them, for admins only', async () => {
    const troll = await server.createUser();
    const r1 = (await report('user', troll.id, 'Harassment')).data!;
    const asModerator = await moderator.client.rpc('moderate_report', { report_id: r1.id, decision: 'resolved', hide_target: true });
    expect(asModerator.error?.message).toBe("You don't have admin permissions to ban/unban users");
    expect((await userRow(server, troll.id)).banned_until).toBeNull();
    expect((await admin.client.rpc('moderate_report', { report_id: r1.id, decision: 'resolved', hide_target: true })).error).toBeNull();
    expect((await userRow(server, troll.id)).banned_until).not.toBeNull();
  });

  it('refuses users and visitors, unknown reports and unknown decisions', async () => {
    const project = await makeProject(server, maker, { status: 'approved' });
    const r = (await report('project', project, 'Odd')).data!;
    expect((await reporter.client.rpc('moderate_report', { report_id: r.id, decision: 'dismissed' })).error?.message).toBe(
      "You don't have admin permissions to moderate reports",
    );
    expect((await server.anon().rpc('moderate_report', { report_id: r.id, decision: 'dismissed' })).error).not.toBeNull();
    expect(
      (await admin.client.rpc('moderate_report', { report_id: '00000000-0000-4000-8000-000000000000', decision: 'resolved' })).error?.message,
    ).toBe('Report not found');
    expect((await admin.client.rpc('moderate_report', { report_id: r.id, decision: 'deleted' })).error?.message).toMatch(/Unknown decision/);
    expect((await admin.client.rpc('moderate_report', { report_id: r.id, decision: 'dismissed', hide_target: true })).error?.message).toMatch(
      /Only a resolved report/,
    );
    const { rows } = await server.ctx.db.query<{ status: string }>(`select status from public.reports where id = $1`, [r.id]);
    expect(rows).toEqual([{ status: 'pending' }]);
  });
});
