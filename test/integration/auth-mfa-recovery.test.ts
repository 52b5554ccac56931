import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdminRole } from '../../server/auth/admin-role.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { browserClient, PASSWORD, uniqueEmail } from './auth-support.ts';

/**
 * Recovery codes (decision 243): ten single-use codes made from an aal2 session, stored hashed,
 * each raising one aal1 session to aal2 in place of the authenticator's code.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate();
const aalOf = async (client: SupabaseClient) =>
  JSON.parse(Buffer.from((await client.auth.getSession()).data.session!.access_token.split('.')[1]!, 'base64url').toString()) as {
    aal: string;
    amr: { method: string }[];
  };

async function signedIn(email: string): Promise<SupabaseClient> {
  const client = browserClient(server);
  expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  return client;
}

async function accountWithFactor(tag: string) {
  const email = uniqueEmail(tag);
  expect((await server.service().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })).error).toBeNull();
  const aal2 = await signedIn(email);
  const { data: enrolled } = await aal2.auth.mfa.enroll({ factorType: 'totp' });
  expect((await aal2.auth.mfa.challengeAndVerify({ factorId: enrolled!.id, code: codeFor(enrolled!.totp.secret) })).error).toBeNull();
  return { email, aal2, factorId: enrolled!.id };
}

async function invoke(client: SupabaseClient, name: string, body: object) {
  const { data, error } = await client.functions.invoke(name, { body });
  if (!error) return { status: 200, data: data as Record<string, unknown> };
  const response = (error as FunctionsHttpError).context as Response;
  return { status: response.status, data: (await response.json()) as Record<string, unknown> };
}

/** The app's way: the function answers the raised session's tokens; supabase-js takes them. */
async function useCode(client: SupabaseClient, code: string) {
  const answer = await invoke(client, 'mfa-recovery-sign-in', { code });
  if (answer.status === 200) {
    const { error } = await client.auth.setSession({ access_token: String(answer.data.access_token), refresh_token: String(answer.data.refresh_token) });
    expect(error).toBeNull();
  }
  return answer;
}

async function storedHashes(email: string): Promise<string[]> {
  const { rows } = await server.ctx.db.query<{ code_hash: string }>(
    `select c.code_hash from auth.mfa_recovery_codes c join auth.users u on u.id = c.user_id where u.email = $1 and c.used_at is null`,
    [email],
  );
  return rows.map((r) => r.code_hash);
}

describe('recovery codes', () => {
  it('an aal2 session makes ten codes, shown once and stored only as hashes; a new set replaces the old', async () => {
    const { email, aal2 } = await accountWithFactor('recovery-make');
    const made = await invoke(aal2, 'mfa-recovery-codes', { action: 'generate' });
    expect(made.status).toBe(200);
    const codes = made.data.codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const hashes = await storedHashes(email);
    expect(hashes).toHaveLength(10);
    for (const code of codes) expect(hashes).not.toContain(code.replace('-', ''));
    expect((await invoke(aal2, 'mfa-recovery-codes', { action: 'status' })).data).toEqual({ remaining: 10 });

    const again = await invoke(aal2, 'mfa-recovery-codes', { action: 'generate' });
    const aal1 = await signedIn(email);
    expect((await useCode(aal1, codes[0]!)).status).toBe(422);
    expect((await useCode(aal1, (again.data.codes as string[])[0]!)).status).toBe(200);
  });

  it('a code raises an aal1 session to aal2 (amr recovery) once; then staff actions pass', async () => {
    const { email, aal2 } = await accountWithFactor('recovery-use');
    expect(await setAdminRole(server.ctx.db, email, 'grant')).toBe(true);
    const codes = (await invoke(aal2, 'mfa-recovery-codes', { action: 'generate' })).data.codes as string[];

    const lostPhone = await signedIn(email);
    expect((await lostPhone.rpc('admin_list_users', {})).error?.code).toBe('42501');
    // Typed loosely (upper case, spaces) it still counts.
    expect((await useCode(lostPhone, ` ${codes[3]!.toUpperCase()} `)).status).toBe(200);
    const claims = await aalOf(lostPhone);
    expect(claims.aal).toBe('aal2');
    expect(claims.amr.map((a) => a.method)).toContain('recovery');
    expect((await lostPhone.rpc('admin_list_users', {})).error).toBeNull();
    expect((await invoke(aal2, 'mfa-recovery-codes', { action: 'status' })).data).toEqual({ remaining: 9 });

    // Single use: the same code on another new session is refused, which stays aal1.
    const second = await signedIn(email);
    const reused = await useCode(second, codes[3]!);
    expect(reused).toMatchObject({ status: 422, data: { error: 'mfa_verification_failed' } });
    expect((await aalOf(second)).aal).toBe('aal1');
  });

  it('refuses making codes at aal1 or without a factor, and limits wrong codes per account; nothing changes', async () => {
    const { email, aal2 } = await accountWithFactor('recovery-refuse');
    const codes = (await invoke(aal2, 'mfa-recovery-codes', { action: 'generate' })).data.codes as string[];
    const before = await storedHashes(email);

    const aal1 = await signedIn(email);
    expect(await invoke(aal1, 'mfa-recovery-codes', { action: 'generate' })).toMatchObject({ status: 403, data: { error: 'insufficient_aal' } });
    expect(await storedHashes(email)).toEqual(before);

    const plainEmail = uniqueEmail('recovery-plain');
    await server.service().auth.admin.createUser({ email: plainEmail, password: PASSWORD, email_confirm: true });
    const plain = await signedIn(plainEmail);
    expect((await invoke(plain, 'mfa-recovery-codes', { action: 'generate' })).status).toBe(403);
    expect((await useCode(plain, codes[0]!)).data).toMatchObject({ error: 'mfa_factor_not_found' });
    expect(await invoke(server.anon(), 'mfa-recovery-sign-in', { code: codes[0] })).toMatchObject({ status: 401 });

    for (let i = 0; i < 5; i++) expect((await useCode(aal1, `wrong-${i}aaaa`)).status).toBe(422);
    expect((await useCode(aal1, codes[0]!)).status).toBe(429);
    expect((await aalOf(aal1)).aal).toBe('aal1');
    expect(await storedHashes(email)).toEqual(before);
  });

  it('go with the last factor: removing it removes the codes', async () => {
    const { email, aal2, factorId } = await accountWithFactor('recovery-unenroll');
    await invoke(aal2, 'mfa-recovery-codes', { action: 'generate' });
    expect(await storedHashes(email)).toHaveLength(10);
    expect((await aal2.auth.mfa.unenroll({ factorId })).error).toBeNull();
    expect(await storedHashes(email)).toEqual([]);
  });
});
