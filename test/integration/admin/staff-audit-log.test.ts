import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetTwoFactor } from '../../../server/auth/mfa.ts';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { makeComment, makeCreator, makeProject } from '../admin-fixtures.ts';

/**
 * The staff audit log (issue 36 item 5, decision 263): every staff path writes its row, from the
 * database, with the client IP under TRUST_PROXY rules and the request id; admins alone read it;
 * nobody writes it directly.
 */

let server: TestServer;
let admin: TestUser;
let moderator: TestUser;
let member: TestUser;
let maker: TestUser;

// The test client connects from 127.0.0.1, the one trusted proxy: the right-most other hop is the client.
const FORWARDED = { 'x-forwarded-for': '198.51.100.7, 203.0.113.9', 'x-real-ip': '6.6.6.6' };
const CLIENT_IP = '203.0.113.9';

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '127.0.0.1' });
  admin = await server.createUser({ appRole: 'admin' });
  moderator = await server.createUser({ appRole: 'moderator' });
  member = await server.createUser();
  maker = await server.createUser();
  await makeCreator(server, maker, 'Maker');
});
afterAll(() => server?.close());

interface Row {
  actor_id: string | null;
  actor_role: string;
  action: string;
  subject_table: string;
  subject_id: string | null;
  subject_label: string | null;
  reason: string | null;
  details: Record<string, unknown>;
  client_ip: string | null;
  request_id: string | null;
}

async function rowsFor(subjectId: string): Promise<Row[]> {
  const { rows } = await server.ctx.db.query<Row>(`select * from public.staff_audit_log where subject_id = $1 order by id`, [subjectId]);
  return rows;
}

const as = (user: TestUser, requestId?: string) =>
  server.clientOf(user, requestId ? { ...FORWARDED, 'x-request-id': requestId } : FORWARDED);

