import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { buildCommunity, serviceProject, type Community } from './schema-fixtures.ts';

/**
 * The data the public web pages read and write that migrations 0040-0042 add: the listing view,
 * the newsletter and comment editing, each through supabase-js as the browser would call it.
 */
let server: TestServer;
let c: Community;

beforeAll(async () => {
  server = await startTestServer();
  c = await buildCommunity(server);
});
afterAll(async () => {
  await server?.close();
});

describe('project_listing view', () => {
  it('shows visitors approved projects only, with creator name and a trending score', async () => {
    const { data, error } = await server.anon().from('project_listing').select('id,status,creator_name,trending_score,search_text');
    expect(error).toBeNull();
    const ids = data!.map((r) => r.id);
    expect(ids).toContain(c.approvedId);
    expect(ids).not.toContain(c.pendingId);
    const row = data!.find((r) => r.id === c.approvedId)!;
    expect(typeof row.creator_name).toBe('string');
    expect(typeof row.trending_score).toBe('number');
  });

  it('shows approved projects only, to owners too: their pending ones are read from the table', async () => {
    const { data } = await c.owner.client.from('project_listing').select('id').eq('id', c.pendingId);
    expect(data).toEqual([]);
    const { data: own } = await c.owner.client.from('projects').select('id').eq('id', c.pendingId);
    expect(own).toEqual([{ id: c.pendingId }]);
    const { data: other } = await c.other.client.from('project_listing').select('id').eq('id', c.approvedId);
    expect(other).toEqual([{ id: c.approvedId }]);
  });

  it('never shows a project once it leaves approved: rejected, back in review, deleted', async () => {
    const id = await serviceProject(server, c.owner.id, { title: 'Soon gone', status: 'approved' });
    const visible = async () => (await server.anon().from('project_listing').select('id').eq('id', id)).data!.length;
    expect(await visible()).toBe(1);
    for (const status of ['rejected', 'pending']) {
      await server.service().from('projects').update({ status }).eq('id', id);
      expect(await visible()).toBe(0);
    }
    await server.service().from('projects').update({ status: 'approved' }).eq('id', id);
    expect(await visible()).toBe(1);
    await server.service().from('projects').delete().eq('id', id);
    expect(await visible()).toBe(0);
  });

  it('never exposes an e-mail address: the listing carries no such column', async () => {
    const { data, error } = await server.anon().from('project_listing').select('*').limit(1);
    expect(error).toBeNull();
    expect(Object.keys(data![0]!).filter((k) => /mail/i.test(k))).toEqual([]);
  });

  it('is read-only', async () => {
    const { error } = await c.owner.client.from('project_listing').update({ title: 'Hijacked' }).eq('id', c.approvedId);
    expect(error).not.toBeNull();
    const { data } = await server.service().from('projects').select('title').eq('id', c.approvedId).single();
    expect(data!.title).not.toBe('Hijacked');
  });

  it('sorts trending by points^0.8 / (age in hours + 2)^1.8 (gravity on points, decision 121)', async () => {
    const now = Date.now();
    const hoursAgo = (h: number) => new Date(now - h * 3_600_000).toISOString();
    // 10 points 1 hour old (10^0.8/3^1.8 = 0.87) beat 100 points 100 hours old (100^0.8/102^1.8 = 0.0013).
    const fresh = await serviceProject(server, c.owner.id, { title: 'Trend fresh', status: 'approved', legacy_votes: 40, created_at: hoursAgo(1) });
    const old = await serviceProject(server, c.owner.id, { title: 'Trend old', status: 'approved', legacy_votes: 400, created_at: hoursAgo(100) });
    const { data } = await server
      .anon()
      .from('project_listing')
      .select('id,trending_score,points,upvotes')
      .in('id', [fresh, old])
      .order('trending_score', { ascending: false });
    expect(data!.map((r) => [r.id, r.points, r.upvotes])).toEqual([[fresh, 10, 40], [old, 100, 400]]);
    expect(data![0]!.trending_score).toBeCloseTo(10 ** 0.8 / 3 ** 1.8, 2);
    expect(data![1]!.trending_score).toBeCloseTo(100 ** 0.8 / 102 ** 1.8, 4);
  });

  it('searches title and description case-insensitively with a literal (escaped) pattern', async () => {
    const id = await serviceProject(server, c.owner.id, { title: 'Regex (a+b)* lab', description: 'Tests 100% of cases', status: 'approved' });
    const search = (re: string) =>
      server.anon().from('project_listing').select('id').filter('search_text', 'imatch', re).eq('id', id);
    expect((await search('REGEX \\(A\\+B\\)\\* LAB')).data).toEqual([{ id }]);
    expect((await search('100%')).data).toEqual([{ id }]);
    expect((await search('\\(a\\+b\\)\\*x')).data).toEqual([]);
  });
});

