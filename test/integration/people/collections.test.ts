import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { anonymousUser, approvedProject, countRows, pendingProject } from './fixtures.ts';

/**
 * Bookmarks, collections and their items (issue 18, decision 182): RLS for every role, allowed and
 * refused; saving a project one cannot see; public and private collections; the RSS feed.
 */
let server: TestServer;
let maker: TestUser;
let curator: TestUser;
let other: TestUser;
let banned: TestUser;
let moderator: TestUser;
let admin: TestUser;
let anonymous: TestUser;
let live: string;
let inReview: string;
let publicList: string;
let privateList: string;

beforeAll(async () => {
  server = await startTestServer();
  maker = await server.createUser({ name: 'Mara' });
  curator = await server.createUser({ name: 'Cora' });
  other = await server.createUser({ name: 'Olga' });
  banned = await server.createUser({ name: 'Banned', bannedUntil: new Date(Date.now() + 86_400_000 * 365) });
  moderator = await server.createUser({ appRole: 'moderator' });
  admin = await server.createUser({ appRole: 'admin' });
  anonymous = await anonymousUser(server);
  live = await approvedProject(server, maker, 'Live <one>');
  inReview = await pendingProject(server, maker, 'In review');
});
afterAll(() => server?.close());

const stored = (table: string) => countRows(server, `select 1 from public.${table}`);

describe('bookmarks', () => {
  it('a user bookmarks a project and reads only their own bookmarks', async () => {
    expect((await curator.client.from('bookmarks').insert({ project_id: live })).error).toBeNull();
    expect((await curator.client.from('bookmarks').select('project_id')).data).toEqual([{ project_id: live }]);
    for (const who of [other, maker, moderator, admin, anonymous]) {
      expect((await who.client.from('bookmarks').select('project_id')).data).toEqual([]);
    }
    expect((await server.anon().from('bookmarks').select('project_id')).error?.code).toBe('42501');
    expect((await server.service().from('bookmarks').select('project_id')).data).toHaveLength(1);
  });

  it('bookmarking a project you cannot see is refused with a clear error, nothing stored', async () => {
    const before = await stored('bookmarks');
    const { error } = await curator.client.from('bookmarks').insert({ project_id: inReview });
    expect(error?.message).toBe('This project is not available');
    const missing = await curator.client.from('bookmarks').insert({ project_id: '00000000-0000-4000-8000-000000000999' });
    expect(missing.error?.message).toBe('This project is not available');
    expect(await stored('bookmarks')).toBe(before);
    // Its maker sees it, and may.
    expect((await maker.client.from('bookmarks').insert({ project_id: inReview })).error).toBeNull();
    await maker.client.from('bookmarks').delete().eq('project_id', inReview);
  });

  it('visitors, anonymous sign-ins and banned users cannot bookmark; nobody bookmarks for another or removes another’s', async () => {
    const before = await stored('bookmarks');
    expect((await server.anon().from('bookmarks').insert({ project_id: live })).error?.code).toBe('42501');
    expect((await anonymous.client.from('bookmarks').insert({ project_id: live })).error?.code).toBe('42501');
    expect((await banned.client.from('bookmarks').insert({ project_id: live })).error?.code).toBe('42501');
    expect((await other.client.from('bookmarks').insert({ user_id: curator.id, project_id: live })).error?.code).toBe('42501');
    expect((await admin.client.from('bookmarks').delete().eq('user_id', curator.id).select()).data).toEqual([]);
    expect(await stored('bookmarks')).toBe(before);
  });
});

