import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdminRole } from '../../server/auth/admin-role.ts';
import { resetTwoFactor } from '../../server/auth/mfa.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { browserClient, gotrue, PASSWORD, uniqueEmail } from './auth-support.ts';

/**
 * Two-factor sign-in through supabase-js's own MFA calls (decision 231): enroll a TOTP factor,
 * challenge and verify it (the session becomes aal2), sign in again at aal1 and step up, unenroll.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const STEP_MS = 30_000;

/** The authenticator app: the code for a time step from now (0 = current). */
function codeFor(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate({ timestamp: Date.now() + steps * STEP_MS });
}

function claimsOf(token: string): { aal: string; amr: { method: string }[] } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
}

async function signedIn(email: string): Promise<SupabaseClient> {
  const client = browserClient(server);
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  expect(error).toBeNull();
  return client;
}

async function newAccount(tag: string): Promise<{ email: string; client: SupabaseClient }> {
  const email = uniqueEmail(tag);
  const { error } = await server.service().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  expect(error).toBeNull();
  return { email, client: await signedIn(email) };
}

/** Enrolls and verifies a factor; the client's session is then aal2. */
async function withVerifiedFactor(tag: string) {
  const { email, client } = await newAccount(tag);
  const { data: enrolled, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  expect(error).toBeNull();
  const secret = enrolled!.totp.secret;
  const usedCode = codeFor(secret);
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: enrolled!.id, code: usedCode });
  expect(verified.error).toBeNull();
  return { email, client, factorId: enrolled!.id, secret, usedCode };
}

async function accessToken(client: SupabaseClient): Promise<string> {
  return (await client.auth.getSession()).data.session!.access_token;
}

describe('two-factor authentication (TOTP)', () => {
  it('enrolls a factor with a QR code, verifies it, and the session becomes aal2 with totp among its methods, through refreshes', async () => {
    const { client } = await newAccount('mfa-enroll');
    const { data: enrolled, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone', issuer: 'AI Showcase' });
    expect(error).toBeNull();
    expect(enrolled).toMatchObject({ type: 'totp', friendly_name: 'Phone' });
    expect(enrolled!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    expect(enrolled!.totp.uri).toMatch(/^otpauth:\/\/totp\/AI%20Showcase:.+\?.*secret=/);

    let factors = (await client.auth.mfa.listFactors()).data!;
    expect(factors.all.map((f) => f.status)).toEqual(['unverified']);
    expect(factors.totp).toHaveLength(0);
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const { data: challenge } = await client.auth.mfa.challenge({ factorId: enrolled!.id });
    const { error: verifyError } = await client.auth.mfa.verify({ factorId: enrolled!.id, challengeId: challenge!.id, code: codeFor(enrolled!.totp.secret) });
    expect(verifyError).toBeNull();
    const claims = claimsOf(await accessToken(client));
    expect(claims.aal).toBe('aal2');
    expect(claims.amr.map((a) => a.method).sort()).toEqual(['password', 'totp']);
    factors = (await client.auth.mfa.listFactors()).data!;
    expect(factors.totp.map((f) => f.id)).toEqual([enrolled!.id]);
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });

    const { data: refreshed, error: refreshError } = await client.auth.refreshSession();
    expect(refreshError).toBeNull();
    expect(claimsOf(refreshed.session!.access_token).aal).toBe('aal2');
  });

  it('signs in again at aal1 and steps up with a fresh code; a code already used is refused', async () => {
    const { email, secret, factorId, usedCode } = await withVerifiedFactor('mfa-step-up');
    const later = await signedIn(email);
    expect((await later.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });

    // The very code accepted a moment ago (not today's code recomputed: a step may have passed).
    const reused = await later.auth.mfa.challengeAndVerify({ factorId, code: usedCode });
    expect(reused.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    expect(claimsOf(await accessToken(later)).aal).toBe('aal1');

    // The authenticator's next code (the window allows one step ahead) has not been used.
    const { error } = await later.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret, 1) });
    expect(error).toBeNull();
    expect(claimsOf(await accessToken(later)).aal).toBe('aal2');
  });

  it('refuses a wrong code, an expired challenge, and after five wrong codes even the right one', async () => {
    const { email, secret, factorId } = await withVerifiedFactor('mfa-wrong');
    const client = await signedIn(email);
    const wrong = codeFor(secret) === '000000' ? '111111' : '000000';

    const { data: old } = await client.auth.mfa.challenge({ factorId });
    await server.advanceClock(301_000);
    const expired = await client.auth.mfa.verify({ factorId, challengeId: old!.id, code: codeFor(secret, 1) });
    expect(expired.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });

    for (let i = 0; i < 5; i++) {
      expect((await client.auth.mfa.challengeAndVerify({ factorId, code: wrong })).error).toMatchObject({ code: 'mfa_verification_failed' });
    }
    const locked = await client.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret, 1) });
    expect(locked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    expect(claimsOf(await accessToken(client)).aal).toBe('aal1');
  });

  it('needs aal2 to add a second factor or remove a verified one; removing it brings its sessions back to aal1', async () => {
    const { email, client: strong, factorId } = await withVerifiedFactor('mfa-unenroll');
    const weak = await signedIn(email);
    expect((await weak.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Other' })).error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    expect((await weak.auth.mfa.unenroll({ factorId })).error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    expect((await strong.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })).error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });

    const { data, error } = await strong.auth.mfa.unenroll({ factorId });
    expect(error).toBeNull();
    expect(data).toEqual({ id: factorId });
    const { data: refreshed } = await strong.auth.refreshSession();
    expect(claimsOf(refreshed.session!.access_token)).toMatchObject({ aal: 'aal1' });
    expect(claimsOf(refreshed.session!.access_token).amr.map((a) => a.method)).toEqual(['password']);
    expect((await strong.auth.mfa.listFactors()).data!.all).toHaveLength(0);
  });

  it('refuses another account’s factor, anonymous users, and bad enrolments, storing nothing', async () => {
    const { factorId } = await withVerifiedFactor('mfa-owner');
    const { client: other } = await newAccount('mfa-other');
    expect((await other.auth.mfa.challenge({ factorId })).error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    expect((await other.auth.mfa.unenroll({ factorId })).error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });

    const anonymous = browserClient(server);
    expect((await anonymous.auth.signInAnonymously()).error).toBeNull();
    expect((await anonymous.auth.mfa.enroll({ factorType: 'totp' })).error?.status).toBe(403);

    const token = await accessToken(other);
    const bearer = { authorization: `Bearer ${token}` };
    expect((await gotrue(server, 'POST', '/factors', { factor_type: 'phone', phone: '+15555550100' }, bearer)).status).toBe(422);
    expect((await gotrue(server, 'POST', '/factors', { factor_type: 'totp', friendly_name: 'x'.repeat(101) }, bearer)).status).toBe(400);
    expect((await gotrue(server, 'POST', '/factors', { factor_type: 'sms' }, bearer)).status).toBe(400);
    expect((await other.auth.mfa.listFactors()).data!.all).toHaveLength(0);
  });
});

