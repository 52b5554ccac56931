import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { browserClient, follow, fragment, lastMailTo, PASSWORD, uniqueEmail, verifyLinkOf } from '../auth-support.ts';
import { approvedProject, countRows, ensureCreator, postComment } from './fixtures.ts';

/** Issue 30 item 4 (decision 226): display names, profile links, avatars, a creator's stats. */

const BAD_NAMES: Array<[string, string]> = [
  ['', 'Display name must be 1 to 50 characters'],
  ['   ', 'Display name must be 1 to 50 characters'],
  ['x'.repeat(51), 'Display name must be 1 to 50 characters'],
  ['Eve\u202Egnp.exe', 'Display name cannot contain control or text-direction characters'],
  ['Line\nbreak', 'Display name cannot contain control or text-direction characters'],
  ['Bell\u0007', 'Display name cannot contain control or text-direction characters'],
  ['Admin', 'That display name is reserved. Please choose another'],
  ['  ADMINISTRATOR ', 'That display name is reserved. Please choose another'],
  ['m0d3rat0r', 'That display name is reserved. Please choose another'],
  ['A.I. Showcase', 'That display name is reserved. Please choose another'],
  ['Ａｄｍｉｎ', 'That display name is reserved. Please choose another'],
];

async function usersWith(server: TestServer, email: string): Promise<number> {
  return countRows(server, 'select 1 from auth.users where email = $1', [email]);
}

describe('display names at sign-up (confirmation off)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('a chosen name, trimmed, makes the creator row at once', async () => {
    const email = uniqueEmail();
    const { data, error } = await browserClient(server).auth.signUp({ email, password: PASSWORD, options: { data: { name: '  Grace Hopper ' } } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata.name).toBe('Grace Hopper');
    const { data: creator } = await server.anon().from('creators').select('name').eq('id', data.user!.id).single();
    expect(creator).toEqual({ name: 'Grace Hopper' });
  });

  it.each(BAD_NAMES)('refuses %j with a clear error and stores nothing', async (name, message) => {
    const email = uniqueEmail();
    const { data, error } = await browserClient(server).auth.signUp({ email, password: PASSWORD, options: { data: { name } } });
    expect(error?.status).toBe(422);
    expect(error?.message).toBe(message);
    expect(data.user).toBeNull();
    expect(await usersWith(server, email)).toBe(0);
  });

  it('renaming through the auth API follows the same rules; a kept old name may be sent back', async () => {
    const client = browserClient(server);
    const { data } = await client.auth.signUp({ email: uniqueEmail(), password: PASSWORD, options: { data: { name: 'Ada' } } });
    const user = data.user!;
    const refused = await client.auth.updateUser({ data: { name: 'Moderator' } });
    expect(refused.error?.message).toBe('That display name is reserved. Please choose another');
    const { rows } = await server.ctx.db.query<{ name: string }>(`select raw_user_meta_data ->> 'name' as name from auth.users where id = $1`, [user.id]);
    expect(rows[0]!.name).toBe('Ada');
    // Someone named before the rules keeps their name and can still save the rest of their profile.
    await server.ctx.db.query(`update auth.users set raw_user_meta_data = '{"name":"Admin"}' where id = $1`, [user.id]);
    expect((await client.auth.updateUser({ data: { name: 'Admin', avatar_url: '' } })).error).toBeNull();
  });

  it('the database refuses a bad name on a creator row, made or renamed, with the same words', async () => {
    const user = await server.createUser({ name: 'Fresh' });
    for (const [name, message] of BAD_NAMES) {
      const { error } = await user.client.from('creators').insert({ id: user.id, name });
      expect(error?.message, name).toBe(message);
    }
    expect(await countRows(server, 'select 1 from public.creators where id = $1', [user.id])).toBe(0);
    expect((await user.client.from('creators').insert({ id: user.id, name: 'Fresh' })).error).toBeNull();
    const renamed = await user.client.from('creators').update({ name: 'Admin' }).eq('id', user.id);
    expect(renamed.error?.message).toBe('That display name is reserved. Please choose another');
    const { rows } = await server.ctx.db.query<{ name: string }>('select name from public.creators where id = $1', [user.id]);
    expect(rows[0]!.name).toBe('Fresh');
  });

  it('existing creators keep their names and can still edit their bio', async () => {
    const old = await server.createUser({ name: 'Old' });
    await server.ctx.db.query(`alter table public.creators disable trigger creators_profile_check`);
    try {
      await server.ctx.db.query(`insert into public.creators (id, name) values ($1, 'Administrator')`, [old.id]);
    } finally {
      await server.ctx.db.query(`alter table public.creators enable trigger creators_profile_check`);
    }
    expect((await old.client.from('creators').update({ bio: 'Still here' }).eq('id', old.id)).error).toBeNull();
  });
});

