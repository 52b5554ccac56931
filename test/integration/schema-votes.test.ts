import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { dbRow, serviceProject } from './schema-fixtures.ts';

/** public.toggle_vote(project_id, voter_id) → { upvoted, upvotes }: the only way to vote. */
let server: TestServer;
let creatorId: string;

beforeAll(async () => {
  server = await startTestServer();
  const maker = await server.createUser({ name: 'Vote Maker' });
  await server.service().from('creators').insert({ id: maker.id, name: 'Vote Maker' });
  creatorId = maker.id;
});
afterAll(() => server?.close());

const vote = (client: ReturnType<TestServer['anon']>, projectId: string, voterId?: string) =>
  client.rpc('toggle_vote', voterId ? { project_id: projectId, voter_id: voterId } : { project_id: projectId });

describe('toggle_vote', () => {
  it('50 concurrent votes by 50 different voters count exactly 50', async () => {
    const id = await serviceProject(server, creatorId);
    const users = await Promise.all(Array.from({ length: 25 }, () => server.createUser()));
    const calls = [
      ...users.map((u) => vote(u.client, id)),
      ...Array.from({ length: 25 }, () => vote(server.anon(), id, randomUUID())),
    ];
    const results = await Promise.all(calls);
    for (const r of results) expect(r.error).toBeNull();
    expect(results.every((r) => r.data.upvoted === true)).toBe(true);
    // Each call saw its own vote land: the counts it returned are exactly 1..50.
    expect(results.map((r) => r.data.upvotes as number).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect((await dbRow(server, 'projects', id))!.upvotes).toBe(50);
    const { rows } = await server.ctx.db.query('select count(*)::int as n from public.project_votes where project_id = $1', [id]);
    expect(rows[0]!.n).toBe(50);
  });

  it('a second vote by the same voter undoes the first', async () => {
    const id = await serviceProject(server, creatorId);
    const browser = randomUUID();
    expect((await vote(server.anon(), id, browser)).data).toEqual({ upvoted: true, upvotes: 1 });
    expect((await vote(server.anon(), id, browser)).data).toEqual({ upvoted: false, upvotes: 0 });

    const user = await server.createUser();
    expect((await vote(user.client, id)).data).toEqual({ upvoted: true, upvotes: 1 });
    // Signed in, the account is the voter: a different browser id does not add a second vote.
    expect((await vote(user.client, id, randomUUID())).data).toEqual({ upvoted: false, upvotes: 0 });
    expect((await server.anon().from('projects').select('upvotes').eq('id', id).single()).data).toEqual({ upvotes: 0 });
  });

  it('refuses votes on projects that are not approved, or do not exist', async () => {
    for (const status of ['pending', 'rejected']) {
      const id = await serviceProject(server, creatorId, { status });
      const r = await vote(server.anon(), id, randomUUID());
      expect(r.error?.code).toBe('P0002');
      expect((await dbRow(server, 'projects', id))!.upvotes).toBe(0);
    }
    expect((await vote(server.anon(), randomUUID(), randomUUID())).error?.code).toBe('P0002');
  });

  it('refuses visitors without a browser id and banned accounts', async () => {
    const id = await serviceProject(server, creatorId);
    expect((await vote(server.anon(), id)).error?.code).toBe('22023');
    expect((await vote(server.anon(), id, 'not-a-uuid')).error?.code).toBe('22023');
    const banned = await server.createUser({ bannedUntil: new Date(Date.now() + 3_600_000) });
    expect((await vote(banned.client, id)).error?.code).toBe('42501');
    expect((await dbRow(server, 'projects', id))!.upvotes).toBe(0);
  });

  it('deleting a project takes its votes with it', async () => {
    const id = await serviceProject(server, creatorId);
    await vote(server.anon(), id, randomUUID());
    await server.service().from('projects').delete().eq('id', id);
    const { rows } = await server.ctx.db.query('select count(*)::int as n from public.project_votes where project_id = $1', [id]);
    expect(rows[0]!.n).toBe(0);
  });
});
