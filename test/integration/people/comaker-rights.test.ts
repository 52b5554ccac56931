import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { outbox } from '../notifications/fixtures.ts';
import { countRows, ensureCreator, pendingProject } from './fixtures.ts';

/**
 * Co-makers are makers (issue 30, decision 220): a co-maker edits everything the owner can
 * (content, tools, tags, gallery and its files, the video and its poster) and may leave; the
 * owner alone deletes the project, changes its launch day, invites and removes co-makers and
 * hands the project over. Each rule: the co-maker allowed, and refused where the owner alone may;
 * a stranger changes nothing. Through supabase-js against the real server.
 */
let server: TestServer;
let owner: TestUser;
let comaker: TestUser;
let second: TestUser;
let stranger: TestUser;
let project: string;
let png: Buffer;

const file = (bytes: Buffer) => new File([new Uint8Array(bytes)], 'image.png', { type: 'image/png' });
const row = async (sql: string) => (await server.ctx.db.query<Record<string, unknown>>(sql, [project])).rows[0]!;

async function invite(email: string) {
  expect((await owner.client.rpc('invite_comaker', { project, email })).error).toBeNull();
}
async function accept(who: TestUser) {
  const mine = (await who.client.rpc('my_invitations')).data as { id: string; project_id: string }[];
  const id = mine.find((i) => i.project_id === project)!.id;
  expect((await who.client.rpc('respond_to_invitation', { invitation: id, accept: true })).error).toBeNull();
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.createUser({ name: 'Olivia Owner', email: 'olivia@example.test' });
  comaker = await server.createUser({ name: 'Cody Comaker', email: 'cody@example.test' });
  second = await server.createUser({ name: 'Sam Second', email: 'sam@example.test' });
  stranger = await server.createUser({ name: 'Stan Stranger' });
  await ensureCreator(server, stranger);
  project = await pendingProject(server, owner, 'Team Project');
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366ff' } }).png().toBuffer();
});
afterAll(() => server?.close());

describe('an invitation to an account', () => {
  it('reaches it in the app and by e-mail by default; an invitee who turned e-mail off gets the app only', async () => {
    expect((await second.client.from('notification_preferences').upsert({ type: 'comaker_invited', in_app: true, email: 'off' })).error).toBeNull();
    await invite(comaker.email);
    await invite(second.email);
    for (const who of [comaker, second]) {
      expect(await countRows(server, `select 1 from public.notifications where user_id = $1 and type = 'comaker_invited'`, [who.id])).toBe(1);
    }
    expect((await outbox(server, comaker.email)).map((m) => m.stream)).toEqual(['comaker_invited']);
    expect(await outbox(server, second.email)).toEqual([]);
  });

  it('accepted, tells the owner in the app with a link to the project', async () => {
    await accept(comaker);
    await accept(second);
    const { data } = await owner.client.from('notifications').select('type, data, link').eq('type', 'comaker_accepted').order('created_at');
    expect(data).toEqual([
      { type: 'comaker_accepted', data: expect.objectContaining({ actor_name: 'Cody Comaker', project_title: 'Team Project' }), link: `/projects/${project}` },
      { type: 'comaker_accepted', data: expect.objectContaining({ actor_name: 'Sam Second', project_title: 'Team Project' }), link: `/projects/${project}` },
    ]);
  });
});