describe('staff with a second factor act only from a session that proved it', () => {
  async function staffAction(client: SupabaseClient) {
    const list = await client.rpc('admin_list_users', {});
    const role = await client.rpc('current_staff_role');
    const invite = await client.functions.invoke('admin-invite-user', { body: { email: uniqueEmail('mfa-staff-invitee') } });
    return { list: list.error?.code ?? 'ok', role: role.data as string, invite: invite.error ? ((invite.error as FunctionsHttpError).context as Response).status : 200 };
  }

  it('an admin with a verified factor is an admin at aal2 only: RLS helpers, RPCs and functions alike', async () => {
    const { email, client: stepped, secret, factorId } = await withVerifiedFactor('mfa-admin');
    expect(await setAdminRole(server.ctx.db, email, 'grant')).toBe(true);
    // Tokens carry the role from app_metadata only after a refresh; the database reads the row.
    await stepped.auth.refreshSession();
    expect(await staffAction(stepped)).toEqual({ list: 'ok', role: 'admin', invite: 200 });

    const passwordOnly = await signedIn(email);
    expect(await staffAction(passwordOnly)).toEqual({ list: '42501', role: 'user', invite: 403 });

    expect((await passwordOnly.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret, 1) })).error).toBeNull();
    expect(await staffAction(passwordOnly)).toEqual({ list: 'ok', role: 'admin', invite: 200 });
  });

  it('an admin without a factor still acts at aal1, and a moderator with one needs aal2 too', async () => {
    const { email: adminEmail } = await newAccount('mfa-admin-plain');
    expect(await setAdminRole(server.ctx.db, adminEmail, 'grant')).toBe(true);
    expect(await staffAction(await signedIn(adminEmail))).toEqual({ list: 'ok', role: 'admin', invite: 200 });

    const { email } = await withVerifiedFactor('mfa-moderator');
    await server.ctx.db.query(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"moderator"}' where email = $1`, [email]);
    const passwordOnly = await signedIn(email);
    expect((await passwordOnly.rpc('current_staff_role')).data).toBe('user');
    expect((await passwordOnly.rpc('admin_list_users', {})).error?.code).toBe('42501');
  });
});

describe('when a factor is lost', () => {
  it('the service role lists and deletes an account’s factors (auth.admin.mfa), and the sessions it raised fall back to aal1', async () => {
    const { client, factorId } = await withVerifiedFactor('mfa-admin-delete');
    const userId = (await client.auth.getUser()).data.user!.id;
    const admin = server.service().auth.admin.mfa;
    const listed = await admin.listFactors({ userId });
    expect(listed.error).toBeNull();
    expect(listed.data!.factors.map((f) => [f.id, f.status])).toEqual([[factorId, 'verified']]);

    expect((await admin.deleteFactor({ userId, id: factorId })).error).toBeNull();
    expect((await admin.listFactors({ userId })).data!.factors).toHaveLength(0);
    expect(claimsOf((await client.auth.refreshSession()).data.session!.access_token).aal).toBe('aal1');
    expect((await admin.deleteFactor({ userId, id: factorId })).error).toMatchObject({ status: 404 });
    expect((await gotrue(server, 'GET', `/admin/users/${userId}/factors`, undefined, { authorization: `Bearer ${await accessToken(client)}` })).status).toBe(403);
  });

  it('npm run admin -- reset-mfa removes every factor of the account, so its owner signs in with the password alone', async () => {
    const { email, client } = await withVerifiedFactor('mfa-reset');
    expect(await resetTwoFactor(server.ctx.db, email.toUpperCase())).toBe(true);
    expect((await client.auth.mfa.listFactors()).data!.all).toHaveLength(0);
    const fresh = await signedIn(email);
    expect((await fresh.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
    expect(await resetTwoFactor(server.ctx.db, uniqueEmail('mfa-nobody'))).toBe(false);
  });
});
