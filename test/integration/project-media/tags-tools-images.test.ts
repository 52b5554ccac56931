import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RICHER_MESSAGES } from '../../../domain/richer-projects.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { buildCommunity, serviceProject, type Community } from '../schema-fixtures.ts';

/**
 * Issue 17's tables (tags, project_tags, project_tools, project_images) for every caller of
 * ARCHITECTURE §6: what each may do, and that a refused write stores nothing. One server per file.
 * (There is no co-maker on main yet; when there is, it belongs beside `user` here.)
 */
type Who = 'anon' | 'anonymous' | 'user' | 'owner' | 'banned' | 'moderator' | 'admin' | 'service';
const EVERYONE: Who[] = ['anon', 'anonymous', 'user', 'owner', 'banned', 'moderator', 'admin', 'service'];
const EDITORS: Who[] = ['owner', 'admin', 'service'];

// The fixtures' cover: a gallery that starts with it adds no row of its own (0280, decision 225).
const COVER = 'https://img.example.com/radar.webp';

let server: TestServer;
let c: Community;
let tagIds: Record<string, string>;

const client = (who: Who): SupabaseClient =>
  who === 'anon' ? server.anon()
  : who === 'service' ? server.service()
  : who === 'user' ? c.other.client
  : c[who].client;

const count = async (sql: string, params: unknown[]) =>
  (await server.ctx.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params)).rows[0]!.n;

beforeAll(async () => {
  server = await startTestServer();
  c = await buildCommunity(server);
  const { rows } = await server.ctx.db.query<{ id: string; slug: string }>('select id, slug from public.tags');
  tagIds = Object.fromEntries(rows.map((r) => [r.slug, r.id]));
});
afterAll(() => server?.close());

describe('tags: everyone reads, admins curate', () => {
  it.each(EVERYONE)('%s reads the tag list', async (who) => {
    const { data, error } = await client(who).from('tags').select('slug, name').eq('slug', 'react');
    expect(error).toBeNull();
    expect(data).toEqual([{ slug: 'react', name: 'React' }]);
  });

  it.each(EVERYONE)('%s adds a tag only if admin or service', async (who) => {
    const slug = `tag-${who}`;
    const { error } = await client(who).from('tags').insert({ name: `Tag ${who}` });
    const stored = await count('public.tags where slug = $1', [slug]);
    if (who === 'admin' || who === 'service') {
      expect(error).toBeNull();
      expect(stored).toBe(1);
    } else {
      expect(error).not.toBeNull();
      expect(stored).toBe(0);
    }
  });

  it('an admin renames a tag (slug kept); a moderator cannot', async () => {
    await client('moderator').from('tags').update({ name: 'Reacts' }).eq('slug', 'react');
    expect((await server.ctx.db.query(`select name from public.tags where slug = 'react'`)).rows[0]).toEqual({ name: 'React' });
    const { error } = await client('admin').from('tags').update({ name: 'React.js' }).eq('slug', 'react');
    expect(error).toBeNull();
    expect((await server.ctx.db.query(`select name from public.tags where slug = 'react'`)).rows[0]).toEqual({ name: 'React.js' });
  });

  it('refuses a duplicate name and an empty one, storing nothing', async () => {
    const before = await count('public.tags', []);
    expect((await client('admin').from('tags').insert({ name: 'game' })).error?.message).toBe('A tag with this name or slug already exists');
    expect((await client('admin').from('tags').insert({ name: '  ' })).error?.message).toBe('A tag needs a name');
    expect(await count('public.tags', [])).toBe(before);
  });

  it('an admin merges one tag into another; a moderator is refused', async () => {
    const p = await serviceProject(server, c.owner.id, { title: 'Merge me' });
    await server.service().from('tags').insert([{ name: 'Gaming' }]);
    const { data: gaming } = await server.service().from('tags').select('id').eq('slug', 'gaming').single();
    await server.service().from('project_tags').insert({ project_id: p, tag_id: gaming!.id });

    const refused = await client('moderator').rpc('merge_tags', { source_slug: 'gaming', target_slug: 'game' });
    expect(refused.error?.message).toBe('Only admins can merge tags');
    expect(await count('public.tags where slug = $1', ['gaming'])).toBe(1);

    const { data, error } = await client('admin').rpc('merge_tags', { source_slug: 'gaming', target_slug: 'game' });
    expect(error).toBeNull();
    expect(data).toBe(1);
    expect(await count('public.tags where slug = $1', ['gaming'])).toBe(0);
    expect(await count('public.project_tags where project_id = $1 and tag_id = $2', [p, tagIds.game])).toBe(1);
  });
});

