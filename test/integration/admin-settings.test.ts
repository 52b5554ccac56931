import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../support/server.ts';
import { makeCreator } from './admin-fixtures.ts';

let server: TestServer;
let admin: TestUser;
let moderator: TestUser;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createUser({ appRole: 'admin' });
  moderator = await server.createUser({ appRole: 'moderator' });
  user = await server.createUser();
});
afterAll(() => server?.close());

const DEFAULTS = {
  allow_registration: true,
  allow_anonymous_votes: true,
  time_zone: 'UTC',
  require_email_verification: true,
  moderation_enabled: true,
  theme: 'system',
  email_notifications: true,
  push_notifications: false,
};

describe('site_settings', () => {
  it("starts with the spec's defaults, readable in full by admins", async () => {
    const { data, error } = await admin.client.from('site_settings').select('*').single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ ...DEFAULTS, site_name: 'AI Showcase' });
  });

  it('shows visitors only what pages need, through site_settings_public', async () => {
    const pub = await server.anon().from('site_settings_public').select('*').single();
    expect(pub.data).toEqual({
      site_name: 'AI Showcase',
      site_description: expect.any(String),
      theme: 'system',
      allow_registration: true,
      moderation_enabled: true,
      // Whether /moderation is public (decision 264); off by default.
      public_moderation_log: false,
    });
    expect((await server.anon().from('site_settings').select('*')).data ?? []).toEqual([]);
    expect((await user.client.from('site_settings').select('*')).data).toEqual([]);
    expect((await moderator.client.from('site_settings').select('*')).data).toEqual([]);
  });

  it('lets admins save, trimming names; others change nothing', async () => {
    for (const client of [user.client, moderator.client, server.anon()]) {
      await client.from('site_settings').update({ site_name: 'Hijacked', allow_registration: false }).eq('id', true);
    }
    expect((await server.anon().from('site_settings_public').select('site_name').single()).data!.site_name).toBe('AI Showcase');

    const saved = await admin.client
      .from('site_settings')
      .update({ site_name: '  Vibe Gallery ', site_description: 'Made with AI', theme: 'dark', push_notifications: true })
      .eq('id', true)
      .select()
      .single();
    expect(saved.error).toBeNull();
    expect(saved.data).toMatchObject({ site_name: 'Vibe Gallery', theme: 'dark', push_notifications: true, updated_by: admin.id });
    expect((await server.anon().from('site_settings_public').select('site_name, theme').single()).data).toEqual({
      site_name: 'Vibe Gallery',
      theme: 'dark',
    });
  });

  it('refuses bad values with nothing stored', async () => {
    for (const bad of [{ theme: 'neon' }, { site_name: '  ' }, { site_name: 'x'.repeat(81) }, { site_description: 'x'.repeat(301) }]) {
      expect((await admin.client.from('site_settings').update(bad).eq('id', true)).error).not.toBeNull();
    }
    expect((await admin.client.from('site_settings').insert({ id: false })).error).not.toBeNull();
    await admin.client.from('site_settings').delete().eq('id', true);
    const { rows } = await server.ctx.db.query(`select count(*)::int as n from public.site_settings`);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('moderation off publishes new submissions at once; on again, they wait for review', async () => {
    const maker = await server.createUser();
    await makeCreator(server, maker);
    const submit = (title: string) =>
      maker.client.from('projects').insert({ title, description: 'd', tool: 'Bolt', category: 'App', creator_id: maker.id, upvotes: 0, featured: false });

    await admin.client.from('site_settings').update({ moderation_enabled: false }).eq('id', true);
    // Visitors' pages see the switch, so the submit page's copy can follow it (defect 12).
    expect((await server.anon().from('site_settings_public').select('moderation_enabled').single()).data).toEqual({ moderation_enabled: false });
    expect((await submit('Straight In')).error).toBeNull();
    expect((await server.anon().from('projects').select('title').eq('title', 'Straight In')).data).toEqual([{ title: 'Straight In' }]);

    await admin.client.from('site_settings').update({ moderation_enabled: true }).eq('id', true);
    expect((await submit('Waits')).error).toBeNull();
    expect((await server.anon().from('projects').select('title').eq('title', 'Waits')).data).toEqual([]);
  });
});

describe('settings enforced by the auth server', () => {
  let strict: TestServer;
  let strictAdmin: TestUser;
  beforeAll(async () => {
    // AUTH_AUTOCONFIRM off, so the Require Email Verification switch is what decides.
    strict = await startTestServer({ AUTH_AUTOCONFIRM: 'false' });
    strictAdmin = await strict.createUser({ appRole: 'admin' });
  });
  afterAll(() => strict?.close());

  const signUp = (email: string) => strict.anon().auth.signUp({ email, password: 'correct-horse-battery' });

  it('registration off refuses sign-up at the auth server; on again, it works', async () => {
    await strictAdmin.client.from('site_settings').update({ allow_registration: false }).eq('id', true);
    const refused = await signUp('closed@example.test');
    expect(refused.error).not.toBeNull();
    expect(refused.error!.message).toMatch(/signups? not allowed/i);
    const { rows } = await strict.ctx.db.query(`select 1 from auth.users where email = 'closed@example.test'`);
    expect(rows).toHaveLength(0);

    await strictAdmin.client.from('site_settings').update({ allow_registration: true }).eq('id', true);
    expect((await signUp('open@example.test')).error).toBeNull();
  });

  it('verification on: sign-up waits for the e-mail; off: the new account is signed in at once', async () => {
    const waiting = await signUp('waits@example.test');
    expect(waiting.error).toBeNull();
    expect(waiting.data.session).toBeNull();

    await strictAdmin.client.from('site_settings').update({ require_email_verification: false }).eq('id', true);
    const instant = await signUp('instant@example.test');
    expect(instant.error).toBeNull();
    expect(instant.data.session?.access_token).toBeTruthy();
    await strictAdmin.client.from('site_settings').update({ require_email_verification: true }).eq('id', true);
  });
});
