import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { outbox } from '../notifications/fixtures.ts';
import { anonymousUser, approvedProject, countRows, ensureCreator } from './fixtures.ts';

/**
 * Co-makers (issue 18, decision 183): invitations that never reveal whether an address has an
 * account, at most 10 pending, accept/decline, co-makers editing like the owner (column guards,
 * back to review, images), only the owner inviting, removing and deleting; project_makers' RLS.
 */
let server: TestServer;
let owner: TestUser;
let comaker: TestUser;
let user: TestUser;
let banned: TestUser;
let moderator: TestUser;
let admin: TestUser;
let anonymous: TestUser;
let project: string;
let png: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.createUser({ name: 'Olivia Owner', email: 'olivia@example.test' });
  comaker = await server.createUser({ name: 'Cody Comaker', email: 'cody@example.test' });
  user = await server.createUser({ name: 'Ursula' });
  banned = await server.createUser({ name: 'Banned', bannedUntil: new Date(Date.now() + 86_400_000 * 365) });
  moderator = await server.createUser({ appRole: 'moderator' });
  admin = await server.createUser({ appRole: 'admin' });
  anonymous = await anonymousUser(server);
  project = await approvedProject(server, owner, 'Team Project');
  await ensureCreator(server, user);
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366ff' } }).png().toBuffer();
});
afterAll(() => server?.close());

const invitations = () => countRows(server, 'select 1 from showcase_private.comaker_invitations where project_id = $1', [project]);
const makers = async (client: TestUser['client']) =>
  ((await client.from('project_makers').select('user_id, role').eq('project_id', project).order('role', { ascending: false })).data ?? []) as { user_id: string; role: string }[];