describe('project_tags, project_tools, project_images: written by the owner or an admin', () => {
  const writers: Array<[string, (db: SupabaseClient, project: string) => PromiseLike<{ error: unknown }>, string]> = [
    ['project_tags', (db, p) => db.from('project_tags').insert({ project_id: p, tag_id: tagIds.supabase }), 'public.project_tags where project_id = $1'],
    ['project_tools', (db, p) => db.from('project_tools').insert({ project_id: p, tool: 'Bolt' }), `public.project_tools where project_id = $1 and tool = 'Bolt'`],
    ['project_images', (db, p) => db.from('project_images').insert({ project_id: p, url: 'https://img.example.com/a.webp', position: 0 }), `public.project_images where project_id = $1 and url = 'https://img.example.com/a.webp'`],
  ];
  for (const [table, write, where] of writers) {
    it.each(EVERYONE)(`${table}: %s adds to the owner's project only if an editor`, async (who) => {
      const p = await serviceProject(server, c.owner.id, { title: `${table} ${who}` });
      const { error } = await write(client(who), p);
      if (EDITORS.includes(who)) {
        expect(error).toBeNull();
        expect(await count(where, [p])).toBe(1);
      } else {
        expect(error).not.toBeNull();
        expect(await count(where, [p])).toBe(0);
      }
    });

    it(`${table}: a banned maker cannot write to their own project`, async () => {
      const p = await serviceProject(server, c.banned.id, { title: `${table} banned own` });
      expect((await write(client('banned'), p)).error).not.toBeNull();
      expect(await count(where, [p])).toBe(0);
    });
  }

  it("a pending project's tags and images are read by its owner, not by visitors", async () => {
    await server.service().from('project_tags').insert({ project_id: c.pendingId, tag_id: tagIds.health });
    await server.service().from('project_images').insert({ project_id: c.pendingId, url: COVER });
    for (const table of ['project_tags', 'project_images'] as const) {
      expect((await client('owner').from(table).select('project_id').eq('project_id', c.pendingId)).data).toHaveLength(1);
      expect((await client('anon').from(table).select('project_id').eq('project_id', c.pendingId)).data).toEqual([]);
      expect((await client('user').from(table).select('project_id').eq('project_id', c.pendingId)).data).toEqual([]);
      expect((await client('moderator').from(table).select('project_id').eq('project_id', c.pendingId)).data).toHaveLength(1);
    }
  });

  it('the owner removes a tag and reorders images; another user cannot', async () => {
    const p = await serviceProject(server, c.owner.id, { title: 'Reorder', status: 'pending' });
    await server.service().from('project_tags').insert({ project_id: p, tag_id: tagIds.design });
    const { data: imgs } = await server.service().from('project_images')
      .insert([0, 1, 2].map((i) => ({ project_id: p, url: i === 0 ? COVER : `https://img.example.com/${i}.webp`, position: i }))).select('id');
    const ids = imgs!.map((r) => r.id as string);

    await client('user').from('project_tags').delete().eq('project_id', p);
    expect(await count('public.project_tags where project_id = $1', [p])).toBe(1);
    await client('user').rpc('reorder_project_images', { target: p, image_ids: [ids[2], ids[0], ids[1]] });
    expect((await server.ctx.db.query('select id from public.project_images where project_id = $1 order by position', [p])).rows.map((r) => r.id)).toEqual(ids);

    expect((await client('owner').from('project_tags').delete().eq('project_id', p)).error).toBeNull();
    expect(await count('public.project_tags where project_id = $1', [p])).toBe(0);
    expect((await client('owner').rpc('reorder_project_images', { target: p, image_ids: [ids[2], ids[0], ids[1]] })).error).toBeNull();
    expect((await server.ctx.db.query('select id from public.project_images where project_id = $1 order by position', [p])).rows.map((r) => r.id)).toEqual([ids[2], ids[0], ids[1]]);
  });

  it("the owner describes an image for screen readers; another user cannot; 200 characters at most", async () => {
    const p = await serviceProject(server, c.owner.id, { title: 'Alt text', status: 'pending' });
    const { data } = await server.service().from('project_images').insert({ project_id: p, url: COVER }).select('id').single();
    const id = (data as { id: string }).id;
    const alt = async () => (await server.ctx.db.query('select alt from public.project_images where id = $1', [id])).rows[0]?.alt;

    expect((await client('user').from('project_images').update({ alt: 'Not mine' }).eq('id', id).select('id')).data).toEqual([]);
    expect(await alt()).toBe('');
    expect((await client('owner').from('project_images').update({ alt: '  The board, mid-game  ' }).eq('id', id)).error).toBeNull();
    expect(await alt()).toBe('The board, mid-game');
    const long = await client('owner').from('project_images').update({ alt: 'x'.repeat(201) }).eq('id', id);
    expect(long.error?.code).toBe('23514');
    expect(await alt()).toBe('The board, mid-game');
  });

  it('the primary tool is always a tool of the project and cannot be removed on its own', async () => {
    const p = await serviceProject(server, c.owner.id, { title: 'Primary', tool: 'Lovable' });
    expect((await server.ctx.db.query('select tool from public.project_tools where project_id = $1', [p])).rows).toEqual([{ tool: 'Lovable' }]);
    await client('owner').from('project_tools').delete().eq('project_id', p).eq('tool', 'Lovable');
    expect(await count('public.project_tools where project_id = $1', [p])).toBe(1);
  });

  it("an owner's new image sends an approved project back to review", async () => {
    const p = await serviceProject(server, c.owner.id, { title: 'Rereview' });
    expect((await client('owner').from('project_images').insert({ project_id: p, url: 'https://img.example.com/n.webp' })).error).toBeNull();
    expect((await server.ctx.db.query('select status from public.projects where id = $1', [p])).rows[0]).toEqual({ status: 'pending' });
  });
});