describe('display names at sign-up (confirmation on)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ AUTH_AUTOCONFIRM: 'false' });
  });
  afterAll(() => server?.close());

  it('the link of a sign-up, finished in the browser that signed up, makes the creator row under the name that sign-up chose', async () => {
    const email = uniqueEmail();
    const browser = browserClient(server, 'pkce');
    await browser.auth.signUp({ email, password: PASSWORD, options: { data: { name: 'Linus' }, emailRedirectTo: `${server.url}/auth/callback` } });
    const { rows: before } = await server.ctx.db.query('select 1 from public.creators c join auth.users u on u.id = c.id where u.email = $1', [email]);
    expect(before).toHaveLength(0);
    const code = (await follow(verifyLinkOf(await lastMailTo(server, email)))).searchParams.get('code');
    // The name waits for the PKCE exchange, which only the signing-up browser can make (decision 255).
    const { data, error } = await browser.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    const { data: creator } = await server.anon().from('creators').select('name').eq('id', data.user!.id).single();
    expect(creator).toEqual({ name: 'Linus' });
  });

  it('never takes the name of a second pending sign-up of the same address', async () => {
    const email = uniqueEmail();
    await browserClient(server).auth.signUp({ email, password: PASSWORD, options: { data: { name: 'Owner' } } });
    // Past the per-address mail interval, so the second sign-up is heard (not silently dropped).
    await server.ctx.db.query(`update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = $1`, [email]);
    await browserClient(server).auth.signUp({ email, password: 'another long password', options: { data: { name: 'Squatter' } } });
    const link = verifyLinkOf(await lastMailTo(server, email));
    expect(fragment(await follow(link)).get('error_code')).toBeNull();
    const { rows } = await server.ctx.db.query<{ id: string; meta: Record<string, unknown>; confirmed: boolean }>(
      `select id, raw_user_meta_data as meta, email_confirmed_at is not null as confirmed from auth.users where email = $1`,
      [email],
    );
    expect(rows[0]!.confirmed).toBe(true);
    expect(rows[0]!.meta.name).toBeUndefined();
    expect(await countRows(server, 'select 1 from public.creators where id = $1 and name = $2', [rows[0]!.id, 'Squatter'])).toBe(0);
  });
});

describe('a visitor who upvoted signs up (an anonymous account made permanent)', () => {
  for (const autoconfirm of ['true', 'false']) {
    describe(`confirmation ${autoconfirm === 'true' ? 'off' : 'on'}`, () => {
      let server: TestServer;
      beforeAll(async () => {
        server = await startTestServer({ AUTH_AUTOCONFIRM: autoconfirm });
      });
      afterAll(() => server?.close());

      it('gets a creator row under the name they chose, and keeps their account id', async () => {
        const client = browserClient(server);
        const { data: anonymous, error: anonError } = await client.auth.signInAnonymously();
        expect(anonError).toBeNull();
        const id = anonymous.user!.id;
        const email = uniqueEmail('convert');
        const { error } = await client.auth.updateUser({ email, password: PASSWORD, data: { name: 'Vera Voter' } }, { emailRedirectTo: `${server.url}/auth/callback` });
        expect(error).toBeNull();
        if (autoconfirm === 'false') {
          expect(await countRows(server, 'select 1 from public.creators where id = $1', [id])).toBe(0);
          expect(fragment(await follow(verifyLinkOf(await lastMailTo(server, email)))).get('error_code')).toBeNull();
        }
        const { data: creator } = await server.anon().from('creators').select('id,name').eq('id', id).single();
        expect(creator).toEqual({ id, name: 'Vera Voter' });
      });

      it('refuses a bad name when the account is made permanent, and makes no creator row', async () => {
        const client = browserClient(server);
        const { data: anonymous } = await client.auth.signInAnonymously();
        const { error } = await client.auth.updateUser({ email: uniqueEmail('convert'), password: PASSWORD, data: { name: 'Admin' } });
        expect(error?.message).toBe('That display name is reserved. Please choose another');
        expect(await countRows(server, 'select 1 from public.creators where id = $1', [anonymous.user!.id])).toBe(0);
      });
    });
  }
});

