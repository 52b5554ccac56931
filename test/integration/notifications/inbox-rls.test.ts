import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { anonymousUser, approvedProject, postComment } from './fixtures.ts';

/**
 * Who may read and change notifications, preferences and profile settings, for every role of
 * ARCHITECTURE.md §6 that exists today (co-makers come with issue 18): both what is allowed and
 * what is refused, and that a refusal changes nothing.
 */
let server: TestServer;
let owner: TestUser;
let user: TestUser;
let banned: TestUser;
let moderator: TestUser;
let admin: TestUser;
let anonymous: TestUser;
let ownerNote: number;
let bannedNote: number;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.createUser({ name: 'Owner' });
  user = await server.createUser({ name: 'Other User' });
  banned = await server.createUser({ name: 'Banned', bannedUntil: new Date(Date.now() + 86_400_000 * 365) });
  moderator = await server.createUser({ appRole: 'moderator' });
  admin = await server.createUser({ appRole: 'admin' });
  anonymous = await anonymousUser(server);
  const ownerProject = await approvedProject(server, owner, 'Owner Project');
  await postComment(user, ownerProject, 'Nice one');
  const bannedProject = await approvedProject(server, banned, 'Banned Project');
  await postComment(user, bannedProject, 'Hm');
  ownerNote = await noteOf(owner);
  bannedNote = await noteOf(banned);
});
afterAll(() => server?.close());

async function noteOf(recipient: TestUser): Promise<number> {
  const { rows } = await server.ctx.db.query<{ id: number }>('select id from public.notifications where user_id = $1 order by id limit 1', [recipient.id]);
  return rows[0]!.id;
}

async function readAt(id: number): Promise<Date | null> {
  const { rows } = await server.ctx.db.query<{ read_at: Date | null }>('select read_at from public.notifications where id = $1', [id]);
  return rows[0]!.read_at;
}

const visibleIds = async (client: SupabaseClient) => {
  const { data, error } = await client.from('notifications').select('id');
  return { ids: ((data as { id: number }[] | null) ?? []).map((n) => n.id), error };
};

describe('notifications: reading', () => {
  it('the recipient reads their own, and nobody else’s', async () => {
    expect((await visibleIds(owner.client)).ids).toEqual([ownerNote]);
    // Banned accounts still read what they were sent.
    expect((await visibleIds(banned.client)).ids).toEqual([bannedNote]);
  });

  it('other users, staff and anonymous users see none of them', async () => {
    for (const who of [user, moderator, admin, anonymous]) {
      const { ids, error } = await visibleIds(who.client);
      expect(error).toBeNull();
      expect(ids).not.toContain(ownerNote);
      expect(ids).not.toContain(bannedNote);
    }
  });

  it('visitors are refused outright; the service role reads all', async () => {
    const { error } = await server.anon().from('notifications').select('id');
    expect(error?.code).toBe('42501');
    const { ids } = await visibleIds(server.service());
    expect(ids).toEqual(expect.arrayContaining([ownerNote, bannedNote]));
  });

  it('the unread count comes back as a head request', async () => {
    const { count, error } = await owner.client.from('notifications').select('id', { count: 'exact', head: true }).is('read_at', null);
    expect(error).toBeNull();
    expect(count).toBe(1);
  });
});