describe('bad input: clear errors, nothing stored', () => {
  it('refuses a sixth tag', async () => {
    const p = await serviceProject(server, c.owner.id, { title: 'Five tags', status: 'pending' });
    const five = ['supabase', 'tailwind', 'nextjs', 'typescript', 'openai'].map((s) => ({ project_id: p, tag_id: tagIds[s] }));
    expect((await client('owner').from('project_tags').insert(five)).error).toBeNull();
    const { error } = await client('owner').from('project_tags').insert({ project_id: p, tag_id: tagIds.finance });
    expect(error?.message).toBe(RICHER_MESSAGES.tooManyTags);
    expect(await count('public.project_tags where project_id = $1', [p])).toBe(5);
  });

  it('refuses an unknown tag and an unknown tool', async () => {
    const p = await serviceProject(server, c.owner.id, { title: 'Unknowns', status: 'pending' });
    const tag = await client('owner').from('project_tags').insert({ project_id: p, tag_id: '00000000-0000-4000-8000-000000000000' });
    expect(tag.error?.message).toBe(RICHER_MESSAGES.unknownTag);
    const tool = await client('owner').from('project_tools').insert({ project_id: p, tool: 'Copilot' });
    expect(tool.error?.message).toBe(RICHER_MESSAGES.unknownTool);
    expect(await count('public.project_tags where project_id = $1', [p])).toBe(0);
    expect(await count('public.project_tools where project_id = $1', [p])).toBe(1);
  });

  it('refuses a seventh image and a non-http image', async () => {
    const p = await serviceProject(server, c.owner.id, { title: 'Six images', status: 'pending' });
    const six = Array.from({ length: 6 }, (_, i) => ({ project_id: p, url: i === 0 ? COVER : `https://img.example.com/${i}.png`, position: i }));
    expect((await client('owner').from('project_images').insert(six)).error).toBeNull();
    const seventh = await client('owner').from('project_images').insert({ project_id: p, url: 'https://img.example.com/7.png', position: 5 });
    expect(seventh.error?.message).toBe(RICHER_MESSAGES.tooManyImages);
    const q = await serviceProject(server, c.owner.id, { title: 'Bad image', status: 'pending' });
    const bad = await client('owner').from('project_images').insert({ project_id: q, url: 'javascript:alert(1)' });
    expect(bad.error?.message).toBe('An image must be an http(s) URL');
    expect(await count('public.project_images where project_id = $1', [p])).toBe(6);
    expect(await count('public.project_images where project_id = $1', [q])).toBe(0);
  });

  it('takes a YouTube, Vimeo or Loom video and refuses other hosts', async () => {
    const p = await serviceProject(server, c.owner.id, { title: 'Video', status: 'pending' });
    const bad = await client('owner').from('projects').update({ video_url: 'https://evil.example/watch?v=dQw4w9WgXcQ' }).eq('id', p);
    expect(bad.error?.message).toBe(RICHER_MESSAGES.badVideoUrl);
    expect((await server.ctx.db.query('select video_url from public.projects where id = $1', [p])).rows[0]).toEqual({ video_url: null });
    const good = await client('owner').from('projects')
      .update({ video_url: 'https://vimeo.com/76979871', video_poster_url: 'https://img.example.com/poster.png' }).eq('id', p);
    expect(good.error).toBeNull();
    const other = await client('user').from('projects').update({ video_url: 'https://youtu.be/dQw4w9WgXcQ' }).eq('id', p);
    expect(other.error).toBeNull(); // RLS hides the row: nothing changes
    expect((await server.ctx.db.query('select video_url from public.projects where id = $1', [p])).rows[0]).toEqual({ video_url: 'https://vimeo.com/76979871' });
  });
});

