import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { buildCommunity, serviceProject, type Community } from '../schema-fixtures.ts';

/**
 * One cover rule (0280, decision 225): projects.image_url and the gallery's first image are the
 * same picture, whatever the maker does, so cards, rows and thumbnails never disagree (M2).
 */
let server: TestServer;
let c: Community;

const A = 'https://img.example.com/cover-a.webp';
const img = (n: string) => `https://img.example.com/${n}.webp`;

beforeAll(async () => {
  server = await startTestServer();
  c = await buildCommunity(server);
});
afterAll(() => server?.close());

const state = async (project: string) => {
  const cover = (await server.ctx.db.query<{ image_url: string }>('select image_url from public.projects where id = $1', [project])).rows[0]!.image_url;
  const gallery = (await server.ctx.db.query<{ url: string }>('select url from public.project_images where project_id = $1 order by position, created_at, id', [project])).rows.map((r) => r.url);
  const listed = (await server.ctx.db.query<{ image_url: string }>('select image_url from public.project_listing where id = $1', [project])).rows[0]?.image_url;
  return { cover, gallery, listed };
};

describe('the cover is the gallery\'s first image, and stays the submitted one', () => {
  it('adding gallery images to a project keeps its submitted image as the cover, first in the gallery', async () => {
    const p = await serviceProject(server, c.owner.id, { title: 'Cover kept', image_url: A, status: 'pending' });
    for (const [i, n] of ['b', 'c', 'd'].entries()) {
      const { error } = await c.owner.client.from('project_images').insert({ project_id: p, url: img(n), position: i });
      expect(error).toBeNull();
    }
    expect(await state(p)).toMatchObject({ cover: A, gallery: [A, img('b'), img('c'), img('d')] });
  });

  it('the public listing shows the same cover as the project row', async () => {
    const p = await serviceProject(server, c.owner.id, { title: 'Listed cover', image_url: A });
    await server.service().from('project_images').insert({ project_id: p, url: img('lb'), position: 0 });
    const s = await state(p);
    expect(s.cover).toBe(A);
    expect(s.listed).toBe(A);
  });

  it('reordering or removing the first image changes the cover to the new first image', async () => {
    const p = await serviceProject(server, c.owner.id, { title: 'Reordered', image_url: A, status: 'pending' });
    await c.owner.client.from('project_images').insert({ project_id: p, url: img('r2'), position: 1 });
    const ids = (await server.ctx.db.query<{ id: string }>('select id from public.project_images where project_id = $1 order by position', [p])).rows.map((r) => r.id);
    expect((await c.owner.client.rpc('reorder_project_images', { target: p, image_ids: [ids[1], ids[0]] })).error).toBeNull();
    expect(await state(p)).toMatchObject({ cover: img('r2'), gallery: [img('r2'), A] });
    expect((await c.owner.client.from('project_images').delete().eq('id', ids[1]!)).error).toBeNull();
    expect(await state(p)).toMatchObject({ cover: A, gallery: [A] });
  });

  it('changing the project image (My Projects › Edit) replaces the gallery\'s first image', async () => {
    const p = await serviceProject(server, c.owner.id, { title: 'Changed image', image_url: A, status: 'pending' });
    await c.owner.client.from('project_images').insert({ project_id: p, url: img('ch2'), position: 1 });
    expect((await c.owner.client.from('projects').update({ image_url: img('new') }).eq('id', p)).error).toBeNull();
    expect(await state(p)).toMatchObject({ cover: img('new'), gallery: [img('new'), img('ch2')] });
  });

  it('another user can neither add to the gallery nor change the cover: nothing moves', async () => {
    const p = await serviceProject(server, c.owner.id, { title: 'Not theirs', image_url: A });
    const add = await c.other.client.from('project_images').insert({ project_id: p, url: img('x'), position: 0 });
    expect(add.error).not.toBeNull();
    const change = await c.other.client.from('projects').update({ image_url: img('y') }).eq('id', p).select('id');
    expect(change.data ?? []).toEqual([]);
    expect(await state(p)).toMatchObject({ cover: A, gallery: [] });
  });

  it('a gallery emptied keeps its last cover', async () => {
    const p = await serviceProject(server, c.owner.id, { title: 'Emptied', image_url: A, status: 'pending' });
    await c.owner.client.from('project_images').insert({ project_id: p, url: img('e2'), position: 0 });
    expect((await c.owner.client.from('project_images').delete().eq('project_id', p)).error).toBeNull();
    expect(await state(p)).toMatchObject({ cover: A, gallery: [] });
  });
});
