import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../support/server.ts';
import { projectPayload, serviceProject } from './schema-fixtures.ts';

/** Every data call of SPEC §7, written the way the spec writes it, against the real schema. */
let server: TestServer;
let maker: TestUser;
let admin: TestUser;
let newestId: string;
let olderId: string;

beforeAll(async () => {
  server = await startTestServer();
  maker = await server.createUser({ email: 'maker@example.test' });
  admin = await server.createUser({ appRole: 'admin', name: 'Ada Admin' });
  const seedCreator = await server.createUser({ name: 'Seed Creator' });
  await server.service().from('creators').insert({ id: seedCreator.id, name: 'Seed Creator', bio: 'Makes things.' });
  olderId = await serviceProject(server, seedCreator.id, { title: 'Older', created_at: '2024-01-01T00:00:00Z' });
  newestId = await serviceProject(server, seedCreator.id, { title: 'Newest', created_at: '2024-06-01T00:00:00Z' });
});
afterAll(() => server?.close());

describe('SPEC §7 data calls', () => {
  it('reads projects with their creators, newest first', async () => {
    const { data, error } = await server.anon().from('projects').select('*, creators(id, name, bio)').order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(data!.map((p) => p.title)).toEqual(['Newest', 'Older']);
    expect(data![0]).toMatchObject({
      id: newestId,
      description: expect.any(String),
      long_description: expect.any(String),
      image_url: expect.any(String),
      tool: 'Cursor',
      category: 'App',
      featured: false,
      upvotes: 0,
      comment_count: 0,
      creators: { name: 'Seed Creator', bio: 'Makes things.' },
    });
  });

  it('reads one project with an id filter, single', async () => {
    const { data, error } = await server.anon().from('projects').select('*, creators(id, name, bio)').eq('id', olderId).single();
    expect(error).toBeNull();
    expect(data!.title).toBe('Older');
  });

  it('submits a project: creators single → PGRST116 → insert creator → insert project (pending, 0 upvotes)', async () => {
    const db = maker.client;
    const first = await db.from('creators').select('*').eq('id', maker.id).single();
    expect(first.error?.code).toBe('PGRST116');
    const name = maker.email.split('@')[0];
    expect((await db.from('creators').insert({ id: maker.id, name })).error).toBeNull();
    const { error } = await db.from('projects').insert(projectPayload(maker.id, { title: 'My Submission' }));
    expect(error).toBeNull();
    const again = await db.from('creators').select('*').eq('id', maker.id).single();
    expect(again.data).toMatchObject({ id: maker.id, name: 'maker' });

    // In review: the maker sees it, the public does not.
    const mine = await db.from('projects').select('*, creators(id, name, bio)').eq('creator_id', maker.id).order('created_at', { ascending: false });
    expect(mine.data).toHaveLength(1);
    expect(mine.data![0]).toMatchObject({ title: 'My Submission', status: 'pending', upvotes: 0, featured: false, github_url: null });
    const pub = await server.anon().from('projects').select('id').eq('creator_id', maker.id);
    expect(pub.data).toEqual([]);
  });

  it('adds a comment and reads comments newest first', async () => {
    const db = maker.client;
    for (const content of ['First!', 'Second thought']) {
      const { error } = await db.from('project_comments').insert({ project_id: newestId, user_id: maker.id, user_name: 'maker', content });
      expect(error).toBeNull();
    }
    const { data, error } = await server.anon().from('project_comments').select('*').eq('project_id', newestId).order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(data!.map((c) => c.content)).toEqual(['Second thought', 'First!']);
    expect(Object.keys(data![0]!)).toEqual(expect.arrayContaining(['id', 'project_id', 'user_id', 'user_name', 'content', 'created_at']));
    expect(data![0]!.user_name).toBe('maker');
    const card = await server.anon().from('projects').select('comment_count').eq('id', newestId).single();
    expect(card.data!.comment_count).toBe(2);
  });

  it('admin users: selects all of creators (no e-mail there), dashboard: exact counts', async () => {
    await admin.client.from('creators').insert({ id: admin.id, name: 'Ada Admin' });
    const { data, error } = await admin.client.from('creators').select('*');
    expect(error).toBeNull();
    expect(data!.length).toBe(3);
    expect(data!.every((c) => !('email' in c))).toBe(true);

    const creators = await admin.client.from('creators').select('*', { count: 'exact', head: true });
    const projects = await admin.client.from('projects').select('*', { count: 'exact', head: true });
    expect(creators.count).toBe(3);
    // Admins count every project, including the one in review.
    expect(projects.count).toBe(3);
  });
});