describe('collections', () => {
  it('a user makes a public and a private collection and adds a project to each', async () => {
    const pub = await curator.client.from('collections').insert({ name: '  Best tools ', description: 'Mine', is_public: true }).select('id, name').single();
    expect(pub.error).toBeNull();
    expect(pub.data!.name).toBe('Best tools');
    publicList = pub.data!.id;
    const priv = await curator.client.from('collections').insert({ name: 'Secret', is_public: false }).select('id').single();
    privateList = priv.data!.id;
    expect((await curator.client.from('collection_items').insert([{ collection_id: publicList, project_id: live }, { collection_id: privateList, project_id: live }])).error).toBeNull();
  });

  it('a public collection and its items are read by everyone; a private one by its owner (and admins) only', async () => {
    const lists = async (client: TestUser['client']) => ((await client.from('collections').select('id')).data ?? []).map((c) => c.id).sort();
    expect(await lists(server.anon())).toEqual([publicList]);
    for (const who of [other, maker, moderator, anonymous, banned]) expect(await lists(who.client)).toEqual([publicList]);
    expect(await lists(curator.client)).toEqual([publicList, privateList].sort());
    expect(await lists(admin.client)).toEqual([publicList, privateList].sort());
    expect(await lists(server.service())).toEqual([publicList, privateList].sort());
    const items = await server.anon().from('collection_items').select('collection_id, project_id');
    expect(items.data).toEqual([{ collection_id: publicList, project_id: live }]);
  });

  it('a collection shows only the projects its reader may see', async () => {
    await server.ctx.db.query(`insert into public.collection_items (collection_id, project_id) values ($1, $2)`, [publicList, inReview]);
    expect((await server.anon().from('collection_items').select('project_id').eq('collection_id', publicList)).data).toEqual([{ project_id: live }]);
    expect((await maker.client.from('collection_items').select('project_id').eq('collection_id', publicList)).data).toHaveLength(2);
    await server.ctx.db.query(`delete from public.collection_items where project_id = $1`, [inReview]);
  });

  it('only the owner changes a collection and its items; banned, anonymous and other users are refused', async () => {
    const before = await stored('collection_items');
    for (const who of [other, moderator, banned, anonymous]) {
      expect((await who.client.from('collection_items').insert({ collection_id: publicList, project_id: live })).error?.code).toBe('42501');
      expect((await who.client.from('collections').update({ name: 'Hacked' }).eq('id', publicList).select()).data ?? []).toEqual([]);
      expect((await who.client.from('collection_items').delete().eq('collection_id', publicList).select()).data ?? []).toEqual([]);
    }
    expect((await server.anon().from('collections').insert({ name: 'Nope', is_public: true })).error?.code).toBe('42501');
    expect((await banned.client.from('collections').insert({ name: 'Nope' })).error?.code).toBe('42501');
    expect((await anonymous.client.from('collections').insert({ name: 'Nope' })).error?.code).toBe('42501');
    expect(await stored('collection_items')).toBe(before);
    const renamed = await curator.client.from('collections').update({ name: 'Best tools 2026' }).eq('id', publicList).select('name').single();
    expect(renamed.data).toEqual({ name: 'Best tools 2026' });
    const stolen = await curator.client.from('collections').update({ owner_id: other.id }).eq('id', publicList).select();
    expect(stolen.error?.code).toBe('42501');
  });

  it('adding a project you cannot see is refused with a clear error; a blank name is refused', async () => {
    const before = await stored('collection_items');
    const { error } = await curator.client.from('collection_items').insert({ collection_id: publicList, project_id: inReview });
    expect(error?.message).toBe('This project is not available');
    expect(await stored('collection_items')).toBe(before);
    const blank = await curator.client.from('collections').insert({ name: '   ' });
    expect(blank.error?.code).toBe('23514');
  });

  it('the public collection has an RSS feed; a private one has none', async () => {
    const res = await fetch(`${server.url}/collections/${publicList}/feed.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/rss+xml');
    const xml = await res.text();
    expect(xml).toContain('<title>Best tools 2026</title>');
    expect(xml).toContain('Live &lt;one&gt;');
    expect(xml).toContain(`/projects/${live}`);
    expect((await fetch(`${server.url}/collections/${privateList}/feed.xml`)).status).toBe(404);
    expect((await fetch(`${server.url}/collections/not-a-uuid/feed.xml`)).status).toBe(404);
  });

  it('admins may delete a collection; its owner may; others may not', async () => {
    expect((await other.client.from('collections').delete().eq('id', privateList).select()).data).toEqual([]);
    expect((await admin.client.from('collections').delete().eq('id', privateList).select('id')).data).toEqual([{ id: privateList }]);
    expect((await curator.client.from('collections').delete().eq('id', publicList).select('id')).data).toEqual([{ id: publicList }]);
    expect(await stored('collection_items')).toBe(0);
  });
});