describe('each staff path writes a row', () => {
  it('a REST PATCH: a moderator approves a project', async () => {
    const id = await makeProject(server, maker, { title: 'Patched' });
    const { error } = await as(moderator, 'audit-rest-0001').from('projects').update({ status: 'approved' }).eq('id', id);
    expect(error).toBeNull();
    expect(await rowsFor(id)).toEqual([
      expect.objectContaining({
        actor_id: moderator.id,
        actor_role: 'moderator',
        action: 'project.approve',
        subject_table: 'public.projects',
        subject_label: 'Patched',
        client_ip: CLIENT_IP,
        request_id: 'audit-rest-0001',
        details: expect.objectContaining({ status: { from: 'pending', to: 'approved' } }),
      }),
    ]);
  });

  it('a server function: an admin rejects a project, with its reason', async () => {
    const id = await makeProject(server, maker, { title: 'Functioned' });
    const { error } = await as(admin, 'audit-fn-0001').functions.invoke('admin-review-project', { body: { projectId: id, action: 'reject', reason: 'No screenshots' } });
    expect(error).toBeNull();
    expect(await rowsFor(id)).toEqual([
      expect.objectContaining({ actor_id: admin.id, action: 'project.reject', reason: 'No screenshots', client_ip: CLIENT_IP, request_id: 'audit-fn-0001' }),
    ]);
  });

  it('the function deletes and features: each its own action', async () => {
    const id = await makeProject(server, maker, { title: 'Gone', status: 'approved' });
    await as(admin).functions.invoke('admin-review-project', { body: { projectId: id, action: 'feature' } });
    await as(admin).functions.invoke('admin-review-project', { body: { projectId: id, action: 'delete' } });
    expect((await rowsFor(id)).map((r) => r.action)).toEqual(['project.feature', 'project.delete']);
  });

  it("a project's comments and replies going with it are not logged again", async () => {
    const id = await makeProject(server, maker, { status: 'approved' });
    const top = await makeComment(server, maker, id, 'Top');
    const { rows } = await server.ctx.db.query<{ id: string }>(
      `insert into public.project_comments (project_id, user_id, content, parent_id) values ($1, $2, 'Reply', $3) returning id`,
      [id, member.id, top],
    );
    expect((await as(admin).from('project_comments').delete().eq('id', top)).error).toBeNull();
    expect((await rowsFor(top)).map((r) => r.action)).toEqual(['comment.remove']);
    expect(await rowsFor(rows[0]!.id)).toEqual([]);
  });

  it('RPCs: roles and bans, with the IP from the trusted proxy', async () => {
    const target = await server.createUser();
    expect((await as(admin).rpc('set_user_role', { user_id: target.id, new_role: 'moderator' })).error).toBeNull();
    expect((await as(admin).rpc('set_user_ban', { user_id: target.id, banned: true })).error).toBeNull();
    expect((await as(admin).rpc('set_user_ban', { user_id: target.id, banned: false })).error).toBeNull();
    const rows = await rowsFor(target.id);
    expect(rows.map((r) => r.action)).toEqual(['user.set_role', 'user.ban', 'user.unban']);
    expect(rows[0]!.details).toEqual({ role: { from: 'user', to: 'moderator' } });
    expect(rows.every((r) => r.actor_id === admin.id && r.client_ip === CLIENT_IP)).toBe(true);
  });

  it('a report resolved by removing the comment: the removal carries the report reason', async () => {
    const project = await makeProject(server, maker, { status: 'approved' });
    const comment = await makeComment(server, maker, project, 'Buy now');
    const { data: report } = await member.client.from('reports').insert({ type: 'comment', target_id: comment, reason: 'Spam' }).select().single();
    const { error } = await as(moderator).rpc('moderate_report', { report_id: (report as { id: string }).id, decision: 'resolved', hide_target: true });
    expect(error).toBeNull();
    expect(await rowsFor(comment)).toEqual([expect.objectContaining({ action: 'comment.remove', reason: 'Spam', actor_role: 'moderator', subject_label: 'Buy now' })]);
    expect(await rowsFor((report as { id: string }).id)).toEqual([expect.objectContaining({ action: 'report.resolve', reason: 'Spam' })]);
  });

  it('a REST DELETE of a comment and a settings change by an admin', async () => {
    const project = await makeProject(server, maker, { status: 'approved' });
    const comment = await makeComment(server, maker, project);
    expect((await as(admin).from('project_comments').delete().eq('id', comment)).error).toBeNull();
    expect((await rowsFor(comment)).map((r) => r.action)).toEqual(['comment.remove']);
    expect((await as(admin).from('site_settings').update({ launch_shuffle: false }).eq('id', true)).error).toBeNull();
    await as(admin).from('site_settings').update({ launch_shuffle: true }).eq('id', true);
    const { rows } = await server.ctx.db.query<Row>(`select * from public.staff_audit_log where action = 'settings.update' order by id`);
    expect(rows.map((r) => r.details)).toEqual([{ launch_shuffle: { from: true, to: false } }, { launch_shuffle: { from: false, to: true } }]);
  });

  it('an admin invitation and the operator resetting two-factor', async () => {
    const { data, error } = await as(admin).functions.invoke('admin-invite-user', { body: { email: 'invited-audit@example.test' } });
    expect(error).toBeNull();
    const invited = (data as { user: { id: string } }).user.id;
    expect(await rowsFor(invited)).toEqual([expect.objectContaining({ action: 'user.invite', actor_id: admin.id, client_ip: CLIENT_IP, subject_label: 'invited-audit@example.test' })]);

    expect(await resetTwoFactor(server.ctx.db, member.email)).toBe(true);
    expect(await rowsFor(member.id)).toEqual([expect.objectContaining({ action: 'user.reset_mfa', actor_id: null, actor_role: 'operator', client_ip: null })]);
  });

  it("the operator's service key: a role and a ban through the auth admin API", async () => {
    const target = await server.createUser();
    const admin = server.service().auth.admin;
    expect((await admin.updateUserById(target.id, { app_metadata: { role: 'moderator' } })).error).toBeNull();
    expect((await admin.updateUserById(target.id, { ban_duration: '24h' })).error).toBeNull();
    const rows = await rowsFor(target.id);
    expect(rows.map((r) => [r.action, r.actor_id, r.actor_role])).toEqual([
      ['user.set_role', null, 'operator'],
      ['user.ban', null, 'operator'],
    ]);
    // No proxy header from the service client: the trusted peer itself.
    expect(rows.every((r) => r.client_ip === '127.0.0.1' && r.request_id)).toBe(true);
  });

  it("what is not a staff action is not logged: a maker's own edit, an admin's own project", async () => {
    const own = await makeProject(server, maker);
    expect((await as(maker).from('projects').update({ description: 'Mine' }).eq('id', own)).error).toBeNull();
    const adminsOwn = await makeProject(server, admin);
    expect((await as(admin).from('projects').update({ description: 'Mine too' }).eq('id', adminsOwn)).error).toBeNull();
    expect(await rowsFor(own)).toEqual([]);
    expect(await rowsFor(adminsOwn)).toEqual([]);
  });
});

