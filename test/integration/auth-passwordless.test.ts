import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { browserClient, follow, fragment, gotrue, lastMailTo, mailbox, PASSWORD, uniqueEmail, verifyLinkOf } from './auth-support.ts';

/**
 * Passwordless sign-in as supabase-js calls it: signInWithOtp({ email }) mails a link and a
 * six-digit code; verifyOtp({ email, token, type: 'email' }) or the link signs the holder in.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ AUTH_AUTOCONFIRM: 'false' });
});
afterAll(() => server?.close());

const MINUTE = 61_000;

async function requestSignIn(email: string, options: { shouldCreateUser?: boolean } = {}) {
  const { data, error } = await browserClient(server).auth.signInWithOtp({ email, options });
  expect(error).toBeNull();
  return data;
}

async function mailedSignIn(email: string) {
  const mail = await lastMailTo(server, email);
  expect(mail?.subject).toMatch(/sign-in link/);
  const code = /enter this code: (\d{6})/.exec(mail!.text)?.[1];
  if (!code) throw new Error('no code in the mail');
  return { code, link: verifyLinkOf(mail) };
}

async function verifyCode(email: string, token: string) {
  return browserClient(server).auth.verifyOtp({ email, token, type: 'email' });
}

async function accountOf(email: string) {
  const { rows } = await server.ctx.db.query<{ id: string; has_password: boolean; confirmed: boolean }>(
    `select id, encrypted_password is not null as has_password, email_confirmed_at is not null as confirmed from auth.users where email = $1`,
    [email],
  );
  return rows[0];
}

async function registered(email: string) {
  const res = await gotrue(server, 'POST', '/admin/users', { email, password: PASSWORD, email_confirm: true }, { authorization: `Bearer ${server.serviceRoleKey}` });
  expect(res.status).toBe(200);
  return res.body.id as string;
}

describe('signing in without a password', () => {
  it('mails a code that signs a registered account in once', async () => {
    const email = uniqueEmail('otp-code');
    const id = await registered(email);
    expect(await requestSignIn(email)).toMatchObject({ user: null, session: null });
    const { code } = await mailedSignIn(email);

    const { data, error } = await verifyCode(email, code);
    expect(error).toBeNull();
    expect(data.user?.id).toBe(id);
    expect(data.session?.access_token).toBeTruthy();

    const again = await verifyCode(email, code);
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });
    // The account's password is untouched.
    expect((await browserClient(server).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('mails a link that signs the holder in once, and then the code no longer works', async () => {
    const email = uniqueEmail('otp-link');
    const id = await registered(email);
    await requestSignIn(email);
    const { code, link } = await mailedSignIn(email);

    const landing = await follow(link);
    const tokens = fragment(landing);
    expect(tokens.get('access_token')).toBeTruthy();
    const { data } = await browserClient(server).auth.getUser(tokens.get('access_token')!);
    expect(data.user?.id).toBe(id);

    expect(fragment(await follow(link)).get('error_code')).toBe('otp_expired');
    expect((await verifyCode(email, code)).error?.code).toBe('otp_expired');
  });

  it('ends a PKCE client’s link in a code that only the asking browser exchanges', async () => {
    const email = uniqueEmail('otp-pkce');
    const id = await registered(email);
    const asking = browserClient(server, 'pkce');
    expect((await asking.auth.signInWithOtp({ email })).error).toBeNull();
    const { link } = await mailedSignIn(email);
    const code = (await follow(link)).searchParams.get('code');
    expect(code).toBeTruthy();
    expect((await browserClient(server, 'pkce').auth.exchangeCodeForSession(code!)).error).not.toBeNull();
    const { data, error } = await asking.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(data.user?.id).toBe(id);
  });

  it('creates a confirmed account for a new address, with no password, unless asked not to', async () => {
    const email = uniqueEmail('otp-new');
    await requestSignIn(email);
    const { code } = await mailedSignIn(email);
    const { data, error } = await verifyCode(email, code);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(await accountOf(email)).toMatchObject({ confirmed: true, has_password: false });

    const nobody = uniqueEmail('otp-no-create');
    const res = await gotrue(server, 'POST', '/otp', { email: nobody, create_user: false });
    expect(res).toMatchObject({ status: 200, body: {} });
    expect(await accountOf(nobody)).toBeUndefined();
    expect(await lastMailTo(server, nobody)).toBeUndefined();
  });

  it('makes no account while registration is closed, and still signs registered accounts in', async () => {
    const known = uniqueEmail('otp-closed-known');
    await registered(known);
    await server.ctx.db.query(`update public.site_settings set allow_registration = false where id`);
    try {
      const stranger = uniqueEmail('otp-closed-new');
      expect(await gotrue(server, 'POST', '/otp', { email: stranger })).toMatchObject({ status: 200, body: {} });
      expect(await accountOf(stranger)).toBeUndefined();
      await requestSignIn(known);
      const { code } = await mailedSignIn(known);
      expect((await verifyCode(known, code)).error).toBeNull();
    } finally {
      await server.ctx.db.query(`update public.site_settings set allow_registration = true where id`);
    }
  });

  it('answers every address the same: registered, new, refused creation, and just mailed', async () => {
    const known = uniqueEmail('otp-same-known');
    await registered(known);
    const answers = [];
    for (const body of [{ email: known }, { email: known }, { email: uniqueEmail('otp-same-new') }, { email: uniqueEmail('otp-same-none'), create_user: false }]) {
      const res = await gotrue(server, 'POST', '/otp', body);
      answers.push([res.status, res.body]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify([200, {}])]));
    // The second request within the minute sent nothing: the first mail stays the one to follow.
    expect((await mailbox(server)).filter((m) => m.to === known)).toHaveLength(1);
  });

  it('stops a code after five wrong tries, even the right one', async () => {
    const email = uniqueEmail('otp-guess');
    await registered(email);
    await requestSignIn(email);
    const { code } = await mailedSignIn(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await verifyCode(email, wrong)).error?.code).toBe('otp_expired');
    const { data, error } = await verifyCode(email, code);
    expect(error?.code).toBe('otp_expired');
    expect(data.session).toBeNull();
  });

  it('refuses a code after an hour', async () => {
    const email = uniqueEmail('otp-expired');
    await registered(email);
    await requestSignIn(email);
    const { code } = await mailedSignIn(email);
    await server.advanceClock(60 * MINUTE);
    expect((await verifyCode(email, code)).error?.code).toBe('otp_expired');
  });

  it('refuses a bad request with a clear error and stores nothing', async () => {
    const email = uniqueEmail('otp-bad');
    expect(await gotrue(server, 'POST', '/otp', { email: 'not an address' })).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(await gotrue(server, 'POST', '/otp', { email, create_user: 'yes' })).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(await accountOf(email)).toBeUndefined();
    const recoveryCode = await gotrue(server, 'POST', '/verify', { email, token: '123456', type: 'recovery' });
    expect(recoveryCode).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
  });

  it('never activates a waiting sign-up’s password: the inbox’s owner signs in, the stranger cannot', async () => {
    const email = uniqueEmail('otp-waiting');
    const stranger = 'stranger chose this';
    expect((await gotrue(server, 'POST', '/signup', { email, password: stranger, data: { name: 'attacker' } })).status).toBe(200);
    await server.advanceClock(MINUTE);
    await requestSignIn(email);
    const { code } = await mailedSignIn(email);
    const { data, error } = await verifyCode(email, code);
    expect(error).toBeNull();
    expect(data.user?.user_metadata.name).not.toBe('attacker');
    expect(await accountOf(email)).toMatchObject({ confirmed: true, has_password: false });
    expect((await browserClient(server).auth.signInWithPassword({ email, password: stranger })).error?.code).toBe('invalid_credentials');
  });
});

describe('admin.generateLink: the mail’s link and code, handed to a server that sends its own mail', () => {
  it('magiclink: the link, the code and the hashed token each sign in once, and nothing is mailed', async () => {
    const email = uniqueEmail('gen-magic');
    const id = await registered(email);
    const admin = server.service().auth.admin;

    const { data, error } = await admin.generateLink({ type: 'magiclink', email });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(id);
    expect(data.properties).toMatchObject({ verification_type: 'magiclink', email_otp: expect.stringMatching(/^\d{6}$/) });
    expect(await lastMailTo(server, email)).toBeUndefined();
    const landing = await follow(data.properties!.action_link);
    expect(fragment(landing).get('access_token')).toBeTruthy();
    expect((await verifyCode(email, data.properties!.email_otp)).error?.code).toBe('otp_expired');

    const second = (await admin.generateLink({ type: 'magiclink', email })).data.properties!;
    const byHash = await browserClient(server).auth.verifyOtp({ token_hash: second.hashed_token, type: 'magiclink' });
    expect(byHash.error).toBeNull();
    expect(byHash.data.user?.id).toBe(id);
  });

  it('signup: the account has the given password once the link confirms it', async () => {
    const email = uniqueEmail('gen-signup');
    const { data, error } = await server.service().auth.admin.generateLink({ type: 'signup', email, password: PASSWORD, options: { data: { name: 'Generated' } } });
    expect(error).toBeNull();
    expect(await accountOf(email)).toMatchObject({ confirmed: false, has_password: true });
    expect((await browserClient(server).auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('email_not_confirmed');
    expect(fragment(await follow(data.properties!.action_link)).get('access_token')).toBeTruthy();
    const signedIn = await browserClient(server).auth.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.user_metadata.name).toBe('Generated');
  });

  it('recovery and invite links sign in; refused: an unknown address’s recovery, a registered address’s invite, a weak sign-up password, an unknown type, and any caller but the service role', async () => {
    const email = uniqueEmail('gen-recovery');
    const id = await registered(email);
    const admin = server.service().auth.admin;
    const recovery = (await admin.generateLink({ type: 'recovery', email })).data.properties!;
    const tokens = fragment(await follow(recovery.action_link));
    expect(tokens.get('type')).toBe('recovery');
    expect((await browserClient(server).auth.getUser(tokens.get('access_token')!)).data.user?.id).toBe(id);

    const invited = uniqueEmail('gen-invite');
    const invite = await admin.generateLink({ type: 'invite', email: invited });
    expect(invite.error).toBeNull();
    expect(fragment(await follow(invite.data.properties!.action_link)).get('access_token')).toBeTruthy();

    expect((await admin.generateLink({ type: 'recovery', email: uniqueEmail('gen-nobody') })).error).toMatchObject({ status: 404, code: 'user_not_found' });
    expect((await admin.generateLink({ type: 'invite', email })).error).toMatchObject({ status: 422, code: 'email_exists' });
    expect((await admin.generateLink({ type: 'signup', email: uniqueEmail('gen-weak'), password: 'short' })).error?.status).toBe(422);
    expect((await gotrue(server, 'POST', '/admin/generate_link', { type: 'email_change_new', email }, { authorization: `Bearer ${server.serviceRoleKey}` })).status).toBe(400);
    const anon = await gotrue(server, 'POST', '/admin/generate_link', { type: 'magiclink', email });
    expect(anon.status).toBe(403);
    expect(await lastMailTo(server, email)).toBeUndefined();
  });
});