describe('a co-maker edits what the owner edits', () => {
  it('content: title, description and links; a stranger changes nothing', async () => {
    const edit = { title: 'Team Project 2', description: 'Made by two', live_url: 'https://team.example', github_url: 'https://github.com/team/project' };
    const { data, error } = await comaker.client.from('projects').update(edit).eq('id', project).select('title, description, live_url, github_url').single();
    expect(error).toBeNull();
    expect(data).toEqual(edit);
    expect((await stranger.client.from('projects').update({ title: 'Hijacked' }).eq('id', project).select('id')).data).toEqual([]);
    expect((await row('select title from public.projects where id = $1')).title).toBe('Team Project 2');
  });

  it('tools and tags; a stranger adds none', async () => {
    const { rows } = await server.ctx.db.query<{ id: string }>(`insert into public.tags (slug, name) values ('teamwork', 'Teamwork') returning id`);
    const tag = rows[0]!.id;
    expect((await comaker.client.from('project_tools').insert({ project_id: project, tool: 'Bolt' })).error).toBeNull();
    expect((await comaker.client.from('project_tags').insert({ project_id: project, tag_id: tag })).error).toBeNull();
    expect((await stranger.client.from('project_tools').insert({ project_id: project, tool: 'Lovable' })).error?.code).toBe('42501');
    expect((await stranger.client.from('project_tags').delete().eq('project_id', project).select()).data).toEqual([]);
    expect(await countRows(server, `select 1 from public.project_tools where project_id = $1 and tool in ('Bolt', 'Lovable')`, [project])).toBe(1);
    expect(await countRows(server, `select 1 from public.project_tags where project_id = $1`, [project])).toBe(1);
    expect((await comaker.client.from('project_tags').delete().eq('project_id', project).select('tag_id')).data).toEqual([{ tag_id: tag }]);
  });

  it("the gallery: removes the owner's image and its file; a stranger can touch neither", async () => {
    const name = `${owner.id}/gallery-1.png`;
    expect((await owner.client.storage.from('project-images').upload(name, file(png), { contentType: 'image/png' })).error).toBeNull();
    const url = owner.client.storage.from('project-images').getPublicUrl(name).data.publicUrl;
    const { data: image } = await owner.client.from('project_images').insert({ project_id: project, url, position: 0 }).select('id').single();

    expect((await stranger.client.storage.from('project-images').remove([name])).data).toEqual([]);
    expect((await stranger.client.from('project_images').delete().eq('id', image!.id).select()).data).toEqual([]);
    expect(await server.storedBytes(name)).toBeTruthy();

    expect((await comaker.client.storage.from('project-images').remove([name])).data).toHaveLength(1);
    expect((await comaker.client.from('project_images').delete().eq('id', image!.id).select('id')).data).toEqual([{ id: image!.id }]);
    expect(await server.storedBytes(name)).toBeFalsy();

    const own = `${comaker.id}/gallery-2.png`;
    expect((await comaker.client.storage.from('project-images').upload(own, file(png), { contentType: 'image/png' })).error).toBeNull();
    const ownUrl = comaker.client.storage.from('project-images').getPublicUrl(own).data.publicUrl;
    expect((await comaker.client.from('project_images').insert({ project_id: project, url: ownUrl, position: 0 })).error).toBeNull();
  });

  it("the demo video and the owner's poster file; a stranger can touch neither", async () => {
    const name = `${owner.id}/poster.png`;
    expect((await owner.client.storage.from('project-images').upload(name, file(png), { contentType: 'image/png' })).error).toBeNull();
    const poster = owner.client.storage.from('project-images').getPublicUrl(name).data.publicUrl;
    const video = 'https://youtu.be/dQw4w9WgXcQ';
    expect((await stranger.client.from('projects').update({ video_url: video }).eq('id', project).select('id')).data).toEqual([]);
    const { data, error } = await comaker.client.from('projects').update({ video_url: video, video_poster_url: poster }).eq('id', project).select('video_url, video_poster_url').single();
    expect(error).toBeNull();
    expect(data).toEqual({ video_url: video, video_poster_url: poster });

    const other = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } }).png().toBuffer();
    expect((await stranger.client.storage.from('project-images').update(name, file(other), { contentType: 'image/png' })).error).toMatchObject({ statusCode: '403' });
    expect((await comaker.client.storage.from('project-images').update(name, file(other), { contentType: 'image/png' })).error).toBeNull();
    expect((await server.storedBytes(name))!.equals(other)).toBe(true);
  });

  it('may leave the project', async () => {
    const { data } = await second.client.from('project_makers').delete().eq('project_id', project).eq('user_id', second.id).select('user_id');
    expect(data).toEqual([{ user_id: second.id }]);
    expect((await second.client.from('projects').update({ title: 'Gone' }).eq('id', project).select('id')).data).toEqual([]);
  });
});

