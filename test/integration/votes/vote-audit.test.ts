import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { agedUser, fromAddress, maker, recount, tally, vote } from './votes-fixtures.ts';

/** /admin/votes: suspicious clusters, and discounting them (decision 123). */
let server: TestServer;
let admin: TestUser;
let project: (overrides?: Record<string, unknown>) => Promise<string>;

interface Cluster {
  cluster_key: string;
  kind: 'network' | 'burst';
  project_id: string;
  project_title: string;
  votes: number;
  anonymous_votes: number;
  new_account_votes: number;
  points: number;
  project_points: number;
  share: number;
}

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '127.0.0.1' });
  admin = await server.createUser({ appRole: 'admin' });
  ({ project } = await maker(server));
});
afterAll(() => server?.close());

async function clusters(projectId: string): Promise<Cluster[]> {
  const { data, error } = await admin.client.rpc('admin_vote_clusters');
  if (error) throw new Error(error.message);
  return (data as Cluster[]).filter((c) => c.project_id === projectId).map((c) => ({ ...c, points: Number(c.points), project_points: Number(c.project_points), share: Number(c.share) }));
}

/** One established vote from its own network, then ten anonymous ones from one farm. */
async function farmedProject(farm: string): Promise<string> {
  const id = await project({ title: `Farmed ${farm}` });
  const regular = await agedUser(server, 30);
  await vote(fromAddress(server, regular, '192.0.2.50'), id);
  for (let i = 0; i < 10; i++) {
    const visitor = await server.signInAnonymously({ 'x-forwarded-for': `${farm}${i + 1}` });
    await vote(visitor.client, id);
  }
  return id;
}

describe('admin_vote_clusters', () => {
  it('lists many accounts from one network and bursts of new or anonymous votes, with their share of the points', async () => {
    const id = await farmedProject('203.0.113.');
    const found = await clusters(id);
    expect(found.map((c) => c.kind).sort()).toEqual(['burst', 'network']);
    const network = found.find((c) => c.kind === 'network')!;
    expect(network).toMatchObject({ project_title: 'Farmed 203.0.113.', votes: 10, anonymous_votes: 10, new_account_votes: 0 });
    // Ten anonymous votes from one network: 10 × (2/10)^2 × 0.25 = 0.1 points, beside one established vote.
    expect(network.points).toBeCloseTo(0.1, 12);
    expect(network.project_points).toBeCloseTo(1.1, 12);
    expect(network.share).toBeCloseTo(0.1 / 1.1, 4);
    expect(network.cluster_key).toMatch(/^network:[0-9a-f-]{36}$/);
    // The key names the cluster, not its network: no hash leaves the database.
    expect(JSON.stringify(found)).not.toMatch(/[0-9a-f]{64}/);
    const burst = found.find((c) => c.kind === 'burst')!;
    expect(burst).toMatchObject({ votes: 10, anonymous_votes: 10 });
  });

  it('does not list a couple of people voting from one office', async () => {
    const id = await project();
    for (const i of [1, 2]) await vote(fromAddress(server, await agedUser(server, 30), `198.51.100.${i}`), id);
    expect(await clusters(id)).toEqual([]);
  });
});

describe('discounting a cluster', () => {
  it('takes its votes out of the points, not out of the count; reversible; both logged', async () => {
    const id = await farmedProject('100.64.9.');
    const before = await tally(server, id);
    expect(before.upvotes).toBe(11);
    const network = (await clusters(id)).find((c) => c.kind === 'network')!;

    const { data, error } = await admin.client.rpc('admin_discount_votes', { cluster_key: network.cluster_key });
    expect(error).toBeNull();
    const discount = data as { discount_id: string; votes: number; points: number };
    expect(discount).toMatchObject({ votes: 10 });
    expect(await tally(server, id)).toEqual({ upvotes: 11, points: 1 });
    expect(await recount(server, id)).toBeCloseTo(1, 12);
    // Its votes no longer form a cluster to act on, the burst included.
    expect(await clusters(id)).toEqual([]);
    const listed = await admin.client.rpc('admin_vote_discounts');
    expect((listed.data as { id: string; votes: number; restored_at: string | null; created_by_email: string }[]).find((d) => d.id === discount.discount_id))
      .toMatchObject({ votes: 10, restored_at: null, created_by_email: admin.email });
    const log = async (kind: string) =>
      (await server.ctx.db.query('select summary from public.activity_events where kind = $1 and subject_id = $2', [kind, discount.discount_id])).rows;
    expect(await log('votes_discounted')).toEqual([{ summary: 'Votes discounted: 10 on Farmed 100.64.9. (one network)' }]);
    // A second discount of the same cluster finds nothing left.
    expect((await admin.client.rpc('admin_discount_votes', { cluster_key: network.cluster_key })).status).toBe(404);

    const restored = await admin.client.rpc('admin_restore_votes', { discount_id: discount.discount_id });
    expect(restored.data).toEqual({ restored: 10 });
    const after = await tally(server, id);
    expect(after.upvotes).toBe(11);
    expect(after.points).toBeCloseTo(before.points, 12);
    expect(await log('votes_restored')).toEqual([{ summary: 'Votes restored: 10 on Farmed 100.64.9. (one network)' }]);
    expect((await admin.client.rpc('admin_restore_votes', { discount_id: discount.discount_id })).status).toBe(404);
  });

  it('discounts a burst: the new and anonymous votes of that hour on that project', async () => {
    const id = await farmedProject('100.65.9.');
    const burst = (await clusters(id)).find((c) => c.kind === 'burst')!;
    expect((await admin.client.rpc('admin_discount_votes', { cluster_key: burst.cluster_key })).data).toMatchObject({ votes: 10 });
    expect(await tally(server, id)).toEqual({ upvotes: 11, points: 1 });
  });

  it('refuses bad keys and every caller but an admin, changing nothing', async () => {
    const id = await farmedProject('100.66.9.');
    const key = (await clusters(id)).find((c) => c.kind === 'network')!.cluster_key;
    const before = await tally(server, id);
    expect((await admin.client.rpc('admin_discount_votes', { cluster_key: 'network:nope' })).error?.code).toBe('22023');
    expect((await admin.client.rpc('admin_discount_votes', { cluster_key: "burst:1'; drop table x;--" })).error?.code).toBe('22023');
    expect((await admin.client.rpc('admin_discount_votes', { cluster_key: 'network:00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    const moderator = await server.createUser({ appRole: 'moderator' });
    const user = await server.createUser();
    const visitor = await server.signInAnonymously();
    for (const [who, client] of [['moderator', moderator.client], ['user', user.client], ['anonymous', visitor.client]] as const) {
      for (const call of [
        client.rpc('admin_vote_clusters'),
        client.rpc('admin_vote_discounts'),
        client.rpc('admin_discount_votes', { cluster_key: key }),
        client.rpc('admin_restore_votes', { discount_id: '00000000-0000-4000-8000-000000000000' }),
      ]) {
        expect((await call).error?.code, who).toBe('42501');
      }
    }
    expect((await server.anon().rpc('admin_vote_clusters')).status).toBe(401);
    expect(await tally(server, id)).toEqual(before);
  });
});
