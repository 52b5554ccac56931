import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { approve, HOUR, launchMaker, launchSite, MONDAY, submit, TUESDAY_START } from './launch-fixtures.ts';

/**
 * Where issues 16 (launches), 17 (richer projects) and 18 (people) meet (decision 202,
 * db/migrations/0200_wave_two_together.sql): co-makers edit tags, gallery and video like the owner;
 * followers are told when a maker they follow launches; the listing, tag feeds and tags follow
 * the launch rule.
 */
let server: TestServer;
let owner: TestUser;
let comaker: TestUser;
let stranger: TestUser;
let fan: TestUser;
let comakerFan: TestUser;
let project: string;
let upcoming: string;
let tagId: string;

async function makeComaker(projectId: string) {
  expect((await owner.client.rpc('invite_comaker', { project: projectId, email: comaker.email })).error).toBeNull();
  const mine = (await comaker.client.rpc('my_invitations')).data as Array<{ id: string; project_id: string }>;
  const invitation = mine.find((i) => i.project_id === projectId)!;
  expect((await comaker.client.rpc('respond_to_invitation', { invitation: invitation.id, accept: true })).error).toBeNull();
}

beforeAll(async () => {
  server = await startTestServer();
  await launchSite(server);
  owner = await launchMaker(server, 'Olga Owner');
  comaker = await launchMaker(server, 'Cem Comaker');
  stranger = await server.createUser({ name: 'Sten Stranger' });
  fan = await server.createUser({ name: 'Fenna Fan' });
  comakerFan = await server.createUser({ name: 'Cora Fan' });
  project = (await submit(server, owner, { title: 'Shared Work' })).data!.id as string;
  await approve(server, project);
  upcoming = (await submit(server, owner, { title: 'Tomorrow Thing', launch_date: '2031-03-11' })).data!.id as string;
  await approve(server, upcoming);
  await makeComaker(project);
  await makeComaker(upcoming);
  tagId = (await server.ctx.db.query<{ id: string }>(`select id from public.tags where slug = 'react'`)).rows[0]!.id;
});
afterAll(() => server?.close());

const count = async (sql: string, params: unknown[]) =>
  (await server.ctx.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params)).rows[0]!.n;

describe('co-makers edit what hangs off a project', () => {
  it('a co-maker adds a tag, an image and a video; someone who is not a maker is refused and nothing is stored', async () => {
    expect((await stranger.client.from('project_tags').insert({ project_id: project, tag_id: tagId })).error).not.toBeNull();
    expect((await stranger.client.from('project_images').insert({ project_id: project, url: 'https://img.example.com/x.webp', position: 0 })).error).not.toBeNull();
    await stranger.client.from('projects').update({ video_url: 'https://youtu.be/dQw4w9WgXcQ' }).eq('id', project);
    expect(await count('public.project_tags where project_id = $1', [project])).toBe(0);
    expect(await count('public.project_images where project_id = $1', [project])).toBe(0);
    expect(await count('public.projects where id = $1 and video_url is not null', [project])).toBe(0);

    expect((await comaker.client.from('project_tags').insert({ project_id: project, tag_id: tagId })).error).toBeNull();
    expect((await comaker.client.from('project_images').insert({ project_id: project, url: 'https://img.example.com/a.webp', position: 0 })).error).toBeNull();
    const video = await comaker.client.from('projects').update({ video_url: 'https://youtu.be/dQw4w9WgXcQ' }).eq('id', project).select('video_url, status');
    expect(video.error).toBeNull();
    expect(video.data).toEqual([{ video_url: 'https://youtu.be/dQw4w9WgXcQ', status: 'pending' }]);
    expect(await count('public.project_tags where project_id = $1', [project])).toBe(1);
    // The project's own image joins the gallery first, as its cover (0280); the co-maker's is after it.
    expect(await count(`public.project_images where project_id = $1 and url = 'https://img.example.com/a.webp' and position > 0`, [project])).toBe(1);
    await approve(server, project);
  });
});

describe('launches and people', () => {
  it('tells the followers of each maker once when a project launches, and nobody else', async () => {
    expect((await fan.client.from('follows').insert({ followee_id: owner.id })).error).toBeNull();
    expect((await comakerFan.client.from('follows').insert({ followee_id: comaker.id })).error).toBeNull();
    // A maker following the other maker is a maker of the project: told as a maker, not as a follower.
    expect((await comaker.client.from('follows').insert({ followee_id: owner.id })).error).toBeNull();
    const told = async () =>
      (
        await server.ctx.db.query<{ user_id: string }>(
          `select user_id from public.notifications where project_id = $1 and type = 'followed_maker_launched' order by user_id`,
          [upcoming],
        )
      ).rows.map((r) => r.user_id);

    await server.runJobs();
    expect(await told()).toEqual([]);
    await server.setClock(new Date(TUESDAY_START.getTime() + HOUR));
    try {
      await server.runJobs();
      expect(await told()).toEqual([fan.id, comakerFan.id].sort());
      await server.advanceClock(10 * 60_000);
      await server.runJobs();
      expect(await told()).toHaveLength(2);
    } finally {
      await launchSite(server);
    }
  });

  it('keeps an upcoming project out of the listing and the tag feed, with tools, tags and award on launched cards', async () => {
    await server.service().from('project_tags').insert({ project_id: upcoming, tag_id: tagId });
    // Later on Monday: `project` (re-approved after the co-maker's edits) is out, `upcoming` is due Tuesday.
    await server.setClock(new Date(MONDAY.getTime() + HOUR));
    const { data } = await server.anon().from('project_listing').select('id, tools, tags, award').in('id', [project, upcoming]);
    expect(data).toEqual([{ id: project, tools: expect.arrayContaining([expect.any(String)]), tags: [{ slug: 'react', name: 'React' }], award: null }]);
    const feed = await (await fetch(`${server.url}/tags/react/feed.xml`)).text();
    expect(feed).toContain('Shared Work');
    expect(feed).not.toContain('Tomorrow Thing');
  });
});