describe('the listing and more like this', () => {
  it('cards carry tools and tags, and filter by several tags and tools', async () => {
    const a = await serviceProject(server, c.owner.id, { title: 'Alpha game', tool: 'Cursor', category: 'App' });
    const b = await serviceProject(server, c.owner.id, { title: 'Beta game', tool: 'Bolt', category: 'App' });
    const s = server.service();
    await s.from('project_tools').insert({ project_id: a, tool: 'Lovable' });
    await s.from('project_tags').insert([{ project_id: a, tag_id: tagIds.education }, { project_id: a, tag_id: tagIds.social }, { project_id: b, tag_id: tagIds.education }]);

    const { data } = await server.anon().from('project_listing').select('id, tools, tag_slugs, tags').eq('id', a).single();
    expect(data).toEqual({ id: a, tools: ['Cursor', 'Lovable'], tag_slugs: ['education', 'social'], tags: [{ slug: 'education', name: 'Education' }, { slug: 'social', name: 'Social' }] });

    const both = await server.anon().from('project_listing').select('id').contains('tag_slugs', ['education', 'social']);
    expect(both.data!.map((r) => r.id)).toEqual([a]);
    const tools = await server.anon().from('project_listing').select('id').overlaps('tools', ['Bolt', 'Lovable']).contains('tag_slugs', ['education']);
    expect(tools.data!.map((r) => r.id).sort()).toEqual([a, b].sort());

    const related = await server.anon().rpc('related_projects', { target: b, max_rows: 2 }).select('id, title');
    expect(related.error).toBeNull();
    const rows = related.data as unknown as Array<{ id: string; title: string }>;
    expect(rows[0]).toEqual({ id: a, title: 'Alpha game' });
    expect(rows.map((r) => r.id)).not.toContain(b);
  });

  it("serves each tag's RSS feed and lists tag pages in the sitemap", async () => {
    const feed = await fetch(`${server.url}/tags/education/feed.xml`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toContain('application/rss+xml');
    const xml = await feed.text();
    expect(xml).toContain('<title>Alpha game</title>');
    expect(xml).toContain('/tags/education/feed.xml');
    expect(xml).not.toContain('Approved One');
    expect((await fetch(`${server.url}/tags/no-such-tag/feed.xml`)).status).toBe(404);
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toContain('/tags/education</loc>');
  });
});
