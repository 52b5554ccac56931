import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { dbRow, serviceProject } from '../schema-fixtures.ts';

/** public.toggle_vote(project_id) → { upvoted, upvotes }: the only way to vote, one per account. */
let server: TestServer;
let creatorId: string;

beforeAll(async () => {
  server = await startTestServer();
  const maker = await server.createUser({ name: 'Vote Maker' });
  await server.service().from('creators').insert({ id: maker.id, name: 'Vote Maker' });
  creatorId = maker.id;
});
afterAll(() => server?.close());

const vote = (client: ReturnType<TestServer['anon']>, projectId: string) => client.rpc('toggle_vote', { project_id: projectId });
const votesOn = async (id: string) =>
  (await server.ctx.db.query<{ n: number }>('select count(*)::int as n from public.project_votes where project_id = $1', [id])).rows[0]!.n;

describe('toggle_vote', () => {
  it('50 concurrent votes by 50 accounts, anonymous or not, count exactly 50', async () => {
    const id = await serviceProject(server, creatorId);
    const voters = await Promise.all([
      ...Array.from({ length: 25 }, () => server.createUser()),
      ...Array.from({ length: 25 }, () => server.signInAnonymously()),
    ]);
    const results = await Promise.all(voters.map((v) => vote(v.client, id)));
    for (const r of results) expect(r.error).toBeNull();
    expect(results.every((r) => r.data.upvoted === true)).toBe(true);
    // Each caller sees its own vote; none of these fresh or anonymous accounts counts in the public
    // number yet (decision 212), while the raw count has every vote exactly once.
    expect(results.map((r) => r.data.upvotes as number)).toEqual(Array.from({ length: 50 }, () => 1));
    expect((await dbRow(server, 'projects', id))!.votes_cast).toBe(50);
    expect((await dbRow(server, 'projects', id))!.upvotes).toBe(0);
    expect(await votesOn(id)).toBe(50);
  });

  it('a second vote by the same account undoes the first, anonymous accounts included', async () => {
    const id = await serviceProject(server, creatorId);
    const visitor = await server.signInAnonymously();
    expect((await vote(visitor.client, id)).data).toEqual({ upvoted: true, upvotes: 1, counted: false });
    expect((await vote(visitor.client, id)).data).toEqual({ upvoted: false, upvotes: 0, counted: false });
    const user = await server.createUser();
    expect((await vote(user.client, id)).data).toEqual({ upvoted: true, upvotes: 1, counted: false });
    expect((await vote(user.client, id)).data).toEqual({ upvoted: false, upvotes: 0, counted: false });
    expect((await server.anon().from('projects').select('upvotes').eq('id', id).single()).data).toEqual({ upvotes: 0 });
  });

  it('answers 404 for a missing, pending or rejected project and writes nothing', async () => {
    const user = await server.createUser();
    for (const status of ['pending', 'rejected']) {
      const id = await serviceProject(server, creatorId, { status });
      const r = await vote(user.client, id);
      expect(r.status).toBe(404);
      expect(r.error).toMatchObject({ code: 'PT404', message: 'Project not found' });
      expect((await dbRow(server, 'projects', id))!.upvotes).toBe(0);
      expect(await votesOn(id)).toBe(0);
    }
    const missing = await vote(user.client, '00000000-0000-4000-8000-000000000404');
    expect(missing).toMatchObject({ status: 404, error: { code: 'PT404' } });
    expect((await vote(user.client, 'not-a-uuid' as string)).status).toBe(400);
  });

  it('refuses a visitor without a session (401); the per-browser id path is gone', async () => {
    const id = await serviceProject(server, creatorId);
    const signedOut = await vote(server.anon(), id);
    expect(signedOut).toMatchObject({ status: 401, error: { code: '42501', message: 'Sign in to vote' } });
    const browserId = await server.anon().rpc('toggle_vote', { project_id: id, voter_id: '5f0c8a4e-2b1d-4c3e-9f00-000000000001' });
    expect(browserId).toMatchObject({ status: 404, error: { code: 'PGRST202' } });
    expect(await votesOn(id)).toBe(0);
  });

  it('refuses banned accounts (403)', async () => {
    const id = await serviceProject(server, creatorId);
    const banned = await server.createUser({ bannedUntil: new Date(Date.now() + 3_600_000) });
    expect(await vote(banned.client, id)).toMatchObject({ status: 403, error: { code: '42501' } });
    expect(await votesOn(id)).toBe(0);
  });

  it('deleting a project takes its votes with it; deleting an account takes its vote off the count', async () => {
    const id = await serviceProject(server, creatorId);
    const leaving = await server.createUser();
    const staying = await server.signInAnonymously();
    await vote(leaving.client, id);
    await vote(staying.client, id);
    await server.service().auth.admin.deleteUser(leaving.id);
    expect((await dbRow(server, 'projects', id))!.votes_cast).toBe(1);
    await server.service().from('projects').delete().eq('id', id);
    expect(await votesOn(id)).toBe(0);
  });

  it('keeps votes cast by browser id before accounts voted as a legacy count', async () => {
    const id = await serviceProject(server, creatorId);
    await server.ctx.db.query('update public.projects set legacy_votes = 7 where id = $1', [id]);
    const user = await server.createUser();
    expect((await vote(user.client, id)).data).toEqual({ upvoted: true, upvotes: 8, counted: false });
    expect((await vote(user.client, id)).data).toEqual({ upvoted: false, upvotes: 7, counted: false });
    // Nobody but the database writes it.
    const owner = await server.createUser();
    await server.service().from('creators').insert({ id: owner.id, name: 'Owner' });
    const own = await serviceProject(server, owner.id);
    const forged = await owner.client.from('projects').update({ legacy_votes: 99 }).eq('id', own).select();
    expect(forged.error?.code).toBe('42501');
    expect((await dbRow(server, 'projects', own))!.legacy_votes).toBe(0);
  });
});

describe('toggling faster than the limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ RATE_LIMIT_VOTES: '3/60' });
  });
  afterAll(() => limited?.close());

  it('answers 429 in the API shape with Retry-After, and the refused toggle changes nothing', async () => {
    const maker = await limited.createUser();
    await limited.service().from('creators').insert({ id: maker.id, name: 'Maker' });
    const id = await serviceProject(limited, maker.id);
    const user = await limited.createUser();
    for (let i = 0; i < 3; i++) expect((await vote(user.client, id)).error).toBeNull();
    expect((await dbRow(limited, 'projects', id))!.votes_cast).toBe(1);
    const res = await fetch(`${limited.url}/rest/v1/rpc/toggle_vote`, {
      method: 'POST',
      headers: { apikey: limited.anonKey, authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ project_id: id }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({ code: 'over_request_rate_limit' });
    expect((await dbRow(limited, 'projects', id))!.votes_cast).toBe(1);
  });
});
