import { createClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { browserClient, follow, fragment, gotrue, lastMailTo, PASSWORD, uniqueEmail, verifyLinkOf } from '../auth-support.ts';
import { maker, tally, vote } from './votes-fixtures.ts';

/**
 * Signing up from an anonymous session converts that user, GoTrue's way: updateUser({ email,
 * password }), confirmed by e-mail. The id stays, and with it the votes.
 */
const redirectTo = (server: TestServer) => `${server.url}/auth/callback`;
const userRow = async (server: TestServer, id: string) =>
  (await server.ctx.db.query(`select email, is_anonymous, email_confirmed_at is not null as confirmed from auth.users where id = $1`, [id])).rows[0];

describe('with e-mail confirmation (the default)', () => {
  let server: TestServer;
  let project: () => Promise<string>;
  beforeAll(async () => {
    server = await startTestServer({ AUTH_AUTOCONFIRM: 'false' });
    ({ project } = await maker(server));
  });
  afterAll(() => server?.close());

  it('keeps the votes: the link confirms the address and the user becomes permanent', async () => {
    const ids = [await project(), await project()];
    const browser = browserClient(server);
    const { data: anon } = await browser.auth.signInAnonymously();
    const userId = anon.user!.id;
    for (const id of ids) await vote(browser, id);
    const pointsBefore = (await tally(server, ids[0]!)).points;
    expect(pointsBefore).toBe(0.25);

    const email = uniqueEmail('convert');
    const { data, error } = await browser.auth.updateUser({ email, password: PASSWORD, data: { name: 'Vera Voter' } }, { emailRedirectTo: redirectTo(server) });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: userId, is_anonymous: true, new_email: email });
    // Until the link is followed nothing changes but the pending address.
    expect(await userRow(server, userId)).toEqual({ email: null, is_anonymous: true, confirmed: false });
    expect((await browserClient(server).auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');

    const landed = await follow(verifyLinkOf(await lastMailTo(server, email)));
    expect(landed.origin + landed.pathname).toBe(redirectTo(server));
    const params = fragment(landed);
    expect(params.get('type')).toBe('email_change');
    expect(decodeJwt(params.get('access_token')!)).toMatchObject({ sub: userId, is_anonymous: false, email });

    expect(await userRow(server, userId)).toEqual({ email, is_anonymous: false, confirmed: true });
    const { rows } = await server.ctx.db.query('select project_id from public.project_votes where user_id = $1 order by project_id', [userId]);
    expect(rows.map((r) => r.project_id)).toEqual([...ids].sort());
    // Votes keep counting once, and now weigh as a new account's.
    expect(await tally(server, ids[0]!)).toEqual({ points: 0.5, upvotes: 1 });
    // A person registered: in the activity log, able to sign in with the password they chose.
    const signIn = await browserClient(server).auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user).toMatchObject({ id: userId, is_anonymous: false, user_metadata: { name: 'Vera Voter' }, app_metadata: { provider: 'email' } });
    const logged = await server.ctx.db.query(`select summary from public.activity_events where kind = 'user_signed_up' and actor_id = $1`, [userId]);
    expect(logged.rows).toEqual([{ summary: `New user registered: ${email}` }]);
  });

  it('works through PKCE as the app sends it: the link answers ?code=, exchanged for a permanent session', async () => {
    // As the web app's storage does (web/lib/supabase.ts): supabase-js 2.109 drops the verifier
    // when updateUser saves the session (supabase-js#2512); the app keeps it for the exchange.
    const store = new Map<string, string>();
    const browser = createClient(server.url, server.anonKey, {
      auth: {
        flowType: 'pkce',
        autoRefreshToken: false,
        detectSessionInUrl: false,
        storage: {
          getItem: (k) => store.get(k) ?? null,
          setItem: (k, v) => void store.set(k, v),
          removeItem: (k) => void (k.endsWith('-code-verifier') || store.delete(k)),
        },
      },
      realtime: { transport: WebSocket as never },
    });
    const { data: anon } = await browser.auth.signInAnonymously();
    const email = uniqueEmail('pkce');
    expect((await browser.auth.updateUser({ email, password: PASSWORD }, { emailRedirectTo: redirectTo(server) })).error).toBeNull();
    const landed = await follow(verifyLinkOf(await lastMailTo(server, email)));
    const code = landed.searchParams.get('code');
    expect(code).toBeTruthy();
    const exchanged = await browser.auth.exchangeCodeForSession(code!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user).toMatchObject({ id: anon.user!.id, email, is_anonymous: false });
    expect(decodeJwt(exchanged.data.session!.access_token).is_anonymous).toBe(false);
  });

  it('does not tell whether an address is registered, and converts nobody onto it', async () => {
    const owner = uniqueEmail('taken');
    await server.service().auth.admin.createUser({ email: owner, password: PASSWORD, email_confirm: true });
    const browser = browserClient(server);
    const { data: anon } = await browser.auth.signInAnonymously();
    const { data, error } = await browser.auth.updateUser({ email: owner, password: PASSWORD }, { emailRedirectTo: redirectTo(server) });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: anon.user!.id, is_anonymous: true, new_email: owner });
    expect(await lastMailTo(server, owner)).toBeUndefined();
    expect(await userRow(server, anon.user!.id)).toEqual({ email: null, is_anonymous: true, confirmed: false });
  });

  it('refuses while registration is closed, and for bad input, changing nothing', async () => {
    const browser = browserClient(server);
    const { data: anon } = await browser.auth.signInAnonymously();
    const token = (await browser.auth.getSession()).data.session!.access_token;
    const put = (body: unknown) => gotrue(server, 'PUT', '/user', body, { authorization: `Bearer ${token}` });
    expect(await put({ email: 'not-an-address', password: PASSWORD })).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(await put({ email: uniqueEmail(), password: 'short' })).toMatchObject({ status: 422, body: { code: 'weak_password' } });
    await server.ctx.db.query('update public.site_settings set allow_registration = false');
    try {
      expect(await put({ email: uniqueEmail(), password: PASSWORD })).toMatchObject({ status: 422, body: { code: 'signup_disabled' } });
    } finally {
      await server.ctx.db.query('update public.site_settings set allow_registration = true');
    }
    const { rows } = await server.ctx.db.query(`select email_change, encrypted_password from auth.users where id = $1`, [anon.user!.id]);
    expect(rows[0]).toEqual({ email_change: null, encrypted_password: null });
  });

  it('leaves "the e-mail cannot be changed" in place for permanent accounts', async () => {
    const user = await server.createUser();
    const res = await gotrue(server, 'PUT', '/user', { email: uniqueEmail() }, { authorization: `Bearer ${user.token}` });
    expect(res).toMatchObject({ status: 422, body: { code: 'validation_failed', message: 'Email address cannot be changed' } });
  });
});

describe('without e-mail confirmation', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('converts at once, as a sign-up would sign in at once; a refresh carries is_anonymous false', async () => {
    const { project } = await maker(server);
    const id = await project();
    const browser = browserClient(server);
    const { data: anon } = await browser.auth.signInAnonymously();
    await vote(browser, id);
    const email = uniqueEmail('instant');
    const { data, error } = await browser.auth.updateUser({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: anon.user!.id, email, is_anonymous: false });
    const refreshed = await browser.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token)).toMatchObject({ is_anonymous: false, email });
    expect(await tally(server, id)).toEqual({ points: 0.5, upvotes: 1 });
    // An address that is taken is refused in so many words, as sign-up does here.
    const other = browserClient(server);
    await other.auth.signInAnonymously();
    expect((await other.auth.updateUser({ email, password: PASSWORD })).error).toMatchObject({ status: 422, code: 'email_exists' });
  });
});