describe('profile links, avatars and stats', () => {
  let server: TestServer;
  let maya: TestUser;
  let omar: TestUser;
  let png: Buffer;
  beforeAll(async () => {
    server = await startTestServer();
    maya = await server.createUser({ name: 'Maya' });
    omar = await server.createUser({ name: 'Omar' });
    await ensureCreator(server, maya);
    await ensureCreator(server, omar);
    png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#7c3aed' } }).png().toBuffer();
  });
  afterAll(() => server?.close());

  it('keeps up to 3 http(s) links, blanks dropped', async () => {
    const links = ['https://maya.dev', ' http://github.com/maya ', ''];
    const { data, error } = await maya.client.from('creators').update({ links }).eq('id', maya.id).select('links').single();
    expect(error).toBeNull();
    expect(data).toEqual({ links: ['https://maya.dev', 'http://github.com/maya'] });
  });

  it.each([
    [['javascript:alert(1)'], 'Links must start with http:// or https://'],
    [['ftp://files.example'], 'Links must start with http:// or https://'],
    [['https://a.dev', 'https://b.dev', 'https://c.dev', 'https://d.dev'], 'You can add at most 3 links'],
    [[`https://a.dev/${'x'.repeat(300)}`], 'Links must start with http:// or https://'],
  ])('refuses links %j with a clear error and keeps the old ones', async (links, message) => {
    const { error } = await maya.client.from('creators').update({ links }).eq('id', maya.id);
    expect(error?.message).toBe(message);
    const { rows } = await server.ctx.db.query<{ links: string[] }>('select links from public.creators where id = $1', [maya.id]);
    expect(rows[0]!.links).toEqual(['https://maya.dev', 'http://github.com/maya']);
  });

  it('a person uploads an avatar into their own folder; anyone reads it', async () => {
    const path = `${maya.id}/avatar-1.png`;
    const { error } = await maya.client.storage.from('avatars').upload(path, png, { contentType: 'image/png' });
    expect(error).toBeNull();
    const url = maya.client.storage.from('avatars').getPublicUrl(path).data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect((await maya.client.from('creators').update({ avatar_url: url }).eq('id', maya.id)).error).toBeNull();
  });

  it("refuses an upload into someone else's folder, an overwrite of their avatar, and an anonymous upload", async () => {
    const theirs = `${maya.id}/avatar-2.png`;
    const intoTheirs = await omar.client.storage.from('avatars').upload(theirs, png, { contentType: 'image/png' });
    expect(intoTheirs.error).not.toBeNull();
    expect(await countRows(server, `select 1 from storage.objects where bucket_id = 'avatars' and name = $1`, [theirs])).toBe(0);
    const overwrite = await omar.client.storage.from('avatars').upload(`${maya.id}/avatar-1.png`, png, { contentType: 'image/png', upsert: true });
    expect(overwrite.error).not.toBeNull();
    const { rows } = await server.ctx.db.query<{ owner: string }>(`select owner from storage.objects where bucket_id = 'avatars' and name = $1`, [`${maya.id}/avatar-1.png`]);
    expect(rows[0]!.owner).toBe(maya.id);
    const removed = await omar.client.storage.from('avatars').remove([`${maya.id}/avatar-1.png`]);
    expect(removed.data ?? []).toHaveLength(0);
    expect(await countRows(server, `select 1 from storage.objects where bucket_id = 'avatars' and name = $1`, [`${maya.id}/avatar-1.png`])).toBe(1);
    const visitor = await server.signInAnonymously();
    const anon = await visitor.client.storage.from('avatars').upload(`${visitor.id}/a.png`, png, { contentType: 'image/png' });
    expect(anon.error).not.toBeNull();
  });

  it('refuses an avatar that is not an image by its content', async () => {
    const path = `${omar.id}/fake.png`;
    const { error } = await omar.client.storage.from('avatars').upload(path, Buffer.from('<svg onload="alert(1)"></svg>'), { contentType: 'image/png' });
    expect(error).not.toBeNull();
    expect(await countRows(server, `select 1 from storage.objects where bucket_id = 'avatars' and name = $1`, [path])).toBe(0);
  });

  it('creator_stats counts upvotes of own and co-made projects and launch wins', async () => {
    const own = await approvedProject(server, maya, 'Maya One');
    const coMade = await approvedProject(server, omar, 'Omar With Maya');
    await server.ctx.db.query(`insert into public.project_makers (project_id, user_id, role) values ($1, $2, 'maker')`, [coMade, maya.id]);
    await server.ctx.db.query(`update public.projects set upvotes = 4 where id = $1`, [own]);
    await server.ctx.db.query(`update public.projects set upvotes = 3 where id = $1`, [coMade]);
    await server.ctx.db.query(
      `insert into public.launch_winners (period, period_start, rank, project_id, points, computed_at) values ('day', '2026-01-02', 1, $1, 9, now())`,
      [coMade],
    );
    const { data, error } = await server.anon().rpc('creator_stats', { creator: maya.id }).single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ upvotes_received: 7, wins: 1, projects: 2 });
    expect((data as { joined_at: string }).joined_at).toBeTruthy();
    const { data: omars } = await server.anon().rpc('creator_stats', { creator: omar.id }).single();
    expect(omars).toMatchObject({ upvotes_received: 3, wins: 1, projects: 1 });
    await postComment(maya, own, 'thanks');
  });
});
