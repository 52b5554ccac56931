import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { browserClient, gotrue, mailboxJsonUrl, PASSWORD, uniqueEmail } from './auth-support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function signedUp(name = 'Grace') {
  const email = uniqueEmail();
  const client = browserClient(server);
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD, options: { data: { name } } });
  if (error) throw error;
  return { email, client, session: data.session!, user: data.user! };
}

function decode(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
}

describe('tokens and sessions', () => {
  it('password sign-in issues a GoTrue-shaped HS256 access token and an opaque refresh token', async () => {
    const { email } = await signedUp();
    const { data, error } = await browserClient(server).auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    const header = JSON.parse(Buffer.from(data.session!.access_token.split('.')[0]!, 'base64url').toString());
    expect(header.alg).toBe('HS256');
    const claims = decode(data.session!.access_token);
    expect(claims).toMatchObject({
      sub: data.user!.id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      aal: 'aal1',
      user_metadata: { name: 'Grace' },
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((claims.amr as Array<{ method: string }>)[0]!.method).toBe('password');
    expect(data.session!.refresh_token).not.toContain('.');
    const { rows } = await server.ctx.db.query<{ token: string }>('select token from auth.refresh_tokens where session_id = $1', [claims.session_id]);
    expect(rows[0]!.token).not.toBe(data.session!.refresh_token);
  });

  it('wrong password and unknown e-mail both answer invalid_credentials', async () => {
    const { email } = await signedUp();
    const wrong = await browserClient(server).auth.signInWithPassword({ email, password: 'wrong password' });
    const unknown = await browserClient(server).auth.signInWithPassword({ email: uniqueEmail(), password: PASSWORD });
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(unknown.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.message).toBe('Invalid login credentials');
    expect(wrong.error?.status).toBe(400);
  });

  it('refresh rotates the token; reusing the old one after the grace period revokes the session', async () => {
    const { client, session } = await signedUp();
    const first = session.refresh_token;
    const { data: refreshed, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    const second = refreshed.session!.refresh_token;
    expect(second).not.toBe(first);

    // Within the grace interval (two tabs refreshing together) the old token still works.
    const parallel = await gotrue(server, 'POST', '/token?grant_type=refresh_token', { refresh_token: first });
    expect(parallel.status).toBe(200);

    // Later, the same reuse means the token leaked: refused, and the whole session ends.
    await server.ctx.db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where revoked`);
    const reuse = await gotrue(server, 'POST', '/token?grant_type=refresh_token', { refresh_token: first });
    expect(reuse).toMatchObject({ status: 400, body: { code: 'refresh_token_already_used' } });
    const after = await gotrue(server, 'POST', '/token?grant_type=refresh_token', { refresh_token: second });
    expect(after).toMatchObject({ status: 400, body: { code: 'refresh_token_not_found' } });
    const me = await gotrue(server, 'GET', '/user', undefined, { authorization: `Bearer ${refreshed.session!.access_token}` });
    expect(me).toMatchObject({ status: 403, body: { code: 'session_not_found' } });
  });

  it('an unknown refresh token is refresh_token_not_found; a missing one validation_failed', async () => {
    expect(await gotrue(server, 'POST', '/token?grant_type=refresh_token', { refresh_token: 'nope' })).toMatchObject({
      status: 400,
      body: { code: 'refresh_token_not_found' },
    });
    expect(await gotrue(server, 'POST', '/token?grant_type=refresh_token', {})).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(await gotrue(server, 'POST', '/token?grant_type=magic', {})).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
  });

  it('logout local ends only this session; global ends all; others keeps this one', async () => {
    const { email } = await signedUp();
    const signIn = async () => {
      const c = browserClient(server);
      await c.auth.signInWithPassword({ email, password: PASSWORD });
      return c;
    };
    const a = await signIn();
    const b = await signIn();
    const c = await signIn();
    const tokenOf = async (cl: typeof a) => (await cl.auth.getSession()).data.session!.access_token;
    const alive = async (cl: typeof a) => (await gotrue(server, 'GET', '/user', undefined, { authorization: `Bearer ${await tokenOf(cl)}` })).status === 200;

    expect((await a.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await alive(b)).toBe(true);
    const aToken = decode((await b.auth.getSession()).data.session!.access_token);
    expect(aToken.sub).toBeTruthy();

    expect((await b.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await alive(b)).toBe(true);
    expect(await alive(c)).toBe(false);

    const d = await signIn();
    expect((await d.auth.signOut()).error).toBeNull(); // global by default
    expect(await alive(b)).toBe(false);
  });

  it('GET /user needs a bearer token: no_authorization', async () => {
    const res = await gotrue(server, 'GET', '/user');
    expect(res).toMatchObject({ status: 401, body: { code: 'no_authorization' } });
    const seeded = await server.createUser({ name: 'Seeded' });
    const me = await gotrue(server, 'GET', '/user', undefined, { authorization: `Bearer ${seeded.token}` });
    expect(me).toMatchObject({ status: 200, body: { id: seeded.id, email: seeded.email } });
  });

  it('PUT /user merges data into user_metadata and refuses an e-mail change', async () => {
    const { client, email } = await signedUp('Before');
    const { data, error } = await client.auth.updateUser({ data: { name: 'After', avatar_url: 'https://example.test/a.png' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ name: 'After', avatar_url: 'https://example.test/a.png' });
    const change = await client.auth.updateUser({ email: uniqueEmail() });
    expect(change.error?.status).toBe(422);
    const { data: me } = await client.auth.getUser();
    expect(me.user?.email).toBe(email);
  });

  it('password change: needs the current password or a reauthentication nonce, whatever the session age', async () => {
    const { client, email } = await signedUp();
    expect((await client.auth.updateUser({ password: 'short' })).error?.code).toBe('weak_password');
    expect((await client.auth.updateUser({ password: PASSWORD, current_password: PASSWORD })).error?.code).toBe('same_password');
    expect((await client.auth.updateUser({ password: 'second password' })).error?.code).toBe('reauthentication_needed');
    expect((await client.auth.updateUser({ password: 'second password', current_password: PASSWORD })).error).toBeNull();

    const sessionId = decode((await client.auth.getSession()).data.session!.access_token).session_id;
    await server.ctx.db.query(`update auth.sessions set created_at = now() - interval '2 days' where id = $1`, [sessionId]);
    expect((await client.auth.updateUser({ password: 'third password' })).error?.code).toBe('reauthentication_needed');
    expect((await client.auth.updateUser({ password: 'third password', nonce: '000000' })).error?.code).toBe('reauthentication_not_valid');
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const res = await fetch(mailboxJsonUrl(server));
    const mail = ((await res.json()) as { messages: Array<{ to: string; text: string }> }).messages.find((m) => m.to === email)!;
    const nonce = mail.text.match(/\b(\d{6})\b/)![1]!;
    expect((await client.auth.updateUser({ password: 'third password', nonce })).error).toBeNull();
    expect((await browserClient(server).auth.signInWithPassword({ email, password: 'third password' })).error).toBeNull();
  });

  it('settings and health answer as GoTrue does', async () => {
    const settings = await gotrue(server, 'GET', '/settings');
    expect(settings.body).toMatchObject({ external: { email: true, github: false }, disable_signup: false, mailer_autoconfirm: true });
    expect((await gotrue(server, 'GET', '/health')).body).toMatchObject({ name: 'GoTrue' });
  });
});

describe('forged and expired JWTs are refused', () => {
  const wrongKey = new TextEncoder().encode('a-completely-different-secret-of-enough-length');
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

  it('alg none, wrong secret, expired, forged service_role, tampered sub → 401 bad_jwt', async () => {
    const { session } = await signedUp();
    const claims = decode(session.access_token);
    const now = Math.floor(Date.now() / 1000);
    const [h, , s] = session.access_token.split('.');
    const forged = {
      none: `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      wrongSecret: await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(wrongKey),
      serviceRole: await new SignJWT({ role: 'service_role', iss: 'supabase' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(wrongKey),
      tamperedSub: `${h}.${b64({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })}.${s}`,
      expired: await server.ctx.keys.sign({ ...(claims as { role: 'authenticated' }), iat: now - 7200, exp: now - 3600 }, 1),
    };
    for (const [name, token] of Object.entries(forged)) {
      const res = await gotrue(server, 'GET', '/user', undefined, { authorization: `Bearer ${token}` });
      expect({ name, status: res.status, code: res.body.code }).toEqual({ name, status: 401, code: 'bad_jwt' });
      const rest = await fetch(`${server.url}/rest/v1/projects?select=id`, { headers: { apikey: server.anonKey, authorization: `Bearer ${token}` } });
      expect({ name, rest: rest.status }).toEqual({ name, rest: 401 });
    }
    const admin = await gotrue(server, 'GET', '/admin/users', undefined, { authorization: `Bearer ${forged.serviceRole}`, apikey: forged.serviceRole });
    expect(admin.status).toBe(401);
  });
});

describe('banned users', () => {
  it('cannot sign in or refresh; lifting the ban lets them back', async () => {
    const { email, client, user } = await signedUp();
    const admin = server.service().auth.admin;
    const { error } = await admin.updateUserById(user.id, { ban_duration: '24h' });
    expect(error).toBeNull();
    const signIn = await browserClient(server).auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error?.code).toBe('user_banned');
    const refresh = await client.auth.refreshSession();
    expect(refresh.error).not.toBeNull();
    await admin.updateUserById(user.id, { ban_duration: 'none' });
    expect((await browserClient(server).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('the RLS helper refuses a banned user at once, before the access token expires', async () => {
    const { session, user } = await signedUp();
    const asUser = (sql: string) =>
      server.ctx.db.transaction(async (tx) => {
        await tx.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify(decode(session.access_token)),
        ]);
        return (await tx.query<{ v: boolean }>(sql)).rows[0]!.v;
      });
    expect(await asUser('select public.is_banned() as v')).toBe(false);
    await server.service().auth.admin.updateUserById(user.id, { ban_duration: '1h' });
    expect(await asUser('select public.is_banned() as v')).toBe(true);
  });
});

describe('rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ RATE_LIMIT_TOKEN: '1/300', RATE_LIMIT_TOKEN_BURST: '3', RATE_LIMIT_SIGNUP: '2/300' });
  });
  afterAll(() => limited?.close());

  it('the token endpoint allows a burst, then answers 429 over_request_rate_limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await gotrue(limited, 'POST', '/token?grant_type=password', { email: 'a@b.co', password: 'x'.repeat(8) })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    const res = await gotrue(limited, 'POST', '/token?grant_type=password', { email: 'a@b.co', password: 'x'.repeat(8) });
    expect(res.body.code).toBe('over_request_rate_limit');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('sign-up is limited per client IP; a refused sign-up stores nothing', async () => {
    await browserClient(limited).auth.signUp({ email: uniqueEmail(), password: PASSWORD });
    await browserClient(limited).auth.signUp({ email: uniqueEmail(), password: PASSWORD });
    const email = uniqueEmail();
    const { error } = await browserClient(limited).auth.signUp({ email, password: PASSWORD });
    expect(error?.code).toBe('over_request_rate_limit');
    expect(error?.status).toBe(429);
    const { rows } = await limited.ctx.db.query('select 1 from auth.users where email = $1', [email]);
    expect(rows).toHaveLength(0);
  });
});