describe('newsletter', () => {
  it('subscribes anyone, stores each address once, and answers a repeat like a first time', async () => {
    for (const email of ['Fan@Example.com', ' fan@example.com ']) {
      const { data, error } = await server.anon().rpc('subscribe_newsletter', { email });
      expect(error).toBeNull();
      expect(data).toBe(true);
    }
    const { error } = await c.other.client.rpc('subscribe_newsletter', { email: 'other@example.com' });
    expect(error).toBeNull();
    const { data } = await server.service().from('newsletter_subscriptions').select('email').order('email');
    expect(data).toEqual([{ email: 'fan@example.com' }, { email: 'other@example.com' }]);
  });

  it('refuses something that is not an address and stores nothing', async () => {
    const before = (await server.service().from('newsletter_subscriptions').select('id')).data!.length;
    for (const email of ['', 'no-at-sign', 'a@b', 'spaces in@x.io', `${'x'.repeat(320)}@x.io`]) {
      const { error } = await server.anon().rpc('subscribe_newsletter', { email });
      expect(error?.code, email).toBe('22023');
      expect(error?.message).toBe('Please enter a valid email address.');
    }
    expect((await server.service().from('newsletter_subscriptions').select('id')).data!.length).toBe(before);
  });

  it('lets only admins read or remove the list', async () => {
    const anon = await server.anon().from('newsletter_subscriptions').select('email');
    expect(anon.error).not.toBeNull();
    const user = await c.other.client.from('newsletter_subscriptions').select('email');
    expect(user.data ?? []).toEqual([]);
    const asModerator = await c.moderator.client.from('newsletter_subscriptions').select('email');
    expect(asModerator.data ?? []).toEqual([]);
    const admin = await c.admin.client.from('newsletter_subscriptions').select('email');
    expect(admin.data!.length).toBeGreaterThan(0);

    const direct = await server.anon().from('newsletter_subscriptions').insert({ email: 'direct@example.com' });
    expect(direct.error).not.toBeNull();
    const del = await c.other.client.from('newsletter_subscriptions').delete().eq('email', 'fan@example.com').select('id');
    expect(del.data ?? []).toEqual([]);
    const { data } = await server.service().from('newsletter_subscriptions').select('email').eq('email', 'fan@example.com');
    expect(data).toHaveLength(1);
  });
});

describe('comment editing', () => {
  it('lets the author edit their comment, marking it edited', async () => {
    const { data, error } = await c.other.client
      .from('project_comments')
      .update({ content: 'Edited by its author' })
      .eq('id', c.commentId)
      .select('content,edited_at')
      .single();
    expect(error).toBeNull();
    expect(data!.content).toBe('Edited by its author');
    expect(data!.edited_at).not.toBeNull();
  });

  it("refuses anyone else's edit, and a banned author's", async () => {
    const owner = await c.owner.client.from('project_comments').update({ content: 'Not mine' }).eq('id', c.commentId).select('id');
    expect(owner.data ?? []).toEqual([]);
    const anon = await server.anon().from('project_comments').update({ content: 'Anon' }).eq('id', c.commentId).select('id');
    expect(anon.data ?? []).toEqual([]);

    const { data: bannedComment } = await server
      .service()
      .from('project_comments')
      .insert({ project_id: c.approvedId, user_id: c.banned.id, content: 'Before the ban' })
      .select('id')
      .single();
    const banned = await c.banned.client.from('project_comments').update({ content: 'After the ban' }).eq('id', bannedComment!.id).select('id');
    expect(banned.data ?? []).toEqual([]);

    const { data } = await server.service().from('project_comments').select('content').eq('id', c.commentId).single();
    expect(data!.content).toBe('Edited by its author');
  });

  it('never lets a caller set edited_at or move the comment', async () => {
    const { data: fresh } = await c.other.client
      .from('project_comments')
      .insert({ project_id: c.approvedId, user_id: c.other.id, content: 'New one', edited_at: '2000-01-01T00:00:00Z' })
      .select('id,edited_at')
      .single();
    expect(fresh!.edited_at).toBeNull();
    const forged = await c.other.client.from('project_comments').update({ edited_at: null }).eq('id', c.commentId).select('edited_at').single();
    expect(forged.data?.edited_at ?? 'refused').not.toBeNull();
    const moved = await c.other.client.from('project_comments').update({ project_id: c.pendingId }).eq('id', fresh!.id).select('id');
    expect(moved.error).not.toBeNull();
  });
});
