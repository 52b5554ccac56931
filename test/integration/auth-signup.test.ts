import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { browserClient, follow, fragment, gotrue, lastMailTo, mailbox, mailboxJsonUrl, PASSWORD, uniqueEmail, verifyLinkOf } from './auth-support.ts';

async function userCount(server: TestServer, email: string): Promise<number> {
  const { rows } = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from auth.users where lower(email) = $1', [email]);
  return rows[0]!.n;
}

describe('sign-up with AUTH_AUTOCONFIRM=true', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('returns a session at once, with user_metadata from data', async () => {
    const email = uniqueEmail();
    const { data, error } = await browserClient(server).auth.signUp({ email, password: PASSWORD, options: { data: { name: 'Ada' } } });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata).toEqual({ name: 'Ada' });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.identities?.[0]?.provider).toBe('email');
  });

  it('refuses a repeated sign-up with user_already_exists', async () => {
    const email = uniqueEmail();
    await browserClient(server).auth.signUp({ email, password: PASSWORD });
    const { data, error } = await browserClient(server).auth.signUp({ email: email.toUpperCase(), password: PASSWORD });
    expect(error?.code).toBe('user_already_exists');
    expect(error?.status).toBe(422);
    expect(data.user).toBeNull();
    expect(await userCount(server, email)).toBe(1);
  });

  it('refuses a short password with weak_password and its reasons, storing nothing', async () => {
    const email = uniqueEmail();
    const { error } = await browserClient(server).auth.signUp({ email, password: 'short' });
    expect(error?.code).toBe('weak_password');
    expect(error?.status).toBe(422);
    expect((error as { reasons?: string[] }).reasons).toEqual(['length']);
    expect(await userCount(server, email)).toBe(0);
  });

  it('refuses malformed input with GoTrue-style 400s and stores nothing', async () => {
    const bad = await gotrue(server, 'POST', '/signup', { email: 'not-an-email', password: PASSWORD });
    expect(bad).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(bad.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    // Without an e-mail (or phone) GoTrue signs in an anonymous user instead (decision 120).
    const missing = await gotrue(server, 'POST', '/signup', { password: PASSWORD });
    expect(missing).toMatchObject({ status: 200, body: { user: { is_anonymous: true } } });
    const json = await gotrue(server, 'POST', '/signup', '{"email":');
    expect(json).toMatchObject({ status: 400, body: { code: 'bad_json' } });
    const data = await gotrue(server, 'POST', '/signup', { email: uniqueEmail(), password: PASSWORD, data: 'x' });
    expect(data).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    const { rows } = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from auth.users');
    const before = rows[0]!.n;
    const email = uniqueEmail();
    const redirect = await gotrue(server, 'POST', `/signup?redirect_to=${encodeURIComponent('https://evil.example/steal')}`, { email, password: PASSWORD });
    expect(redirect).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(await userCount(server, email)).toBe(0);
    const { rows: after } = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from auth.users');
    expect(after[0]!.n).toBe(before);
  });

  it('answers old clients (no API version) with error_code and msg', async () => {
    const res = await gotrue(server, 'POST', '/signup', { email: 'x', password: PASSWORD }, { 'x-supabase-api-version': '' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, error_code: 'validation_failed' });
    expect(typeof res.body.msg).toBe('string');
  });

  it('stores passwords as argon2id hashes', async () => {
    const email = uniqueEmail();
    await browserClient(server).auth.signUp({ email, password: PASSWORD });
    const { rows } = await server.ctx.db.query<{ p: string }>('select encrypted_password as p from auth.users where email = $1', [email]);
    expect(rows[0]!.p).toMatch(/^\$argon2id\$/);
  });
});

