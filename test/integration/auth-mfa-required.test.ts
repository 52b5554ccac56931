import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdminRole } from '../../server/auth/admin-role.ts';
import { startTestServer, type TestServer, type TestUser } from '../support/server.ts';
import { makeProject, projectRow } from './admin-fixtures.ts';
import { browserClient, PASSWORD, uniqueEmail } from './auth-support.ts';

/**
 * "Require two-factor for staff" (decision 242), both states. Off: staff with a verified factor
 * act at aal2 only, staff without one at aal1. On: every staff action needs aal2, through every
 * path (RLS policies, RPCs, /functions/v1). Only an aal2 admin may switch it on.
 */
let server: TestServer;
let plainAdmin: TestUser;
let plainModerator: TestUser;
let member: TestUser;
let factorAdmin: { email: string; aal2: SupabaseClient; aal1: SupabaseClient };

beforeAll(async () => {
  server = await startTestServer();
  plainAdmin = await server.createUser({ appRole: 'admin' });
  plainModerator = await server.createUser({ appRole: 'moderator' });
  member = await server.createUser();
  factorAdmin = await adminWithFactor();
});
afterAll(() => server?.close());

const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate();

async function signedIn(email: string): Promise<SupabaseClient> {
  const client = browserClient(server);
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  expect(error).toBeNull();
  return client;
}

/** An admin who enrolled TOTP: one session that gave the code (aal2), one with the password only. */
async function adminWithFactor() {
  const email = uniqueEmail('mfa-required-admin');
  expect((await server.service().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })).error).toBeNull();
  const aal2 = await signedIn(email);
  const { data: enrolled } = await aal2.auth.mfa.enroll({ factorType: 'totp' });
  expect((await aal2.auth.mfa.challengeAndVerify({ factorId: enrolled!.id, code: codeFor(enrolled!.totp.secret) })).error).toBeNull();
  expect(await setAdminRole(server.ctx.db, email, 'grant')).toBe(true);
  return { email, aal2, aal1: await signedIn(email) };
}

/** One staff action down each path: an RLS-guarded read and write, an RPC, a function. */
async function staffActions(client: SupabaseClient) {
  const projectId = await makeProject(server, member);
  const settings = await client.from('site_settings').select('site_name');
  await client.from('projects').update({ status: 'approved' }).eq('id', projectId).select('id');
  const role = await client.rpc('current_staff_role');
  const users = await client.rpc('admin_list_users', {});
  const invite = await client.functions.invoke('admin-invite-user', { body: { email: uniqueEmail('mfa-required-invitee') } });
  return {
    settings: (settings.data ?? []).length,
    reviewed: (await projectRow(server, projectId))?.status === 'approved',
    role: role.data as string,
    users: users.error?.code ?? 'ok',
    invite: invite.error ? ((invite.error as FunctionsHttpError).context as Response).status : 200,
  };
}

const ALLOWED_ADMIN = { settings: 1, reviewed: true, role: 'admin', users: 'ok', invite: 200 };
const REFUSED = { settings: 0, reviewed: false, role: 'user', users: '42501', invite: 403 };

async function requirement(): Promise<boolean> {
  const { rows } = await server.ctx.db.query<{ on: boolean }>(`select require_staff_two_factor as on from public.site_settings`);
  return rows[0]!.on;
}

describe('require two-factor for staff', () => {
  it('off (the default): staff without a factor act at aal1; staff with one only at aal2', async () => {
    expect(await requirement()).toBe(false);
    expect(await staffActions(plainAdmin.client)).toEqual(ALLOWED_ADMIN);
    expect((await plainModerator.client.rpc('current_staff_role')).data).toBe('moderator');
    expect(await staffActions(factorAdmin.aal1)).toEqual(REFUSED);
    expect(await staffActions(factorAdmin.aal2)).toEqual(ALLOWED_ADMIN);
  });

  it('cannot be switched on from an aal1 session (the admin would lock themselves out); nothing changes', async () => {
    const refused = await plainAdmin.client.from('site_settings').update({ require_staff_two_factor: true }).eq('id', true).select('require_staff_two_factor');
    expect(refused.error).toMatchObject({ code: '42501' });
    expect(refused.error!.message).toMatch(/two-factor/);
    expect(await requirement()).toBe(false);

    // Another setting saved in the same form from aal1 still saves while it stays off.
    const other = await plainAdmin.client.from('site_settings').update({ require_staff_two_factor: false, launch_shuffle: true }).eq('id', true).select('launch_shuffle');
    expect(other.error).toBeNull();
    expect(other.data).toHaveLength(1);

    // A member and a moderator change nothing at all.
    for (const client of [member.client, plainModerator.client]) {
      const { data } = await client.from('site_settings').update({ require_staff_two_factor: true }).eq('id', true).select('id');
      expect(data ?? []).toEqual([]);
    }
    expect(await requirement()).toBe(false);
  });

  it('on: every staff action needs aal2, for staff with or without a factor; members are unaffected', async () => {
    const on = await factorAdmin.aal2.from('site_settings').update({ require_staff_two_factor: true }).eq('id', true).select('require_staff_two_factor');
    expect(on.error).toBeNull();
    expect(on.data).toEqual([{ require_staff_two_factor: true }]);

    expect(await staffActions(plainAdmin.client)).toEqual(REFUSED);
    expect((await plainModerator.client.rpc('current_staff_role')).data).toBe('user');
    expect(await staffActions(factorAdmin.aal1)).toEqual(REFUSED);
    expect(await staffActions(factorAdmin.aal2)).toEqual(ALLOWED_ADMIN);

    // A member's own work is not a staff action.
    const own = await member.client.from('projects').select('id').eq('creator_id', member.id);
    expect(own.error).toBeNull();
    expect((own.data ?? []).length).toBeGreaterThan(0);

    // The aal1 admin cannot switch it off either.
    await plainAdmin.client.from('site_settings').update({ require_staff_two_factor: false }).eq('id', true);
    expect(await requirement()).toBe(true);
  });

  it('switched off again from aal2, staff without a factor act at aal1 once more', async () => {
    const off = await factorAdmin.aal2.from('site_settings').update({ require_staff_two_factor: false }).eq('id', true).select('id');
    expect(off.error).toBeNull();
    expect(await requirement()).toBe(false);
    expect(await staffActions(plainAdmin.client)).toEqual(ALLOWED_ADMIN);
    expect((await plainModerator.client.rpc('current_staff_role')).data).toBe('moderator');
  });
});
