import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDLE_MESSAGES, RESERVED_HANDLES } from '../../../domain/handles.ts';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { outbox } from '../notifications/fixtures.ts';
import { anonymousUser, approvedProject, countRows, ensureCreator, postComment } from './fixtures.ts';

/**
 * Handles, @mentions, tag follows and the onboarding's reads (issue 30 item 4, decisions 228–229).
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function handleOf(user: TestUser): Promise<string | null> {
  const { rows } = await server.ctx.db.query<{ handle: string }>('select handle from public.creators where id = $1', [user.id]);
  return rows[0]?.handle ?? null;
}

async function setHandle(user: TestUser, handle: string | null) {
  return user.client.from('creators').update({ handle }).eq('id', user.id).select('handle');
}

describe('handles', () => {
  it('every new creator gets one from their name, numbered on a collision, else from the e-mail', async () => {
    const first = await server.createUser({ name: 'Ada Lovelace' });
    const second = await server.createUser({ name: 'ada lovelace!' });
    const support = await server.createUser({ name: 'Support', email: 'grace.hopper@example.test' });
    const digits = await server.createUser({ name: '42', email: 'x@example.test' });
    for (const user of [first, second, support, digits]) await ensureCreator(server, user);
    expect(await handleOf(first)).toBe('ada_lovelace');
    expect(await handleOf(second)).toBe('ada_lovelace2');
    // "support" is reserved: the e-mail's local part instead.
    expect(await handleOf(support)).toBe('grace_hopper');
    expect(await handleOf(digits)).toBe('maker');
  });

  it('creators made at the same instant from one name each get their own handle', async () => {
    const twins = await Promise.all(Array.from({ length: 8 }, () => server.createUser({ name: 'Twin Name' })));
    // At once, each in its own transaction (on Postgres, its own connection): none may fail.
    await Promise.all(twins.map((u) => server.ctx.db.query(`insert into public.creators (id, name) values ($1, 'Twin Name')`, [u.id])));
    const handles = await Promise.all(twins.map(handleOf));
    expect(new Set(handles).size).toBe(8);
    expect(handles).toContain('twin_name');
    for (const handle of handles) expect(handle).toMatch(/^twin_name\d*$/);
  });

  it('a member with no profile gets one (and its handle) from ensure_my_creator; visitors cannot', async () => {
    const member = await server.createUser({ name: 'Quiet Reader' });
    const { data, error } = await member.client.rpc('ensure_my_creator');
    expect(error).toBeNull();
    expect(data).toBe('quiet_reader');
    expect((await member.client.rpc('ensure_my_creator')).data).toBe('quiet_reader');
    expect((await server.anon().rpc('ensure_my_creator')).error).not.toBeNull();
    const anonymous = await anonymousUser(server);
    expect((await anonymous.client.rpc('ensure_my_creator')).error?.code).toBe('42501');
    expect(await countRows(server, 'select 1 from public.creators where id = $1', [anonymous.id])).toBe(0);
  });

  it('the owner changes their handle (trimmed, without @, lowercase)', async () => {
    const user = await server.createUser({ name: 'Handle Changer' });
    await ensureCreator(server, user);
    const { data, error } = await setHandle(user, '  @New_Name9 ');
    expect(error).toBeNull();
    expect(data).toEqual([{ handle: 'new_name9' }]);
  });

  it('every bad handle is refused with a clear message and nothing is stored', async () => {
    const user = await server.createUser({ name: 'Bad Inputs' });
    await ensureCreator(server, user);
    const before = await handleOf(user);
    const cases: Array<[string | null, string]> = [
      [null, HANDLE_MESSAGES.required],
      ['', HANDLE_MESSAGES.required],
      ['   ', HANDLE_MESSAGES.required],
      ['ab', HANDLE_MESSAGES.invalid],
      ['a'.repeat(31), HANDLE_MESSAGES.invalid],
      ['9lives', HANDLE_MESSAGES.invalid],
      ['_under', HANDLE_MESSAGES.invalid],
      ['has space', HANDLE_MESSAGES.invalid],
      ['dash-ed', HANDLE_MESSAGES.invalid],
      ['dot.ted', HANDLE_MESSAGES.invalid],
      ['zoë', HANDLE_MESSAGES.invalid],
      ['<script>', HANDLE_MESSAGES.invalid],
      ['admin', HANDLE_MESSAGES.reserved],
      ['Administrator', HANDLE_MESSAGES.reserved],
      ['moderator', HANDLE_MESSAGES.reserved],
      ['support', HANDLE_MESSAGES.reserved],
      ['staff_1', HANDLE_MESSAGES.reserved],
      ['projects', HANDLE_MESSAGES.reserved],
      ['submit', HANDLE_MESSAGES.reserved],
      ['settings', HANDLE_MESSAGES.reserved],
      ['aishowcase', HANDLE_MESSAGES.reserved],
      ['AI_Showcase', HANDLE_MESSAGES.reserved],
    ];
    for (const [handle, message] of cases) {
      const { error } = await setHandle(user, handle);
      expect(error?.message, String(handle)).toBe(message);
    }
    expect(await handleOf(user)).toBe(before);
  });

  it('every reserved name of domain/handles.ts is refused by the database', async () => {
    const user = await server.createUser({ name: 'Reserved Prober' });
    await ensureCreator(server, user);
    const { rows } = await server.ctx.db.query<{ name: string }>(
      `select n as name from unnest($1::text[]) n where not showcase_private.handle_is_reserved(n)`,
      [RESERVED_HANDLES],
    );
    expect(rows).toEqual([]);
  });

  it('handles are unique case-insensitively', async () => {
    const one = await server.createUser({ name: 'Uno' });
    const two = await server.createUser({ name: 'Dos' });
    await ensureCreator(server, one);
    await ensureCreator(server, two);
    expect((await setHandle(one, 'same_name')).error).toBeNull();
    const before = await handleOf(two);
    const { error } = await setHandle(two, 'Same_NAME');
    expect(error?.message).toBe(HANDLE_MESSAGES.taken);
    expect(error?.code).toBe('23505');
    expect(await handleOf(two)).toBe(before);
  });

  it('nobody changes another creator’s handle; visitors and banned users cannot change theirs', async () => {
    const owner = await server.createUser({ name: 'Owner Of Handle' });
    const other = await server.createUser({ name: 'Someone Else' });
    const banned = await server.createUser({ name: 'Banned Handle', bannedUntil: new Date(Date.now() + 86_400_000) });
    for (const user of [owner, other, banned]) await ensureCreator(server, user);
    const ownerBefore = await handleOf(owner);
    const { data } = await other.client.from('creators').update({ handle: 'stolen_handle' }).eq('id', owner.id).select('id');
    expect(data).toEqual([]);
    await server.anon().from('creators').update({ handle: 'anon_handle' }).eq('id', owner.id);
    expect(await handleOf(owner)).toBe(ownerBefore);
    const bannedBefore = await handleOf(banned);
    const result = await setHandle(banned, 'banned_new');
    expect(result.data ?? []).toEqual([]);
    expect(await handleOf(banned)).toBe(bannedBefore);
  });
});

describe('mentions', () => {
  let author: TestUser;
  let maker: TestUser;
  let project: string;
  const people: TestUser[] = [];

  beforeAll(async () => {
    author = await server.createUser({ name: 'Mention Author' });
    maker = await server.createUser({ name: 'Mention Maker' });
    project = await approvedProject(server, maker, 'Mentioned Project');
    await ensureCreator(server, author);
    for (let i = 1; i <= 7; i++) {
      const user = await server.createUser({ name: `Person ${i}` });
      await ensureCreator(server, user);
      expect((await setHandle(user, `person_${i}`)).error).toBeNull();
      people.push(user);
    }
  });

  const mentionsOf = (user: TestUser) =>
    countRows(server, `select 1 from public.notifications where user_id = $1 and type = 'mention'`, [user.id]);

  it('a mentioned creator is told in the app (their inbox), with who, where and what', async () => {
    const id = await postComment(author, project, 'Great work @Person_1, thanks!');
    const { data } = await people[0]!.client.from('notifications').select('type, data, link').eq('type', 'mention');
    expect(data).toEqual([
      {
        type: 'mention',
        data: { actor_name: 'Mention Author', project_title: 'Mentioned Project', excerpt: 'Great work @Person_1, thanks!' },
        link: `/projects/${project}`,
      },
    ]);
    // By e-mail at once too (the type's default), to their confirmed address.
    expect((await outbox(server, people[0]!.email)).map((m) => m.stream)).toEqual(['mention']);
    // Deleting the comment takes the notice along.
    await author.client.from('project_comments').delete().eq('id', id);
    expect(await mentionsOf(people[0]!)).toBe(0);
  });

  it('an e-mail address, a longer word and an unknown handle are not mentions', async () => {
    await postComment(author, project, 'Mail person_2@example.test or @person_22 or @nobody_here_at_all');
    expect(await mentionsOf(people[1]!)).toBe(0);
  });

  it('at most five people are told per comment; the sixth is not, and an edit cannot add one', async () => {
    const text = '@person_2 @person_3 @person_4 @person_5 @person_6 @person_7 @person_2';
    const id = await postComment(author, project, text);
    for (const user of people.slice(1, 6)) expect(await mentionsOf(user)).toBe(1);
    expect(await mentionsOf(people[6]!)).toBe(0);
    const { error } = await author.client.from('project_comments').update({ content: `${text} again @person_7` }).eq('id', id);
    expect(error).toBeNull();
    expect(await mentionsOf(people[6]!)).toBe(0);
  });

  it('an edit does not tell again those already told, but tells someone newly mentioned', async () => {
    const first = await server.createUser({ name: 'Edit One' });
    const second = await server.createUser({ name: 'Edit Two' });
    await ensureCreator(server, first);
    await ensureCreator(server, second);
    const id = await postComment(author, project, `Hi @${await handleOf(first)}`);
    expect(await mentionsOf(first)).toBe(1);
    await author.client.from('project_comments').update({ content: `Hi @${await handleOf(first)} (edited)` }).eq('id', id);
    await author.client.from('project_comments').update({ content: `Hi @${await handleOf(first)} and @${await handleOf(second)}` }).eq('id', id);
    expect(await mentionsOf(first)).toBe(1);
    expect(await mentionsOf(second)).toBe(1);
  });

  it('the author mentioning themself is not told', async () => {
    await postComment(author, project, `Note to self @${await handleOf(author)}`);
    expect(await mentionsOf(author)).toBe(0);
  });

  it('a banned member and one who muted the author are not told', async () => {
    const banned = await server.createUser({ name: 'Banned Mentioned', bannedUntil: new Date(Date.now() + 86_400_000) });
    const muter = await server.createUser({ name: 'Muter Person' });
    await ensureCreator(server, banned);
    await ensureCreator(server, muter);
    expect((await muter.client.from('user_mutes').insert({ muted_id: author.id })).error).toBeNull();
    await postComment(author, project, `@${await handleOf(banned)} and @${await handleOf(muter)}`);
    expect(await mentionsOf(banned)).toBe(0);
    expect(await mentionsOf(muter)).toBe(0);
    // Without the mute, the same member is told.
    expect((await muter.client.from('user_mutes').delete().eq('muted_id', author.id)).error).toBeNull();
    await postComment(author, project, `Again @${await handleOf(muter)}`);
    expect(await mentionsOf(muter)).toBe(1);
  });

  it('mutes: a member reads and writes only their own; visitors and anonymous sign-ins cannot mute', async () => {
    const muter = await server.createUser({ name: 'Mute Owner' });
    const other = await server.createUser({ name: 'Mute Other' });
    const anonymous = await anonymousUser(server);
    expect((await muter.client.from('user_mutes').insert({ muted_id: other.id })).error).toBeNull();
    expect((await other.client.from('user_mutes').select('muted_id')).data).toEqual([]);
    expect((await other.client.from('user_mutes').insert({ user_id: muter.id, muted_id: author.id })).error?.code).toBe('42501');
    expect((await server.anon().from('user_mutes').insert({ muted_id: other.id })).error).not.toBeNull();
    expect((await anonymous.client.from('user_mutes').insert({ muted_id: other.id })).error?.code).toBe('42501');
    expect(await countRows(server, 'select 1 from public.user_mutes where user_id = $1', [muter.id])).toBe(1);
    expect(await countRows(server, 'select 1 from public.user_mutes where user_id <> $1 and muted_id = $2', [muter.id, other.id])).toBe(0);
  });

  it('a mention on a project someone may not see does not tell them; its makers are told', async () => {
    const outsider = await server.createUser({ name: 'Outsider Reader' });
    await ensureCreator(server, outsider);
    const hidden = await approvedProject(server, maker, 'Soon Hidden');
    const id = await postComment(author, hidden, 'First');
    // The project goes back to review; its comment is edited to mention an outsider and its maker.
    await server.ctx.db.query(`update public.projects set status = 'pending' where id = $1`, [hidden]);
    await server.ctx.db.query('update public.project_comments set content = $2 where id = $1', [
      id,
      `@${await handleOf(outsider)} and @${await handleOf(maker)}`,
    ]);
    expect(await mentionsOf(outsider)).toBe(0);
    expect(await mentionsOf(maker)).toBe(1);
    expect((await outsider.client.from('notifications').select('data')).data).toEqual([]);
  });

  it('a member who turned mentions off in the app and by e-mail is neither shown one nor mailed', async () => {
    const quiet = await server.createUser({ name: 'Quiet Mentioned' });
    await ensureCreator(server, quiet);
    expect((await quiet.client.from('notification_preferences').upsert({ type: 'mention', in_app: false, email: 'off' })).error).toBeNull();
    await postComment(author, project, `Hey @${await handleOf(quiet)}`);
    expect(await mentionsOf(quiet)).toBe(0);
    expect(await outbox(server, quiet.email)).toEqual([]);
  });
});

describe('tag follows', () => {
  let tag: string;
  let fan: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    const { rows } = await server.ctx.db.query<{ id: string }>(`insert into public.tags (slug, name) values ('followed-tag', 'Followed tag') returning id`);
    tag = rows[0]!.id;
    fan = await server.createUser({ name: 'Tag Fan' });
    other = await server.createUser({ name: 'Tag Other' });
  });

  const rows = () => countRows(server, 'select 1 from public.tag_follows');

  it('a member follows and unfollows a tag, and reads only their own follows', async () => {
    expect((await fan.client.from('tag_follows').insert({ tag_id: tag })).error).toBeNull();
    expect((await fan.client.from('tag_follows').select('tag_id')).data).toEqual([{ tag_id: tag }]);
    expect((await other.client.from('tag_follows').select('tag_id')).data).toEqual([]);
    // Another member cannot remove it.
    await other.client.from('tag_follows').delete().eq('user_id', fan.id);
    expect(await rows()).toBe(1);
    expect((await fan.client.from('tag_follows').delete().eq('tag_id', tag)).error).toBeNull();
    expect(await rows()).toBe(0);
  });

  it('visitors, anonymous sign-ins, banned members and follows in another’s name are refused; nothing stored', async () => {
    const banned = await server.createUser({ name: 'Banned Tagger', bannedUntil: new Date(Date.now() + 86_400_000) });
    const anonymous = await anonymousUser(server);
    expect((await server.anon().from('tag_follows').insert({ tag_id: tag })).error).not.toBeNull();
    expect((await anonymous.client.from('tag_follows').insert({ tag_id: tag })).error?.code).toBe('42501');
    expect((await banned.client.from('tag_follows').insert({ tag_id: tag })).error?.code).toBe('42501');
    expect((await other.client.from('tag_follows').insert({ user_id: fan.id, tag_id: tag })).error?.code).toBe('42501');
    expect(await rows()).toBe(0);
  });
});

describe('onboarding', () => {
  it('a new member has no mark; they set it on their own row only', async () => {
    const fresh = await server.createUser({ name: 'Fresh Member' });
    const other = await server.createUser({ name: 'Other Member' });
    expect((await fresh.client.from('profile_settings').select('onboarded_at')).data).toEqual([]);
    const { error } = await fresh.client.from('profile_settings').upsert({ user_id: fresh.id, onboarded_at: new Date().toISOString() });
    expect(error).toBeNull();
    expect((await fresh.client.from('profile_settings').select('onboarded_at')).data?.[0]?.onboarded_at).toBeTruthy();
    expect((await other.client.from('profile_settings').upsert({ user_id: fresh.id, onboarded_at: null })).error?.code).toBe('42501');
  });

  it('suggests launched makers (not the caller, not those followed) and tags; not to visitors', async () => {
    const maker = await server.createUser({ name: 'Suggested Maker' });
    const viewer = await server.createUser({ name: 'Suggestion Viewer' });
    await approvedProject(server, maker, 'Suggested Project');
    await server.ctx.db.query(`update public.projects set launched_at = now() - interval '1 day' where creator_id = $1`, [maker.id]);
    const before = await viewer.client.rpc('suggested_makers', { max_count: 24 });
    expect(before.error).toBeNull();
    expect((before.data as { id: string }[]).map((m) => m.id)).toContain(maker.id);
    expect((await maker.client.rpc('suggested_makers', { max_count: 24 })).data as { id: string }[]).not.toContainEqual(expect.objectContaining({ id: maker.id }));
    await viewer.client.from('follows').insert({ followee_id: maker.id });
    expect(((await viewer.client.rpc('suggested_makers', { max_count: 24 })).data as { id: string }[]).map((m) => m.id)).not.toContain(maker.id);
    expect((await server.anon().rpc('suggested_makers')).error).not.toBeNull();
    expect((await viewer.client.rpc('suggested_tags')).error).toBeNull();
  });
});
