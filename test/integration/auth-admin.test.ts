import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdminRole } from '../../server/auth/admin-role.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { browserClient, follow, fragment, gotrue, lastMailTo, PASSWORD, uniqueEmail, verifyLinkOf } from './auth-support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ AUTH_AUTOCONFIRM: 'false' });
});
afterAll(() => server?.close());

describe('admin API with the service_role key', () => {
  it('creates (with email_confirm), gets, updates metadata and password, and deletes users', async () => {
    const admin = server.service().auth.admin;
    const email = uniqueEmail('adm');
    const { data: created, error } = await admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { name: 'Created' },
      app_metadata: { role: 'moderator' },
    });
    expect(error).toBeNull();
    expect(created.user?.email_confirmed_at).toBeTruthy();
    expect(created.user?.app_metadata).toMatchObject({ role: 'moderator', provider: 'email' });

    const { data: got } = await admin.getUserById(created.user!.id);
    expect(got.user?.email).toBe(email);

    const { data: updated } = await admin.updateUserById(created.user!.id, {
      user_metadata: { bio: 'hi' },
      app_metadata: { role: 'admin' },
      password: 'admin-set password',
    });
    expect(updated.user?.user_metadata).toEqual({ name: 'Created', bio: 'hi' });
    expect(updated.user?.app_metadata.role).toBe('admin');
    expect((await browserClient(server).auth.signInWithPassword({ email, password: 'admin-set password' })).error).toBeNull();

    expect((await admin.createUser({ email, password: PASSWORD })).error?.code).toBe('email_exists');
    expect((await admin.createUser({ email: 'bad', password: PASSWORD })).error?.status).toBe(400);
    expect((await admin.updateUserById(created.user!.id, { ban_duration: 'forever' })).error?.code).toBe('validation_failed');

    expect((await admin.deleteUser(created.user!.id)).error).toBeNull();
    expect((await admin.getUserById(created.user!.id)).error?.status).toBe(404);
  });

  it('lists users in pages with totals', async () => {
    const admin = server.service().auth.admin;
    for (let i = 0; i < 3; i++) await admin.createUser({ email: uniqueEmail('page'), password: PASSWORD, email_confirm: true });
    const { data, error } = await admin.listUsers({ page: 1, perPage: 2 });
    expect(error).toBeNull();
    expect(data.users).toHaveLength(2);
    expect((data as { total: number }).total).toBeGreaterThanOrEqual(3);
    expect((data as { nextPage: number | null }).nextPage).toBe(2);
    const { data: page2 } = await admin.listUsers({ page: 2, perPage: 2 });
    expect(page2.users[0]!.id).not.toBe(data.users[0]!.id);
  });

  it('refuses the anon key and user tokens, whatever their metadata says', async () => {
    const anon = await gotrue(server, 'GET', '/admin/users', undefined, { authorization: `Bearer ${server.anonKey}` });
    expect(anon).toMatchObject({ status: 403, body: { code: 'not_admin' } });
    const admin = await server.createUser({ appRole: 'admin' });
    const asAdminUser = await gotrue(server, 'GET', '/admin/users', undefined, { authorization: `Bearer ${admin.token}` });
    expect(asAdminUser.status).toBe(403);
    const invite = await gotrue(server, 'POST', '/invite', { email: uniqueEmail() }, { authorization: `Bearer ${admin.token}` });
    expect(invite.status).toBe(403);
  });

  it('invites: the e-mailed link confirms and signs the invited user in', async () => {
    const email = uniqueEmail('inv');
    const { data, error } = await server.service().auth.admin.inviteUserByEmail(email, { data: { name: 'Invited' } });
    expect(error).toBeNull();
    expect(data.user?.invited_at).toBeTruthy();
    const mail = await lastMailTo(server, email);
    expect(mail?.subject).toBe('You have been invited to AI Showcase');
    const params = fragment(await follow(verifyLinkOf(mail)));
    expect(params.get('type')).toBe('invite');
    const { data: me } = await browserClient(server).auth.getUser(params.get('access_token')!);
    expect(me.user?.email_confirmed_at).toBeTruthy();
    expect(me.user?.user_metadata).toEqual({ name: 'Invited' });
  });
});

describe('/functions/v1/admin-invite-user', () => {
  /** A real session (createUser's token has no session row), so the function can check it. */
  async function signedIn(appRole?: 'admin') {
    const email = uniqueEmail('fn');
    await server.service().auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      app_metadata: appRole ? { role: appRole } : {},
      user_metadata: { role: 'admin', isAdmin: true },
    });
    const client = browserClient(server);
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    return client;
  }

  it('an admin invites a user', async () => {
    const client = await signedIn('admin');
    const email = uniqueEmail('fninv');
    const { data, error } = await client.functions.invoke('admin-invite-user', { body: { email, name: 'New Person' } });
    expect(error).toBeNull();
    expect(data.user.email).toBe(email);
    expect((await lastMailTo(server, email))?.subject).toBe('You have been invited to AI Showcase');
  });

  it('a non-admin (even with isAdmin in user_metadata) is refused and nothing is stored', async () => {
    const client = await signedIn();
    const email = uniqueEmail('fninv');
    const { error } = await client.functions.invoke('admin-invite-user', { body: { email } });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect((error as FunctionsHttpError).context.status).toBe(403);
    const { rows } = await server.ctx.db.query('select 1 from auth.users where email = $1', [email]);
    expect(rows).toHaveLength(0);
  });

  it('a demoted admin is refused at once; anon is refused; bad input is a 400', async () => {
    const client = await signedIn('admin');
    const { data: me } = await client.auth.getUser();
    const bad = await client.functions.invoke('admin-invite-user', { body: { email: 'nope' } });
    expect((bad.error as FunctionsHttpError).context.status).toBe(400);
    await server.service().auth.admin.updateUserById(me.user!.id, { app_metadata: { role: null } });
    const demoted = await client.functions.invoke('admin-invite-user', { body: { email: uniqueEmail() } });
    expect((demoted.error as FunctionsHttpError).context.status).toBe(403);
    const anon = await server.anon().functions.invoke('admin-invite-user', { body: { email: uniqueEmail() } });
    expect((anon.error as FunctionsHttpError).context.status).toBe(401);
    const missing = await client.functions.invoke('no-such-function', { body: {} });
    expect((missing.error as FunctionsHttpError).context.status).toBe(404);
  });
});

describe('npm run admin (setAdminRole)', () => {
  it('grant makes the account an admin the functions accept; revoke takes it back', async () => {
    const email = uniqueEmail('cli');
    await server.service().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const client = browserClient(server);
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const invite = () => client.functions.invoke('admin-invite-user', { body: { email: uniqueEmail('cli-inv') } });
    expect((((await invite()).error) as FunctionsHttpError).context.status).toBe(403);
    expect(await setAdminRole(server.ctx.db, email.toUpperCase(), 'grant')).toBe(true);
    expect((await invite()).error).toBeNull();
    expect(await setAdminRole(server.ctx.db, email, 'revoke')).toBe(true);
    expect((((await invite()).error) as FunctionsHttpError).context.status).toBe(403);
    expect(await setAdminRole(server.ctx.db, uniqueEmail('nobody'), 'grant')).toBe(false);
  });
});