describe('the owner alone', () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  it('changes the launch day: a co-maker is refused with a clear error, a stranger changes nothing', async () => {
    const refused = await comaker.client.from('projects').update({ launch_date: day(10) }).eq('id', project);
    expect(refused.error).toMatchObject({ code: '42501', message: "Only the project's owner can change its launch day" });
    expect((await stranger.client.from('projects').update({ launch_date: day(10) }).eq('id', project).select('id')).data).toEqual([]);
    expect((await row('select launch_date from public.projects where id = $1')).launch_date).toBeNull();
    const { error } = await owner.client.from('projects').update({ launch_date: day(10) }).eq('id', project);
    expect(error).toBeNull();
    expect(await countRows(server, `select 1 from public.projects where id = $1 and launch_date is not null`, [project])).toBe(1);
  });

  it('invites and cancels invitations: a co-maker is refused', async () => {
    expect((await comaker.client.rpc('invite_comaker', { project, email: 'friend@example.test' })).error?.code).toBe('42501');
    expect((await comaker.client.rpc('project_invitations', { project })).error?.code).toBe('42501');
    await invite('friend@example.test');
    const { data } = await owner.client.rpc('project_invitations', { project });
    const id = (data as { id: string }[])[0]!.id;
    expect((await comaker.client.rpc('cancel_invitation', { invitation: id })).error?.code).toBe('42501');
    expect((await owner.client.rpc('cancel_invitation', { invitation: id })).error).toBeNull();
  });

  it('removes a co-maker: another co-maker is refused', async () => {
    await server.ctx.db.query(`insert into public.project_makers (project_id, user_id) values ($1, $2)`, [project, second.id]);
    expect((await comaker.client.from('project_makers').delete().eq('project_id', project).eq('user_id', second.id)).error?.message).toBe("Only the project's owner can remove its makers");
    expect((await owner.client.from('project_makers').delete().eq('project_id', project).eq('user_id', second.id).select('user_id')).data).toEqual([{ user_id: second.id }]);
  });

  it('hands the project over to a co-maker, and stays a maker; a co-maker cannot take it', async () => {
    expect((await comaker.client.from('projects').update({ creator_id: comaker.id }).eq('id', project)).error?.code).toBe('42501');
    expect((await comaker.client.rpc('transfer_project', { project, new_owner: comaker.id })).error?.code).toBe('42501');
    expect((await owner.client.rpc('transfer_project', { project, new_owner: stranger.id })).error?.message).toBe('A project can only be handed to one of its co-makers');
    expect((await owner.client.rpc('transfer_project', { project, new_owner: comaker.id })).error).toBeNull();
    const { data } = await comaker.client.from('project_makers').select('user_id, role').eq('project_id', project).order('role', { ascending: false });
    expect(data).toEqual(expect.arrayContaining([{ user_id: comaker.id, role: 'owner' }, { user_id: owner.id, role: 'maker' }]));
    expect((await row('select creator_id from public.projects where id = $1')).creator_id).toBe(comaker.id);
    expect((await owner.client.rpc('transfer_project', { project, new_owner: owner.id })).error?.code).toBe('42501');
  });

  it('deletes the project: a co-maker is refused, a stranger too', async () => {
    for (const who of [owner, stranger]) {
      expect((await who.client.from('projects').delete().eq('id', project).select('id')).data).toEqual([]);
    }
    expect(await countRows(server, 'select 1 from public.projects where id = $1', [project])).toBe(1);
    expect((await comaker.client.from('projects').delete().eq('id', project).select('id')).data).toEqual([{ id: project }]);
  });
});