describe('where a request came from', () => {
  it('an untrusted peer is the client, whatever it forwards', async () => {
    const untrusting = await startTestServer();
    try {
      const boss = await untrusting.createUser({ appRole: 'admin' });
      const owner = await untrusting.createUser();
      const id = await makeProject(untrusting, owner);
      await untrusting.clientOf(boss, FORWARDED).from('projects').update({ status: 'approved' }).eq('id', id);
      const { rows } = await untrusting.ctx.db.query<Row>(`select * from public.staff_audit_log where subject_id = $1`, [id]);
      expect(rows.map((r) => r.client_ip)).toEqual(['127.0.0.1']);
    } finally {
      await untrusting.close();
    }
  });
});

describe('who reads and writes the log', () => {
  it('an admin reads it; a moderator, a member and a visitor do not', async () => {
    const { data, error } = await admin.client.from('staff_audit_log').select('action, client_ip').limit(5);
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThan(0);
    expect((await moderator.client.from('staff_audit_log').select('id')).data).toEqual([]);
    expect((await member.client.from('staff_audit_log').select('id')).data).toEqual([]);
    const anon = await server.anon().from('staff_audit_log').select('id');
    expect(anon.error?.code).toBe('42501');
  });

  it('nobody inserts, changes or deletes a row directly, an admin and the service key included', async () => {
    const { rows } = await server.ctx.db.query<{ id: string }>(`select id::text from public.staff_audit_log order by id limit 1`);
    const id = rows[0]!.id;
    for (const client of [admin.client, server.service()]) {
      const insert = await client.from('staff_audit_log').insert({ actor_role: 'admin', action: 'project.approve', subject_table: 'x' });
      expect(insert.error?.code).toBe('42501');
      const update = await client.from('staff_audit_log').update({ client_ip: '1.1.1.1' }).eq('id', id);
      expect(update.error?.code).toBe('42501');
      const remove = await client.from('staff_audit_log').delete().eq('id', id);
      expect(remove.error?.code).toBe('42501');
    }
    const rpc = await admin.client.rpc('record_staff_action' as never);
    expect(rpc.error).not.toBeNull();
    await expect(server.ctx.db.query(`update public.staff_audit_log set reason = 'x' where id = $1`, [id])).rejects.toThrow(/cannot be changed/);
    await expect(server.ctx.db.query(`delete from public.staff_audit_log where id = $1`, [id])).rejects.toThrow(/cannot be changed/);
  });

  it('rows older than two years are purged by the job, the rest kept', async () => {
    const before = Number((await server.ctx.db.query<{ n: string }>(`select count(*) as n from public.staff_audit_log`)).rows[0]!.n);
    expect(before).toBeGreaterThan(0);
    await server.ctx.db.query(`select platform.purge_staff_audit_log()`);
    expect(Number((await server.ctx.db.query<{ n: string }>(`select count(*) as n from public.staff_audit_log`)).rows[0]!.n)).toBe(before);
    await server.advanceClock(2 * 366 * 24 * 60 * 60_000);
    const { rows } = await server.ctx.db.query<{ purged: number }>(`select platform.purge_staff_audit_log() as purged`);
    expect(rows[0]!.purged).toBe(before);
  });
});