describe('notifications: marking read', () => {
  it('someone else’s notification: a clear error, and it stays unread', async () => {
    for (const who of [user, moderator, admin, anonymous]) {
      const { error } = await who.client.rpc('mark_notifications_read', { notification_ids: [ownerNote] });
      expect(error?.message).toMatch(/Notification not found|Sign in/);
      // The table's own update route changes no row of theirs either.
      const direct = await who.client.from('notifications').update({ read_at: new Date().toISOString() }).eq('id', ownerNote).select('id');
      expect(direct.data ?? []).toEqual([]);
    }
    const anon = await server.anon().rpc('mark_notifications_read', { notification_ids: [ownerNote] });
    expect(anon.error).not.toBeNull();
    expect(await readAt(ownerNote)).toBeNull();
  });

  it('one with someone else’s among them: refused whole', async () => {
    const { error } = await owner.client.rpc('mark_notifications_read', { notification_ids: [ownerNote, bannedNote] });
    expect(error?.message).toBe('Notification not found');
    expect(await readAt(ownerNote)).toBeNull();
  });

  it('the recipient marks one read, then unread through the table, then all read', async () => {
    const { data, error } = await owner.client.rpc('mark_notifications_read', { notification_ids: [ownerNote] });
    expect(error).toBeNull();
    expect(data).toBe(1);
    const first = await readAt(ownerNote);
    expect(first).not.toBeNull();
    // Marking it again keeps the first time; a client cannot write another time in.
    await owner.client.from('notifications').update({ read_at: '2001-01-01T00:00:00Z' }).eq('id', ownerNote);
    expect((await readAt(ownerNote))!.getTime()).toBe(first!.getTime());

    const unread = await owner.client.from('notifications').update({ read_at: null }).eq('id', ownerNote).select('id');
    expect(unread.data).toEqual([{ id: ownerNote }]);
    const all = await owner.client.rpc('mark_notifications_read');
    expect(all.data).toBe(1);
    expect(await readAt(ownerNote)).not.toBeNull();
  });

  it('only read_at can change; nobody but the database inserts or deletes', async () => {
    const retype = await owner.client.from('notifications').update({ type: 'project_won' }).eq('id', ownerNote);
    expect(retype.error?.code).toBe('42501');
    const insert = await owner.client.from('notifications').insert({ user_id: owner.id, type: 'project_won' });
    expect(insert.error?.code).toBe('42501');
    const remove = await owner.client.from('notifications').delete().eq('id', ownerNote);
    expect(remove.error?.code).toBe('42501');
    const { rows } = await server.ctx.db.query('select type from public.notifications where id = $1', [ownerNote]);
    expect(rows).toEqual([{ type: 'comment_on_project' }]);
  });
});

describe('notification_preferences', () => {
  it('each account reads and writes its own (banned accounts too: stopping mail is always allowed)', async () => {
    for (const who of [owner, banned, moderator]) {
      const { error } = await who.client.from('notification_preferences').upsert({ type: 'project_upvotes', in_app: false, email: 'digest' }).select();
      expect(error).toBeNull();
      const { data } = await who.client.from('notification_preferences').select('user_id, type, in_app, email');
      expect(data).toEqual([{ user_id: who.id, type: 'project_upvotes', in_app: false, email: 'digest' }]);
    }
  });

  it('nobody writes or reads another account’s, staff included', async () => {
    for (const who of [user, moderator, admin]) {
      const write = await who.client.from('notification_preferences').insert({ user_id: owner.id, type: 'comment_on_project', in_app: false, email: 'off' }).select();
      expect(write.error?.code).toBe('42501');
      const read = await who.client.from('notification_preferences').select('user_id').eq('user_id', owner.id);
      expect(read.data).toEqual([]);
      const change = await who.client.from('notification_preferences').update({ email: 'off' }).eq('user_id', owner.id).select();
      expect(change.data ?? []).toEqual([]);
    }
    const { rows } = await server.ctx.db.query('select type, email from public.notification_preferences where user_id = $1', [owner.id]);
    expect(rows).toEqual([{ type: 'project_upvotes', email: 'digest' }]);
  });

  it('visitors and anonymous users cannot have preferences', async () => {
    const asAnon = await server.anon().from('notification_preferences').insert({ type: 'project_upvotes', in_app: false, email: 'off' });
    expect(asAnon.error).not.toBeNull();
    const asAnonymous = await anonymous.client.from('notification_preferences').insert({ type: 'project_upvotes', in_app: false, email: 'off' });
    expect(asAnonymous.error?.code).toBe('42501');
    const tz = await anonymous.client.from('profile_settings').insert({ time_zone: 'Europe/Paris' });
    expect(tz.error?.code).toBe('42501');
    const { rows } = await server.ctx.db.query('select 1 from public.notification_preferences where user_id = $1', [anonymous.id]);
    expect(rows).toEqual([]);
  });

  it('unknown types, unknown e-mail modes and staff-only types for members get clear errors and store nothing', async () => {
    const unknown = await user.client.from('notification_preferences').insert({ type: 'cat_pictures', in_app: true, email: 'off' });
    expect(unknown.error).toMatchObject({ code: '22023', message: 'Unknown notification type: cat_pictures' });
    const mode = await user.client.from('notification_preferences').insert({ type: 'project_upvotes', in_app: true, email: 'hourly' });
    expect(mode.error).toMatchObject({ code: '22023', message: 'E-mail must be off, instant or digest' });
    const staff = await user.client.from('notification_preferences').insert({ type: 'report_filed', in_app: false, email: 'instant' });
    expect(staff.error?.code).toBe('42501');
    const forStaff = await moderator.client.from('notification_preferences').upsert({ type: 'report_filed', in_app: true, email: 'instant' }).select();
    expect(forStaff.error).toBeNull();
    const { rows } = await server.ctx.db.query('select 1 from public.notification_preferences where user_id = $1', [user.id]);
    expect(rows).toEqual([]);
  });

  it('backup alerts are for admins alone: a moderator is refused the preference, an admin sets it', async () => {
    const asModerator = await moderator.client.from('notification_preferences').upsert({ type: 'backup_attention', in_app: true, email: 'off' });
    expect(asModerator.error).toMatchObject({ code: '42501', message: 'Only admins receive backup_attention' });
    const { rows } = await server.ctx.db.query("select 1 from public.notification_preferences where user_id = $1 and type = 'backup_attention'", [moderator.id]);
    expect(rows).toEqual([]);
    const asAdmin = await admin.client.from('notification_preferences').upsert({ type: 'backup_attention', in_app: true, email: 'off' }).select('type, email');
    expect(asAdmin.error).toBeNull();
    expect(asAdmin.data).toEqual([{ type: 'backup_attention', email: 'off' }]);
  });

  it('the service role reads and writes any (the server’s unsubscribe path runs as the database)', async () => {
    const { data, error } = await server.service().from('notification_preferences').select('user_id');
    expect(error).toBeNull();
    expect((data as unknown[]).length).toBeGreaterThanOrEqual(3);
  });
});

