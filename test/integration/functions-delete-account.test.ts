import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeys } from '../../server/security/jwt.ts';
import { clientFor, startTestServer, type TestServer, type TestUser } from '../support/server.ts';
import { makeComment, makeProject } from './admin-fixtures.ts';

let server: TestServer;
let bob: TestUser;
let bobProject: string;
let png: Buffer;

const BUCKET = 'project-images';
const PASSWORD = 'correct horse battery';
const file = () => new File([new Uint8Array(png)], 'shot.png', { type: 'image/png' });
const count = async (sql: string, params: unknown[]) => (await server.ctx.db.query<{ n: number }>(`select count(*)::int as n ${sql}`, params)).rows[0]!.n;

async function invoke(client: ReturnType<TestServer['anon']>, body: Record<string, unknown> = {}) {
  const { data, error } = await client.functions.invoke('delete-account', { body });
  const context = (error as { context?: Response } | null)?.context;
  return { data, status: context?.status ?? 200 };
}

/** A real password account signed in through /auth/v1, so it has a refresh token to revoke. */
async function signedInUser(email: string) {
  const { data, error } = await server.service().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: { name: 'Dana' } });
  if (error) throw error;
  const client = clientFor(server.url, server.anonKey);
  const signIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (signIn.error) throw signIn.error;
  const session = signIn.data.session!;
  const user: TestUser = { id: data.user!.id, email, token: session.access_token, client: clientFor(server.url, server.anonKey, session.access_token) };
  return { user, refreshToken: session.refresh_token };
}

beforeAll(async () => {
  server = await startTestServer();
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366ff' } }).png().toBuffer();
  bob = await server.createUser({ name: 'Bob', email: 'bob@example.test' });
  bobProject = await makeProject(server, bob, { title: 'Bob Builds', status: 'approved' });
  expect((await bob.client.storage.from(BUCKET).upload(`${bob.id}/bob.png`, file())).error).toBeNull();
});
afterAll(() => server?.close());