describe('invitations', () => {
  it('the owner row exists for every project and everyone who sees the project sees its makers', async () => {
    expect(await makers(server.anon())).toEqual([{ user_id: owner.id, role: 'owner' }]);
  });

  it('inviting an account and an unknown address answers the same; the account is told in-app, the address by e-mail', async () => {
    const known = await owner.client.rpc('invite_comaker', { project, email: ' Cody@Example.test ' });
    const unknown = await owner.client.rpc('invite_comaker', { project, email: 'newcomer@example.test' });
    expect(known).toMatchObject({ error: null, data: null, status: 204 });
    expect(unknown).toMatchObject({ error: null, data: null, status: 204 });
    const { rows } = await server.ctx.db.query<{ type: string; link: string }>(`select type, link from public.notifications where user_id = $1`, [comaker.id]);
    expect(rows).toEqual([{ type: 'comaker_invited', link: '/invitations' }]);
    const mail = await outbox(server, 'newcomer@example.test');
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ stream: 'comaker_invited', template: 'comaker_invitation', payload: { link: '/signup' } });
    const listed = await owner.client.rpc('project_invitations', { project });
    expect((listed.data as { email: string }[]).map((i) => i.email)).toEqual(['cody@example.test', 'newcomer@example.test']);
    expect(Object.keys((listed.data as object[])[0]!).sort()).toEqual(['created_at', 'email', 'id']);
  });

  it('only the owner invites or lists invitations: co-makers-to-be, users, staff, banned, anonymous and visitors are refused', async () => {
    const before = await invitations();
    for (const who of [user.client, comaker.client, moderator.client, admin.client, anonymous.client, server.anon()]) {
      const { error } = await who.rpc('invite_comaker', { project, email: 'x@example.test' });
      expect(error?.code).toBe('42501');
      expect((await who.rpc('project_invitations', { project })).error?.code).toBe('42501');
    }
    const ownerBanned = await approvedProject(server, banned, 'Banned project');
    expect((await banned.client.rpc('invite_comaker', { project: ownerBanned, email: 'x@example.test' })).error?.message).toBe("Only the project's owner can manage its makers");
    expect(await invitations()).toBe(before);
  });

  it('a bad address and an eleventh invitation are refused with clear errors, nothing stored', async () => {
    expect((await owner.client.rpc('invite_comaker', { project, email: 'not an address' })).error?.message).toBe('Please enter a valid e-mail address');
    for (let i = 3; i <= 10; i++) {
      expect((await owner.client.rpc('invite_comaker', { project, email: `person${i}@example.test` })).error).toBeNull();
    }
    expect(await invitations()).toBe(10);
    const eleventh = await owner.client.rpc('invite_comaker', { project, email: 'eleventh@example.test' });
    expect(eleventh.error?.message).toBe('A project can have at most 10 pending invitations');
    expect(await invitations()).toBe(10);
    expect(await outbox(server, 'eleventh@example.test')).toEqual([]);
  });

  it('the invitee sees and accepts their invitation; others cannot answer it', async () => {
    const mine = await comaker.client.rpc('my_invitations');
    expect(mine.data).toEqual([expect.objectContaining({ project_id: project, project_title: 'Team Project', inviter_name: 'Olivia Owner' })]);
    const id = (mine.data as { id: string }[])[0]!.id;
    expect((await user.client.rpc('my_invitations')).data).toEqual([]);
    expect((await user.client.rpc('respond_to_invitation', { invitation: id, accept: true })).error?.message).toBe('This invitation is not yours or no longer open');
    expect((await comaker.client.rpc('respond_to_invitation', { invitation: id, accept: true })).error).toBeNull();
    expect(await makers(server.anon())).toEqual([
      { user_id: owner.id, role: 'owner' },
      { user_id: comaker.id, role: 'maker' },
    ]);
    expect(await countRows(server, `select 1 from public.notifications where user_id = $1 and type = 'comaker_invited'`, [comaker.id])).toBe(0);
    expect((await comaker.client.rpc('respond_to_invitation', { invitation: id, accept: true })).error?.code).toBe('42501');
  });

  it('an address without an account claims its invitation once it signs up and confirms; declining uses it up', async () => {
    const newcomer = await server.createUser({ name: 'Nina Newcomer', email: 'newcomer@example.test' });
    const mine = await newcomer.client.rpc('my_invitations');
    expect(mine.data).toHaveLength(1);
    expect((await newcomer.client.rpc('respond_to_invitation', { invitation: (mine.data as { id: string }[])[0]!.id, accept: false })).error).toBeNull();
    expect((await newcomer.client.rpc('my_invitations')).data).toEqual([]);
    expect((await makers(server.anon())).map((m) => m.user_id)).not.toContain(newcomer.id);
  });
});