describe('profile_settings (time zone)', () => {
  it('an account sets its own time zone; an unknown one is refused clearly', async () => {
    const ok = await owner.client.from('profile_settings').upsert({ time_zone: 'Europe/Paris' }).select('time_zone');
    expect(ok.data).toEqual([{ time_zone: 'Europe/Paris' }]);
    const bad = await owner.client.from('profile_settings').upsert({ time_zone: 'Mars/Olympus_Mons' }).select();
    expect(bad.error).toMatchObject({ code: '22023', message: 'Unknown time zone: Mars/Olympus_Mons' });
    const back = await owner.client.from('profile_settings').select('time_zone');
    expect(back.data).toEqual([{ time_zone: 'Europe/Paris' }]);
  });

  it('nobody reads or writes another account’s', async () => {
    for (const who of [user, admin]) {
      const read = await who.client.from('profile_settings').select('user_id').eq('user_id', owner.id);
      expect(read.data).toEqual([]);
      const write = await who.client.from('profile_settings').insert({ user_id: owner.id, time_zone: 'UTC' });
      expect(write.error?.code).toBe('42501');
    }
    expect((await server.anon().from('profile_settings').select('user_id')).error).not.toBeNull();
  });
});

describe('admin_outbox_stats', () => {
  it('answers staff and refuses everyone else', async () => {
    for (const who of [admin, moderator]) {
      const { data, error } = await who.client.rpc('admin_outbox_stats');
      expect(error).toBeNull();
      expect(data).toEqual({ queued: expect.any(Number), sent: expect.any(Number), failed: expect.any(Number) });
    }
    for (const who of [user, banned, anonymous]) {
      const { error } = await who.client.rpc('admin_outbox_stats');
      expect(error?.code).toBe('42501');
    }
    expect((await server.anon().rpc('admin_outbox_stats')).error).not.toBeNull();
  });
});

// Last in the file: it weakens the rules on purpose, in this suite's throw-away database.
describe('without its rules the attacks above go through (the suite has teeth)', () => {
  it('a read policy without the recipient check shows a maker’s notifications to anyone', async () => {
    expect((await visibleIds(user.client)).ids).not.toContain(ownerNote);
    await server.ctx.db.exec(`alter policy notifications_read_own on public.notifications using (in_app)`);
    expect((await visibleIds(user.client)).ids).toContain(ownerNote);
  });

  it('a preferences policy without the is_anonymous claim check lets anonymous users keep preferences', async () => {
    const write = () => anonymous.client.from('notification_preferences').insert({ type: 'project_upvotes', in_app: false, email: 'off' }).select('type');
    expect((await write()).error?.code).toBe('42501');
    await server.ctx.db.exec(
      `alter policy notification_preferences_own on public.notification_preferences
         using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()))`,
    );
    expect((await write()).data).toEqual([{ type: 'project_upvotes' }]);
  });
});
