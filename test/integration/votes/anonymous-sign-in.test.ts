import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, startTestServer, type TestServer } from '../../support/server.ts';
import { gotrue, PASSWORD, uniqueEmail } from '../auth-support.ts';

/** supabase.auth.signInAnonymously() against our /auth/v1, as GoTrue answers it. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const countUsers = async () =>
  (await server.ctx.db.query<{ n: number }>('select count(*)::int as n from auth.users')).rows[0]!.n;
const setAnonymousVotes = (on: boolean) =>
  server.ctx.db.query('update public.site_settings set allow_anonymous_votes = $1', [on]);

describe('signInAnonymously', () => {
  it('creates an anonymous user with a session whose JWT says so', async () => {
    const client = clientFor(server.url, server.anonKey);
    const { data, error } = await client.auth.signInAnonymously({ options: { data: { theme: 'dark' } } });
    expect(error).toBeNull();
    const { user, session } = data;
    expect(user).toMatchObject({ aud: 'authenticated', role: 'authenticated', email: '', phone: '', is_anonymous: true, app_metadata: {}, identities: [] });
    expect(user!.user_metadata).toEqual({ theme: 'dark' });
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session!.refresh_token).toBeTruthy();

    const claims = decodeJwt(session!.access_token);
    expect(claims).toMatchObject({ sub: user!.id, role: 'authenticated', aud: 'authenticated', is_anonymous: true, email: '', aal: 'aal1' });
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['anonymous']);

    // The session works like any other: GET /user, a refresh.
    expect((await client.auth.getUser()).data.user).toMatchObject({ id: user!.id, is_anonymous: true });
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session!.access_token)).toMatchObject({ sub: user!.id, is_anonymous: true });

    const { rows } = await server.ctx.db.query(`select is_anonymous, email, encrypted_password from auth.users where id = $1`, [user!.id]);
    expect(rows[0]).toEqual({ is_anonymous: true, email: null, encrypted_password: null });
  });

  it('takes its own path on POST /signup: no e-mail and no phone, whatever else is sent', async () => {
    const raw = await gotrue(server, 'POST', '/signup', { data: {}, gotrue_meta_security: { captcha_token: null } });
    expect(raw.status).toBe(200);
    expect(raw.body).toMatchObject({ user: { is_anonymous: true }, token_type: 'bearer' });
    // A password without an e-mail is GoTrue's anonymous sign-in too; the password is not kept.
    const withPassword = await gotrue(server, 'POST', '/signup', { password: PASSWORD });
    expect(withPassword.status).toBe(200);
    const id = (withPassword.body.user as { id: string }).id;
    expect((await server.ctx.db.query(`select encrypted_password from auth.users where id = $1`, [id])).rows[0]).toEqual({ encrypted_password: null });
    // Bad metadata is refused and creates nobody.
    const before = await countUsers();
    expect(await gotrue(server, 'POST', '/signup', { data: 'x' })).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(await countUsers()).toBe(before);
  });

  it('answers 422 anonymous_provider_disabled when the admin switches it off, whatever registration says', async () => {
    await setAnonymousVotes(false);
    try {
      expect((await gotrue(server, 'GET', '/settings')).body).toMatchObject({ external: { anonymous_users: false }, disable_signup: false });
      const before = await countUsers();
      const { data, error } = await clientFor(server.url, server.anonKey).auth.signInAnonymously();
      expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' });
      expect(data.session).toBeNull();
      expect(await countUsers()).toBe(before);
      // E-mail sign-ups do not depend on it.
      expect((await clientFor(server.url, server.anonKey).auth.signUp({ email: uniqueEmail(), password: PASSWORD })).error).toBeNull();
    } finally {
      await setAnonymousVotes(true);
    }
    await server.ctx.db.query('update public.site_settings set allow_registration = false');
    try {
      expect((await gotrue(server, 'GET', '/settings')).body).toMatchObject({ external: { anonymous_users: true }, disable_signup: true });
      expect((await clientFor(server.url, server.anonKey).auth.signInAnonymously()).error).toBeNull();
    } finally {
      await server.ctx.db.query('update public.site_settings set allow_registration = true');
    }
  });

  it('refuses a token that claims is_anonymous false but is not signed by us (401)', async () => {
    const visitor = await server.signInAnonymously();
    const claims = { ...decodeJwt(visitor.token), is_anonymous: false };
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode('not-the-server-secret-but-long-enough-1234'));
    const rest = await server.withToken(forged).from('creators').insert({ id: visitor.id, name: 'Forged' }).select();
    expect(rest.status).toBe(401);
    const auth = await gotrue(server, 'GET', '/user', undefined, { authorization: `Bearer ${forged}` });
    expect(auth.status).toBe(401);
    expect((await server.ctx.db.query('select 1 from public.creators where id = $1', [visitor.id])).rows).toEqual([]);
  });
});

describe('the anonymous sign-in limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ RATE_LIMIT_ANONYMOUS: '2/3600', RATE_LIMIT_SIGNUP: '1/3600' });
  });
  afterAll(() => limited?.close());

  it('is a bucket of its own per IP: 429 over it, while e-mail sign-ups count elsewhere', async () => {
    const client = () => clientFor(limited.url, limited.anonKey);
    // The e-mail sign-up bucket runs out first, and anonymous sign-ins are still open.
    expect((await client().auth.signUp({ email: uniqueEmail(), password: PASSWORD })).error).toBeNull();
    expect((await client().auth.signUp({ email: uniqueEmail(), password: PASSWORD })).error?.status).toBe(429);
    expect((await client().auth.signInAnonymously()).error).toBeNull();
    expect((await client().auth.signInAnonymously()).error).toBeNull();
    const third = await gotrue(limited, 'POST', '/signup', {});
    expect(third).toMatchObject({ status: 429, body: { code: 'over_request_rate_limit' } });
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(3000);
    const { rows } = await limited.ctx.db.query<{ n: number }>('select count(*)::int as n from auth.users where is_anonymous');
    expect(rows[0]!.n).toBe(2);
  });
});

describe('anonymous users are visitors to the admin panel', () => {
  it('are neither listed in /admin/users nor counted in totalUsers, and sign-in logs no "New user registered"', async () => {
    const admin = await server.createUser({ appRole: 'admin' });
    const visitor = await server.signInAnonymously();
    const listed = await admin.client.rpc('admin_list_users', { max_rows: 100 });
    expect(listed.error).toBeNull();
    const ids = (listed.data as { id: string }[]).map((u) => u.id);
    expect(ids).toContain(admin.id);
    expect(ids).not.toContain(visitor.id);
    const { rows } = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from auth.users where not is_anonymous and deleted_at is null');
    expect((await admin.client.rpc('admin_dashboard_stats')).data).toMatchObject({ totalUsers: rows[0]!.n });
    const logged = await server.ctx.db.query(`select 1 from public.activity_events where kind = 'user_signed_up' and actor_id = $1`, [visitor.id]);
    expect(logged.rows).toEqual([]);
  });

  it('have no staff role and call no server function', async () => {
    const visitor = await server.signInAnonymously();
    // Even an account row that says admin grants nothing to an anonymous session.
    await server.ctx.db.query(`update auth.users set raw_app_meta_data = '{"role":"admin"}' where id = $1`, [visitor.id]);
    expect((await visitor.client.rpc('current_staff_role')).data).toBeNull();
    expect((await visitor.client.rpc('admin_dashboard_stats')).error?.code).toBe('42501');
    for (const name of ['delete-account', 'admin-invite-user', 'admin-review-project']) {
      const { error } = await visitor.client.functions.invoke(name, { body: {} });
      expect((error as { context?: Response }).context?.status, name).toBe(403);
    }
    expect((await server.ctx.db.query('select 1 from auth.users where id = $1', [visitor.id])).rows).toHaveLength(1);
  });

  it('set a password only together with an e-mail, as GoTrue requires', async () => {
    const visitor = await server.signInAnonymously();
    const res = await gotrue(server, 'PUT', '/user', { password: PASSWORD }, { authorization: `Bearer ${visitor.token}` });
    expect(res).toMatchObject({ status: 422, body: { code: 'validation_failed' } });
    // Metadata alone is an ordinary update.
    const named = await gotrue(server, 'PUT', '/user', { data: { theme: 'light' } }, { authorization: `Bearer ${visitor.token}` });
    expect(named).toMatchObject({ status: 200, body: { is_anonymous: true, user_metadata: { theme: 'light' } } });
  });
});
