import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { makeComment, makeCreator, makeProject } from '../admin-fixtures.ts';

/**
 * The public moderation log (decision 264): off by default, so nobody reads it; on, a visitor
 * reads removals and bans with their reasons and nothing personal.
 */

let server: TestServer;
let admin: TestUser;
let moderator: TestUser;
let reporter: TestUser;
let maker: TestUser;
let spammer: TestUser;
let keptProject: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createUser({ appRole: 'admin' });
  moderator = await server.createUser({ appRole: 'moderator' });
  reporter = await server.createUser();
  maker = await server.createUser();
  spammer = await server.createUser();
  await makeCreator(server, maker, 'Maker');
  await makeCreator(server, spammer, 'Spammer');
  const { rows } = await server.ctx.db.query<{ handle: string }>(`select handle from public.creators where id = $1`, [spammer.id]);
  expect(rows[0]!.handle).toBeTruthy();

  // A comment removed after a report (on a project still public), a project taken out, a ban, and an approval (not a removal).
  keptProject = await makeProject(server, maker, { title: 'Still Public', status: 'approved' });
  const comment = await makeComment(server, spammer, keptProject, 'Cheap pills');
  const { data: report } = await reporter.client.from('reports').insert({ type: 'comment', target_id: comment, reason: 'Spam link' }).select('id').single();
  expect((await moderator.client.rpc('moderate_report', { report_id: (report as { id: string }).id, decision: 'resolved', hide_target: true })).error).toBeNull();
  const removed = await makeProject(server, maker, { title: 'Taken Out', status: 'approved' });
  expect((await moderator.client.from('projects').update({ status: 'rejected', rejection_reason: 'Not built with AI' }).eq('id', removed)).error).toBeNull();
  expect((await admin.client.rpc('set_user_ban', { user_id: spammer.id, banned: true })).error).toBeNull();
  const approved = await makeProject(server, maker, { title: 'Fine' });
  expect((await moderator.client.functions.invoke('admin-review-project', { body: { projectId: approved, action: 'approve' } })).error).toBeNull();
});
afterAll(() => server?.close());

async function setPublic(on: boolean) {
  const { error } = await admin.client.from('site_settings').update({ public_moderation_log: on }).eq('id', true);
  expect(error).toBeNull();
}

describe('the public moderation log', () => {
  it('is off by default: a visitor and a member read nothing, and the public settings say so', async () => {
    expect((await server.anon().from('moderation_log').select('*')).data).toEqual([]);
    expect((await reporter.client.from('moderation_log').select('*')).data).toEqual([]);
    const { data } = await server.anon().from('site_settings_public').select('public_moderation_log').single();
    expect(data).toEqual({ public_moderation_log: false });
  });

  it('a member cannot turn it on; an admin can, and then a visitor reads removals and bans with reasons', async () => {
    const refused = await reporter.client.from('site_settings').update({ public_moderation_log: true }).eq('id', true).select();
    expect(refused.data ?? []).toEqual([]);
    await setPublic(true);
    const { data, error } = await server.anon().from('moderation_log').select('*').order('id');
    expect(error).toBeNull();
    const spammerHandle = (await server.ctx.db.query<{ handle: string }>(`select handle from public.creators where id = $1`, [spammer.id])).rows[0]!.handle;
    expect(data!.map(({ action, subject, reason }) => ({ action, subject, reason }))).toEqual([
      { action: 'comment.remove', subject: 'Still Public', reason: 'Spam link' },
      // No longer public: the subject is not named.
      { action: 'project.remove', subject: null, reason: 'Not built with AI' },
      { action: 'user.ban', subject: `@${spammerHandle}`, reason: null },
    ]);
    // Nothing personal: who acted, from where, and which row are not columns of it.
    expect(Object.keys(data![0]!).sort()).toEqual(['action', 'at', 'id', 'reason', 'subject']);
    expect((await server.anon().from('moderation_log').select('client_ip')).error).not.toBeNull();
  });

  it('turned off again, it is empty again', async () => {
    await setPublic(false);
    expect((await server.anon().from('moderation_log').select('*')).data).toEqual([]);
  });

  it('nobody writes to it', async () => {
    const insert = await admin.client.from('moderation_log').insert({ action: 'user.ban' });
    expect(insert.error).not.toBeNull();
  });
});
