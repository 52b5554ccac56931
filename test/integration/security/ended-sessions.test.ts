import { FunctionsHttpError } from '@supabase/supabase-js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, startTestServer, type TestServer } from '../../support/server.ts';
import { makeCreator, makeProject } from '../admin-fixtures.ts';
import { browserClient, gotrue, PASSWORD, uniqueEmail } from '../auth-support.ts';

/**
 * L6: REST only checked the token's signature, so after sign-out, refresh-token reuse revocation
 * or a ban the access token kept reading and writing for up to an hour. Now /rest/v1, /storage/v1
 * and /functions/v1 check that the token's session is live (cached SESSION_CHECK_SECONDS, 5 s).
 */
let server: TestServer;
let png: Buffer;
beforeAll(async () => {
  server = await startTestServer({ SESSION_CHECK_SECONDS: '5' });
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).png().toBuffer();
});
afterAll(() => server?.close());

async function signedIn() {
  const email = uniqueEmail('l6');
  const client = browserClient(server);
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD, options: { data: { name: 'L6' } } });
  expect(error).toBeNull();
  const token = data.session!.access_token;
  const id = data.user!.id;
  await server.service().from('creators').insert({ id, name: 'L6 maker' });
  return { client, token, id, email, asToken: clientFor(server.url, server.anonKey, token) };
}

const rename = (token: string, id: string, name: string) =>
  clientFor(server.url, server.anonKey, token).from('creators').update({ name }).eq('id', id).select('name');

describe('ended sessions end data access at once', () => {
  it('after sign-out the old access token neither writes nor reads through /rest/v1', async () => {
    const u = await signedIn();
    expect((await rename(u.token, u.id, 'before')).error).toBeNull();
    expect((await u.client.auth.signOut()).error).toBeNull();
    const write = await rename(u.token, u.id, 'after sign-out');
    expect(write.status).toBe(401);
    expect(write.error?.code).toBe('PGRST303');
    const read = await u.asToken.from('creators').select('name').eq('id', u.id);
    expect(read.status).toBe(401);
    const { rows } = await server.ctx.db.query<{ name: string }>(`select name from public.creators where id = $1`, [u.id]);
    expect(rows[0]!.name).toBe('before');
  });

  it('refresh-token reuse revokes the family, and its access token stops writing', async () => {
    const u = await signedIn();
    const first = (await u.client.auth.getSession()).data.session!.refresh_token;
    const { data: refreshed } = await u.client.auth.refreshSession();
    const child = refreshed.session!.access_token;
    expect((await rename(child, u.id, 'child writes')).error).toBeNull();
    await server.ctx.db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where revoked`);
    const reuse = await gotrue(server, 'POST', '/token?grant_type=refresh_token', { refresh_token: first });
    expect(reuse.body.code).toBe('refresh_token_already_used');
    expect((await rename(child, u.id, 'thief writes')).status).toBe(401);
  });

  it('storage uploads and functions refuse a signed-out token too', async () => {
    const u = await signedIn();
    const upload = (token: string, name: string) =>
      clientFor(server.url, server.anonKey, token).storage.from('project-images').upload(`${u.id}/${name}`, png, { contentType: 'image/png' });
    expect((await upload(u.token, 'before.png')).error).toBeNull();
    await u.client.auth.signOut();
    const refused = await upload(u.token, 'after.png');
    expect(refused.error?.message).toBe('jwt session has ended');
    const review = await clientFor(server.url, server.anonKey, u.token).functions.invoke('admin-review-project', {
      body: { projectId: '00000000-0000-4000-8000-000000000000', action: 'approve' },
    });
    expect((review.error as FunctionsHttpError).context.status).toBe(401);
  });

  it('a session ended elsewhere (a ban, another instance) is refused once the check is older than SESSION_CHECK_SECONDS', async () => {
    const u = await signedIn();
    expect((await rename(u.token, u.id, 'checked')).error).toBeNull();
    // Deleted behind this process's back, as a ban through set_user_ban or another instance does.
    await server.ctx.db.query(`delete from auth.sessions where user_id = $1`, [u.id]);
    // Within the window the recent check still vouches for it (bounded staleness, no round trip)…
    expect((await rename(u.token, u.id, 'within the window')).error).toBeNull();
    // …and past it the token is refused.
    await server.advanceClock(5_001);
    expect((await rename(u.token, u.id, 'too late')).status).toBe(401);
  });

  it('a ban ends the user’s data calls (their sessions end with it), and a banned user cannot subscribe to the newsletter', async () => {
    const u = await signedIn();
    const admin = await server.createUser({ appRole: 'admin' });
    await server.advanceClock(5_001);
    expect((await admin.client.rpc('set_user_ban', { user_id: u.id, banned: true })).error).toBeNull();
    const subscribe = await u.asToken.rpc('subscribe_newsletter', { email: uniqueEmail('news') });
    expect(subscribe.status).toBe(401);
    // A token that names no session (minted with the JWT secret) reaches the function, which refuses too.
    const minted = await server.ctx.keys.sign({ role: 'authenticated', aud: 'authenticated', sub: u.id, email: u.email }, 600);
    const direct = await clientFor(server.url, server.anonKey, minted).rpc('subscribe_newsletter', { email: uniqueEmail('news') });
    expect(direct.error?.code).toBe('42501');
    expect((await server.ctx.db.query(`select 1 from public.newsletter_subscriptions where email like 'news-%'`)).rows).toHaveLength(0);
  });

  it('a live session keeps working, and a project write by its owner goes through', async () => {
    const u = await signedIn();
    const owner = await server.createUser();
    await makeCreator(server, owner);
    const projectId = await makeProject(server, owner, { status: 'approved' });
    const comment = await u.asToken.from('project_comments').insert({ project_id: projectId, user_id: u.id, content: 'still here' }).select('id');
    expect(comment.error).toBeNull();
  });
});