describe('co-makers edit like the owner', () => {
  it('a co-maker edits the project: it goes back to review and stays visible to its makers', async () => {
    const { data, error } = await comaker.client.from('projects').update({ description: 'Now by two' }).eq('id', project).select('description, status').single();
    expect(error).toBeNull();
    expect(data).toEqual({ description: 'Now by two', status: 'pending' });
    expect((await owner.client.from('projects').select('id').eq('id', project)).data).toHaveLength(1);
    expect((await server.anon().from('projects').select('id').eq('id', project)).data).toEqual([]);
    await server.ctx.db.query(`update public.projects set status = 'approved' where id = $1`, [project]);
  });

  it('the column guards hold for co-makers: no reviewing, featuring or changing counts', async () => {
    expect((await comaker.client.from('projects').update({ featured: true }).eq('id', project)).error?.message).toBe('Only admins can feature projects');
    expect((await comaker.client.from('projects').update({ status: 'rejected' }).eq('id', project)).error?.message).toBe('Only admins and moderators can review projects');
    expect((await comaker.client.from('projects').update({ upvotes: 99 }).eq('id', project)).error?.code).toBe('42501');
  });

  it('others cannot edit it', async () => {
    for (const who of [user, anonymous, moderator]) {
      const { data } = await who.client.from('projects').update({ title: 'Hijacked' }).eq('id', project).select('id');
      expect(data ?? []).toEqual([]);
    }
    expect((await server.anon().from('projects').update({ title: 'Hijacked' }).eq('id', project)).error?.code).toBe('42501');
    const { rows } = await server.ctx.db.query<{ title: string }>('select title from public.projects where id = $1', [project]);
    expect(rows[0]!.title).toBe('Team Project');
  });

  it("a co-maker replaces the project's image, which the owner uploaded; another user cannot", async () => {
    const name = `${owner.id}/team.png`;
    const file = (bytes: Buffer) => new File([new Uint8Array(bytes)], 'image.png', { type: 'image/png' });
    expect((await owner.client.storage.from('project-images').upload(name, file(png), { contentType: 'image/png' })).error).toBeNull();
    const url = owner.client.storage.from('project-images').getPublicUrl(name).data.publicUrl;
    await server.ctx.db.query(`update public.projects set image_url = $2 where id = $1`, [project, url]);
    const other = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } }).png().toBuffer();
    expect((await user.client.storage.from('project-images').update(name, file(other), { contentType: 'image/png' })).error).toMatchObject({ statusCode: '403' });
    expect((await comaker.client.storage.from('project-images').update(name, file(other), { contentType: 'image/png' })).error).toBeNull();
    expect((await server.storedBytes(name))!.equals(other)).toBe(true);
  });

  it('only the owner deletes the project', async () => {
    expect((await comaker.client.from('projects').delete().eq('id', project).select('id')).data).toEqual([]);
    expect(await countRows(server, 'select 1 from public.projects where id = $1', [project])).toBe(1);
  });
});

describe('removing makers', () => {
  it('a co-maker removing the owner is refused with a clear error, nothing changed', async () => {
    const { error } = await comaker.client.from('project_makers').delete().eq('project_id', project).eq('user_id', owner.id);
    expect(error?.message).toBe('The owner cannot be removed from their project');
    expect(await makers(server.anon())).toHaveLength(2);
  });

  it('a co-maker cannot remove another co-maker, but may leave', async () => {
    await server.ctx.db.query(`insert into public.project_makers (project_id, user_id) values ($1, $2)`, [project, user.id]);
    const { error } = await comaker.client.from('project_makers').delete().eq('project_id', project).eq('user_id', user.id);
    expect(error?.message).toBe("Only the project's owner can remove its makers");
    expect((await user.client.from('project_makers').delete().eq('project_id', project).eq('user_id', user.id).select('user_id')).data).toEqual([{ user_id: user.id }]);
  });

  it('users, staff below admin, banned and anonymous users remove nobody', async () => {
    for (const who of [user, moderator, banned, anonymous]) {
      const { data } = await who.client.from('project_makers').delete().eq('project_id', project).eq('user_id', comaker.id).select();
      expect(data ?? []).toEqual([]);
    }
    expect((await server.anon().from('project_makers').delete().eq('project_id', project)).error?.code).toBe('42501');
    expect(await makers(server.anon())).toHaveLength(2);
  });

  it('the owner removes a co-maker, who then can no longer edit', async () => {
    const { data } = await owner.client.from('project_makers').delete().eq('project_id', project).eq('user_id', comaker.id).select('user_id');
    expect(data).toEqual([{ user_id: comaker.id }]);
    const edit = await comaker.client.from('projects').update({ title: 'Still mine?' }).eq('id', project).select('id');
    expect(edit.data).toEqual([]);
  });

  it('admins and the service role may remove a co-maker; deleting the project takes its makers along', async () => {
    await server.ctx.db.query(`insert into public.project_makers (project_id, user_id) values ($1, $2)`, [project, user.id]);
    expect((await admin.client.from('project_makers').delete().eq('user_id', user.id).select('user_id')).data).toEqual([{ user_id: user.id }]);
    expect((await owner.client.from('projects').delete().eq('id', project).select('id')).data).toEqual([{ id: project }]);
    expect(await countRows(server, 'select 1 from public.project_makers where project_id = $1', [project])).toBe(0);
  });
});