describe('/functions/v1/delete-account', () => {
  it('erases the caller’s account, projects, comments, votes and images, keeps reports about it, and ends their sessions', async () => {
    const { user: dana, refreshToken } = await signedInUser('dana@example.test');
    const danaProject = await makeProject(server, dana, { title: 'Dana Makes', status: 'approved' });
    const key = `${dana.id}/cover.png`;
    expect((await dana.client.storage.from(BUCKET).upload(key, file())).error).toBeNull();
    expect(await server.isStored(key)).toBe(true);
    const danaComment = await makeComment(server, dana, bobProject, 'Lovely work, Bob');
    const bobComment = await makeComment(server, bob, danaProject, 'Thanks Dana');
    expect((await dana.client.rpc('toggle_vote', { project_id: bobProject })).error).toBeNull();
    expect((await dana.client.from('reports').insert({ type: 'project', target_id: bobProject, reason: 'Spam' })).error).toBeNull();
    expect((await bob.client.from('reports').insert({ type: 'user', target_id: dana.id, reason: 'Rude' })).error).toBeNull();
    const upvotesBefore = (await server.ctx.db.query<{ upvotes: number }>(`select votes_cast as upvotes from public.projects where id = $1`, [bobProject])).rows[0]!.upvotes;

    // Bob's id in the body is ignored: only the token decides whose account goes.
    const res = await invoke(dana.client, { userId: bob.id, user_id: bob.id, id: bob.id });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ deleted: true });

    expect(await count(`from auth.users where id = $1`, [dana.id])).toBe(0);
    expect(await count(`from public.creators where id = $1`, [dana.id])).toBe(0);
    expect(await count(`from public.projects where id = $1`, [danaProject])).toBe(0);
    expect(await count(`from public.project_comments where id = any($1::uuid[])`, [[danaComment, bobComment]])).toBe(0);
    expect(await count(`from public.project_votes where user_id = $1`, [dana.id])).toBe(0);
    expect(await count(`from storage.objects where owner = $1`, [dana.id])).toBe(0);
    expect(await server.isStored(key)).toBe(false);
    expect(await count(`from auth.sessions where user_id = $1`, [dana.id])).toBe(0);
    expect(await count(`from public.activity_events where summary like '%dana@example.test%' or actor_id = $1`, [dana.id])).toBe(0);
    // Reports about the account stay for the moderators (I5).
    expect(await count(`from public.reports where type = 'user' and target_id = $1`, [dana.id])).toBe(1);
    const kept = await server.ctx.db.query<{ reporter: string }>(`select reporter from public.reports where target_id = $1`, [bobProject]);
    expect(kept.rows.map((r) => r.reporter)).toEqual(['Deleted user']);

    // Bob keeps everything of his, minus Dana's vote.
    expect(await count(`from auth.users where id = $1`, [bob.id])).toBe(1);
    expect(await count(`from public.projects where id = $1`, [bobProject])).toBe(1);
    expect(await server.isStored(`${bob.id}/bob.png`)).toBe(true);
    const upvotesAfter = (await server.ctx.db.query<{ upvotes: number }>(`select votes_cast as upvotes from public.projects where id = $1`, [bobProject])).rows[0]!.upvotes;
    expect(upvotesAfter).toBe(upvotesBefore - 1);

    // The public pages no longer show Dana's project or comment.
    const visitor = server.anon();
    expect((await visitor.from('projects').select('id').eq('id', danaProject)).data).toEqual([]);
    expect((await visitor.from('project_comments').select('id').eq('project_id', bobProject)).data).toEqual([]);

    // Her refresh token no longer works, and the access token cannot act again.
    const refreshed = await clientFor(server.url, server.anonKey).auth.refreshSession({ refresh_token: refreshToken });
    expect(refreshed.error).not.toBeNull();
    expect(refreshed.data.session).toBeNull();
    expect((await invoke(dana.client)).status).toBe(401);
    const signIn = await clientFor(server.url, server.anonKey).auth.signInWithPassword({ email: 'dana@example.test', password: PASSWORD });
    expect(signIn.error).not.toBeNull();
  });

  it('lets a banned user delete their account', async () => {
    const banned = await server.createUser({ bannedUntil: new Date(Date.now() + 86_400_000) });
    expect((await invoke(banned.client)).status).toBe(200);
    expect(await count(`from auth.users where id = $1`, [banned.id])).toBe(0);
  });

  it('refuses a visitor with 401 and deletes nothing', async () => {
    const before = await count(`from auth.users`, []);
    expect((await invoke(server.anon(), { userId: bob.id })).status).toBe(401);
    expect(await count(`from auth.users`, [])).toBe(before);
    expect(await count(`from auth.users where id = $1`, [bob.id])).toBe(1);
  });

  it('refuses a token signed with another key, even one naming a real user and session', async () => {
    const target = await server.createUser();
    const { rows } = await server.ctx.db.query<{ id: string }>(`select id from auth.sessions where user_id = $1`, [target.id]);
    const forger = await createKeys('a-completely-different-secret-of-enough-length-0123456789');
    const forged = await forger.sign({ role: 'authenticated', aud: 'authenticated', sub: target.id, session_id: rows[0]!.id }, 3600);
    expect((await invoke(server.withToken(forged))).status).toBe(401);
    expect(await count(`from auth.users where id = $1`, [target.id])).toBe(1);
  });

  it('refuses a token whose session was signed out', async () => {
    const { user } = await signedInUser('eve@example.test');
    expect((await user.client.auth.admin.signOut(user.token)).error).toBeNull();
    expect((await invoke(user.client)).status).toBe(401);
    expect(await count(`from auth.users where id = $1`, [user.id])).toBe(1);
  });

  it('refuses the service_role key: it is not anyone’s account', async () => {
    expect((await invoke(server.service(), { userId: bob.id })).status).toBe(401);
    expect(await count(`from auth.users where id = $1`, [bob.id])).toBe(1);
  });
});
