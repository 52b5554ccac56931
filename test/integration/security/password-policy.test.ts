import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { browserClient, follow, fragment, gotrue, lastMailTo, mailbox, PASSWORD, uniqueEmail, verifyLinkOf } from '../auth-support.ts';

/**
 * L7: eight characters were all a password needed ("password" passed), and a fresh session could
 * set a new password without the old one, so any leaked access token was a takeover.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ AUTH_AUTOCONFIRM: 'true', PASSWORD_MIN_LENGTH: '10' });
});
afterAll(() => server?.close());

async function signedUp(password = PASSWORD) {
  const email = uniqueEmail('l7');
  const client = browserClient(server);
  const { error } = await client.auth.signUp({ email, password });
  expect(error).toBeNull();
  return { email, client };
}

const usersNamed = async (email: string) =>
  (await server.ctx.db.query(`select 1 from auth.users where email = $1`, [email])).rows.length;

describe('password rules', () => {
  it('a password shorter than PASSWORD_MIN_LENGTH is refused with weak_password (length), nothing stored', async () => {
    const email = uniqueEmail('l7-short');
    const res = await gotrue(server, 'POST', '/signup', { email, password: 'ninechars' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'weak_password', message: 'Password should be at least 10 characters.', weak_password: { reasons: ['length'] } });
    expect(await usersNamed(email)).toBe(0);
  });

  it('the most common passwords are refused with weak_password (pwned), in any letter case and on every path', async () => {
    for (const password of ['password123', 'qwertyuiop', '1234567890', 'QwertyUiop', '1q2w3e4r5t']) {
      const email = uniqueEmail('l7-common');
      const res = await gotrue(server, 'POST', '/signup', { email, password });
      expect(res.status, password).toBe(422);
      expect(res.body, password).toMatchObject({ code: 'weak_password', weak_password: { reasons: ['pwned'] } });
      expect(await usersNamed(email)).toBe(0);
    }
    const admin = await server.service().auth.admin.createUser({ email: uniqueEmail('l7-admin'), password: 'qwertyuiop', email_confirm: true });
    expect(admin.error?.code).toBe('weak_password');
    const { client } = await signedUp();
    const change = await client.auth.updateUser({ password: 'qwertyuiop', current_password: PASSWORD });
    expect(change.error?.code).toBe('weak_password');
  });
});

describe('changing the password proves the caller knows the account', () => {
  it('a fresh session alone cannot change the password; the current password or an e-mailed nonce can', async () => {
    const { email, client } = await signedUp();
    const bare = await client.auth.updateUser({ password: 'a stolen token sets this' });
    expect(bare.error?.code).toBe('reauthentication_needed');
    const wrong = await client.auth.updateUser({ password: 'a stolen token sets this', current_password: 'a guess at it 1' });
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect((await browserClient(server).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    expect((await client.auth.updateUser({ password: 'second good password', current_password: PASSWORD })).error).toBeNull();
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const nonce = (await mailbox(server)).find((m) => m.to === email && /verification code/.test(m.subject))!.text.match(/\b(\d{6})\b/)![1]!;
    expect((await client.auth.updateUser({ password: 'third good password', nonce })).error).toBeNull();
    expect((await browserClient(server).auth.signInWithPassword({ email, password: 'third good password' })).error).toBeNull();
  });

  it('a recovery session (/reset-password) sets a new password without the old one', async () => {
    const { email } = await signedUp();
    const client = browserClient(server);
    expect((await client.auth.resetPasswordForEmail(email, { redirectTo: `${server.url}/reset-password` })).error).toBeNull();
    const params = fragment(await follow(verifyLinkOf(await lastMailTo(server, email))));
    await client.auth.setSession({ access_token: params.get('access_token')!, refresh_token: params.get('refresh_token')! });
    expect((await client.auth.updateUser({ password: 'forgotten and reset' })).error).toBeNull();
    // Only while it is fresh: an hour later the same session needs proof again.
    await server.advanceClock(3600_000 + 1000);
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect((await client.auth.updateUser({ password: 'changed once more' })).error?.code).toBe('reauthentication_needed');
  });

  it('an account without a password (GitHub-only, invited) sets one without proof', async () => {
    const user = await server.createUser();
    const res = await gotrue(server, 'PUT', '/user', { password: 'first password ever' }, { authorization: `Bearer ${user.token}` });
    expect(res.status).toBe(200);
    expect((await browserClient(server).auth.signInWithPassword({ email: user.email, password: 'first password ever' })).error).toBeNull();
  });
});
