import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../support/server.ts';

let server: TestServer;
let admin: TestUser;
let moderator: TestUser;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createUser({ appRole: 'admin' });
  moderator = await server.createUser({ appRole: 'moderator' });
  user = await server.createUser();
});
afterAll(() => server?.close());

describe('content_items', () => {
  it('is seeded with the three blog posts and the four documentation sections', async () => {
    const blog = await server.anon().from('content_items').select('title, category, excerpt, author, created_at, read_time').eq('type', 'blog');
    expect(blog.error).toBeNull();
    expect(blog.data).toHaveLength(3);
    for (const post of blog.data!) {
      expect(post.category && post.excerpt && post.author && post.created_at).toBeTruthy();
      expect(post.read_time).toBeGreaterThanOrEqual(1);
    }
    const docs = await server.anon().from('content_items').select('title, body').eq('type', 'documentation').order('position');
    expect(docs.data!.map((d) => d.title)).toEqual(['Getting Started', 'Submitting Projects', 'Project Guidelines', 'API Documentation']);
    expect(docs.data![3]!.body).toBe('Coming soon');
  });

  it('dates the seeded posts in the days before the site went up, with read times as long as their bodies (defects 20, 21)', async () => {
    const { data } = await server.anon().from('content_items').select('slug, created_at, read_time').eq('type', 'blog').order('created_at', { ascending: false });
    expect(data!.map((p) => p.slug)).toEqual(['building-your-first-app-with-lovable', 'cursor-tips-for-faster-development', 'the-future-of-ai-assisted-coding']);
    const now = Date.now();
    for (const post of data!) {
      const age = now - Date.parse(post.created_at);
      expect(age).toBeGreaterThan(0);
      expect(age).toBeLessThan(17 * 86_400_000);
    }
    // 692, 580 and 472 words at 200 a minute: "a step-by-step walkthrough" is no "1 min read".
    expect(data!.map((p) => p.read_time)).toEqual([4, 3, 3]);
  });

  it('lets an admin create, edit and delete a post, with slug and read time computed', async () => {
    const body = Array.from({ length: 450 }, (_, i) => `word${i}`).join(' ');
    const created = await admin.client
      .from('content_items')
      .insert({ type: 'blog', title: 'Shipping With Bolt!', category: 'Tutorial', excerpt: 'How we shipped', body, author: 'Admin', status: 'draft', read_time: 99 })
      .select()
      .single();
    // read_time is generated: a client cannot set it.
    expect(created.error).not.toBeNull();

    const ok = await admin.client
      .from('content_items')
      .insert({ type: 'blog', title: 'Shipping With Bolt!', category: 'Tutorial', excerpt: 'How we shipped', body, author: 'Admin', status: 'draft' })
      .select()
      .single();
    expect(ok.error).toBeNull();
    expect(ok.data).toMatchObject({ slug: 'shipping-with-bolt', read_time: 3, status: 'draft' });
    const id = ok.data!.id;

    // Drafts stay private.
    expect((await server.anon().from('content_items').select('id').eq('id', id)).data).toEqual([]);
    expect((await user.client.from('content_items').select('id').eq('id', id)).data).toEqual([]);

    const published = await admin.client.from('content_items').update({ status: 'published', title: 'Shipping With Bolt' }).eq('id', id).select().single();
    expect(published.data).toMatchObject({ status: 'published', title: 'Shipping With Bolt', slug: 'shipping-with-bolt' });
    expect((await server.anon().from('content_items').select('title').eq('slug', 'shipping-with-bolt')).data).toEqual([
      { title: 'Shipping With Bolt' },
    ]);

    expect((await admin.client.from('content_items').delete().eq('id', id)).error).toBeNull();
    expect((await server.anon().from('content_items').select('id').eq('id', id)).data).toEqual([]);
  });

  it('gives a second post with the same title its own slug', async () => {
    const a = await admin.client.from('content_items').insert({ type: 'documentation', title: 'FAQ', body: 'a' }).select('slug').single();
    const b = await admin.client.from('content_items').insert({ type: 'documentation', title: 'FAQ', body: 'b' }).select('slug').single();
    expect([a.data!.slug, b.data!.slug]).toEqual(['faq', 'faq-2']);
  });

  it('refuses users, moderators and visitors, changing nothing', async () => {
    const { count: before } = await admin.client.from('content_items').select('*', { count: 'exact', head: true });
    for (const client of [user.client, moderator.client, server.anon()]) {
      expect((await client.from('content_items').insert({ type: 'blog', title: 'Mine', body: 'x', status: 'published' })).error).not.toBeNull();
      await client.from('content_items').update({ title: 'Hacked' }).eq('slug', 'getting-started');
      await client.from('content_items').delete().eq('slug', 'getting-started');
    }
    const { count: after } = await admin.client.from('content_items').select('*', { count: 'exact', head: true });
    expect(after).toBe(before);
    expect((await server.anon().from('content_items').select('title').eq('slug', 'getting-started').single()).data!.title).toBe('Getting Started');
  });

  it('refuses empty and oversize content with a clear message', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ type: 'blog', title: '   ', body: 'x' }, /Please enter a title/],
      [{ type: 'blog', title: 'x'.repeat(201), body: 'x' }, /title is too long/],
      [{ type: 'blog', title: 'T', body: '  ' }, /Please write the content/],
      [{ type: 'blog', title: 'T', body: 'x'.repeat(100_001) }, /content is too long/],
      [{ type: 'blog', title: 'T', body: 'x', excerpt: 'x'.repeat(501) }, /excerpt is too long/],
      [{ type: 'news', title: 'T', body: 'x' }, /check constraint/],
      [{ type: 'blog', title: 'T', body: 'x', status: 'live' }, /check constraint/],
    ];
    for (const [row, message] of cases) {
      const { error } = await admin.client.from('content_items').insert(row);
      expect(error?.message).toMatch(message);
    }
    expect((await admin.client.from('content_items').select('id').eq('title', 'T')).data).toEqual([]);
  });
});