describe('sign-up with e-mail confirmation', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ AUTH_AUTOCONFIRM: 'false' });
  });
  afterAll(() => server?.close());

  it('sends a confirmation e-mail; the link confirms and signs in (implicit flow), and activates no password', async () => {
    const email = uniqueEmail();
    const client = browserClient(server);
    const { data, error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: `${server.url}/auth/callback` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.confirmation_sent_at).toBeTruthy();

    const before = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(before.error?.code).toBe('email_not_confirmed');

    const mail = await lastMailTo(server, email);
    expect(mail?.subject).toBe('Confirm your e-mail for AI Showcase');
    expect(mail?.text).toContain('Welcome to AI Showcase!');
    const target = await follow(verifyLinkOf(mail));
    expect(`${target.origin}${target.pathname}`).toBe(`${server.url}/auth/callback`);
    const params = fragment(target);
    expect(params.get('type')).toBe('signup');
    expect(params.get('token_type')).toBe('bearer');
    expect(Number(params.get('expires_in'))).toBe(3600);
    const { data: who } = await client.auth.getUser(params.get('access_token')!);
    expect(who.user?.email).toBe(email);
    expect(who.user?.email_confirmed_at).toBeTruthy();

    // Nothing proves that whoever opened the inbox chose the sign-up's password (no PKCE flow to
    // finish), so it is not the account's (decision 255): the signed-in holder sets one.
    const after = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(after.error?.code).toBe('invalid_credentials');

    // A link works once.
    const again = await follow(verifyLinkOf(mail));
    expect(fragment(again).get('error_code')).toBe('otp_expired');
  });

  it('PKCE: the link redirects with ?code=, which the same browser exchanges for a session', async () => {
    const email = uniqueEmail();
    const client = browserClient(server, 'pkce');
    await client.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: `${server.url}/auth/callback` } });
    const target = await follow(verifyLinkOf(await lastMailTo(server, email)));
    const code = target.searchParams.get('code');
    expect(code).toBeTruthy();
    // Opened in another browser: the address is confirmed even though that browser cannot exchange the code.
    const other = await browserClient(server, 'pkce').auth.exchangeCodeForSession(code!);
    expect(other.error).not.toBeNull();
    const { rows } = await server.ctx.db.query('select 1 from auth.users where email = $1 and email_confirmed_at is not null', [email]);
    expect(rows).toHaveLength(1);
    const { data, error } = await client.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    // The browser that chose the password finished the flow: the password is the account's now.
    expect((await browserClient(server).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('PKCE: a link opened in another browser confirms the address but never activates the sign-up’s password', async () => {
    const email = uniqueEmail();
    await browserClient(server, 'pkce').auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: `${server.url}/auth/callback` } });
    const code = (await follow(verifyLinkOf(await lastMailTo(server, email)))).searchParams.get('code');
    expect((await browserClient(server, 'pkce').auth.exchangeCodeForSession(code!)).error).not.toBeNull();
    const { rows } = await server.ctx.db.query<{ confirmed: boolean; has_password: boolean }>(
      `select email_confirmed_at is not null as confirmed, coalesce(encrypted_password, '') <> '' as has_password from auth.users where email = $1`,
      [email],
    );
    expect(rows[0]).toEqual({ confirmed: true, has_password: false });
    expect((await browserClient(server).auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
  });

  it('a repeated sign-up of a confirmed address looks like a new one and sends nothing', async () => {
    const email = uniqueEmail();
    const { data: first } = await server.service().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const mailsBefore = (await mailbox(server)).length;
    const { data, error } = await browserClient(server).auth.signUp({ email, password: 'another password' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.id).not.toBe(first.user!.id);
    // Shaped exactly like a new address's answer (test/integration/security/account-enumeration.test.ts).
    expect(data.user?.identities).toHaveLength(1);
    expect((await mailbox(server)).length).toBe(mailsBefore);
    const signIn = await browserClient(server).auth.signInWithPassword({ email, password: 'another password' });
    expect(signIn.error?.code).toBe('invalid_credentials');
  });

  it('resend: within a minute nothing more is sent (the same answer), later it is', async () => {
    const email = uniqueEmail();
    const client = browserClient(server);
    await client.auth.signUp({ email, password: PASSWORD });
    const mails = (await mailbox(server)).length;
    const soon = await client.auth.resend({ type: 'signup', email });
    expect(soon.error).toBeNull();
    expect((await mailbox(server)).length).toBe(mails);
    await server.ctx.db.query(`update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = $1`, [email]);
    const first = verifyLinkOf(await lastMailTo(server, email));
    const later = await client.auth.resend({ type: 'signup', email });
    expect(later.error).toBeNull();
    const second = verifyLinkOf(await lastMailTo(server, email));
    expect(second).not.toBe(first);
    // Only the newest link works.
    expect(fragment(await follow(first)).get('error_code')).toBe('otp_expired');
    expect(fragment(await follow(second)).get('access_token')).toBeTruthy();
    // Unknown addresses get the same answer.
    expect((await client.auth.resend({ type: 'signup', email: uniqueEmail() })).error).toBeNull();
  });

  it('refuses a verify link with a foreign redirect_to', async () => {
    const res = await fetch(`${server.url}/auth/v1/verify?token=x&type=signup&redirect_to=${encodeURIComponent('https://evil.example')}`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  it('recovery: the e-mailed link signs in, then updateUser sets the new password', async () => {
    const email = uniqueEmail();
    await server.service().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const client = browserClient(server);
    const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo: `${server.url}/profile` });
    expect(error).toBeNull();
    const mail = await lastMailTo(server, email);
    expect(mail?.subject).toBe('Reset your password for AI Showcase');
    const params = fragment(await follow(verifyLinkOf(mail)));
    expect(params.get('type')).toBe('recovery');
    await client.auth.setSession({ access_token: params.get('access_token')!, refresh_token: params.get('refresh_token')! });
    const updated = await client.auth.updateUser({ password: 'a brand new password' });
    expect(updated.error).toBeNull();
    expect((await browserClient(server).auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
    expect((await browserClient(server).auth.signInWithPassword({ email, password: 'a brand new password' })).error).toBeNull();
    // Unknown addresses: same answer, no mail.
    const count = (await mailbox(server)).length;
    expect((await client.auth.resetPasswordForEmail(uniqueEmail())).error).toBeNull();
    expect((await mailbox(server)).length).toBe(count);
  });

  it('the dev mailbox page lists messages with clickable, escaped links', async () => {
    const res = await fetch(mailboxJsonUrl(server).replace(/\.json$/, ''));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1>Dev mailbox</h1>');
    expect(html).toMatch(/<a href="http:\/\/localhost:\d+\/auth\/v1\/verify\?token=[^"]+&amp;type=/);
  });
});
