import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { buildCommunity, dbRow, projectPayload, serviceProject, type Community } from './schema-fixtures.ts';

/**
 * Who may read and write what, for every showcase table and every kind of caller. Each case runs
 * through supabase-js against the real server; a refused write must also leave the row as it was.
 */
type Who = 'anon' | 'anonymous' | 'user' | 'owner' | 'banned' | 'moderator' | 'admin' | 'service';
interface Targets {
  /** A fresh approved project of `owner` (per case, so writes do not leak between cases). */
  project: string;
  /** A fresh approved project of the banned user. */
  bannedProject: string;
  /** A fresh approved project in the anonymous user's name (written by the service key). */
  anonymousProject: string;
}
interface Case {
  who: Who;
  what: string;
  allowed: boolean;
  run: (db: SupabaseClient, t: Targets) => PromiseLike<{ error: unknown; data: unknown }>;
}

let server: TestServer;
let c: Community;

beforeAll(async () => {
  server = await startTestServer();
  c = await buildCommunity(server);
});
afterAll(() => server?.close());

const clientOf = (who: Who): SupabaseClient =>
  who === 'anon' ? server.anon() : who === 'service' ? server.service() : (who === 'user' ? c.other : c[who]).client;
const idOf = (who: Exclude<Who, 'anon' | 'service'>) => (who === 'user' ? c.other : c[who]).id;

/** Allowed means: no error and at least one row came back (writes ask for the row back). */
async function attempt(k: Case) {
  const t: Targets = {
    project: await serviceProject(server, c.owner.id, { title: `Target of ${k.what}` }),
    bannedProject: await serviceProject(server, c.banned.id, { title: 'Banned maker project' }),
    anonymousProject: await serviceProject(server, c.anonymous.id, { title: 'Anonymous maker project' }),
  };
  const before = await dbRow(server, 'projects', t.project);
  const { error, data } = await k.run(clientOf(k.who), t);
  const rows = Array.isArray(data) ? data.length : data ? 1 : 0;
  return { ok: !error && rows > 0, error, t, before };
}

function matrix(table: string, cases: Case[]) {
  describe(table, () => {
    it.each(cases.map((k) => [`${k.who} ${k.allowed ? 'may' : 'may not'} ${k.what}`, k] as const))('%s', async (_name, k) => {
      const { ok, error, t, before } = await attempt(k);
      expect(ok, `error: ${JSON.stringify(error)}`).toBe(k.allowed);
      if (!k.allowed && before) {
        const after = await dbRow(server, 'projects', t.project);
        if (after) expect(after).toEqual(before);
      }
    });
  });
}

// projects ------------------------------------------------------------------------------------
const readPending = (db: SupabaseClient) => db.from('projects').select('id').eq('id', c.pendingId);
const insertAs = (creator: () => string, overrides: Record<string, unknown> = {}) => (db: SupabaseClient) =>
  db.from('projects').insert(projectPayload(creator(), overrides)).select('id');
const update = (values: Record<string, unknown>, target: keyof Targets = 'project') => (db: SupabaseClient, t: Targets) =>
  db.from('projects').update(values).eq('id', t[target]).select('id');
const remove = (target: keyof Targets = 'project') => (db: SupabaseClient, t: Targets) =>
  db.from('projects').delete().eq('id', t[target]).select('id');

matrix('projects: read', [
  { who: 'anon', what: 'read an approved project', allowed: true, run: (db) => db.from('projects').select('id').eq('id', c.approvedId) },
  { who: 'anon', what: 'read a project in review', allowed: false, run: readPending },
  { who: 'anonymous', what: 'read an approved project', allowed: true, run: (db) => db.from('projects').select('id').eq('id', c.approvedId) },
  { who: 'anonymous', what: 'read a project in review', allowed: false, run: readPending },
  { who: 'user', what: "read someone else's project in review", allowed: false, run: readPending },
  { who: 'banned', what: "read someone else's project in review", allowed: false, run: readPending },
  { who: 'owner', what: 'read their own project in review', allowed: true, run: readPending },
  { who: 'moderator', what: 'read a project in review', allowed: true, run: readPending },
  { who: 'admin', what: 'read a project in review', allowed: true, run: readPending },
  { who: 'service', what: 'read a project in review', allowed: true, run: readPending },
]);

matrix('projects: insert', [
  { who: 'anon', what: 'submit a project', allowed: false, run: insertAs(() => c.owner.id) },
  { who: 'anonymous', what: 'submit a project in their own name', allowed: false, run: insertAs(() => idOf('anonymous')) },
  { who: 'user', what: 'submit their own project as the spec sends it', allowed: true, run: insertAs(() => idOf('user')) },
  { who: 'user', what: 'submit a project in another creator’s name', allowed: false, run: insertAs(() => c.owner.id) },
  { who: 'owner', what: 'submit with upvotes already set', allowed: false, run: insertAs(() => c.owner.id, { upvotes: 5 }) },
  { who: 'owner', what: 'submit already featured', allowed: false, run: insertAs(() => c.owner.id, { featured: true }) },
  { who: 'owner', what: 'submit already approved', allowed: false, run: insertAs(() => c.owner.id, { status: 'approved' }) },
  { who: 'owner', what: 'submit with a comment count', allowed: false, run: insertAs(() => c.owner.id, { comment_count: 3 }) },
  { who: 'banned', what: 'submit a project', allowed: false, run: insertAs(() => idOf('banned')) },
  { who: 'admin', what: 'submit a project already featured', allowed: false, run: insertAs(() => idOf('admin'), { featured: true }) },
]);

matrix('projects: update', [
  { who: 'owner', what: 'edit their project’s text and links', allowed: true, run: update({ title: 'Renamed', live_url: 'https://new.example.com' }) },
  { who: 'owner', what: 'set upvotes', allowed: false, run: update({ upvotes: 999 }) },
  { who: 'owner', what: 'set the comment count', allowed: false, run: update({ comment_count: 999 }) },
  { who: 'owner', what: 'feature their project', allowed: false, run: update({ featured: true }) },
  { who: 'owner', what: 'approve or reject their project', allowed: false, run: update({ status: 'rejected' }) },
  { who: 'owner', what: 'hand the project to another creator', allowed: false, run: (db, t) => update({ creator_id: c.other.id })(db, t) },
  { who: 'owner', what: 'backdate the project', allowed: false, run: update({ created_at: '2030-01-01T00:00:00Z' }) },
  { who: 'user', what: "edit someone else's project", allowed: false, run: update({ title: 'Hijacked' }) },
  { who: 'anon', what: 'edit a project', allowed: false, run: update({ title: 'Hijacked' }) },
  { who: 'anon', what: 'set upvotes (the spec’s upvote call)', allowed: false, run: update({ upvotes: 999 }) },
  { who: 'banned', what: 'edit their own project', allowed: false, run: update({ title: 'Still here' }, 'bannedProject') },
  { who: 'anonymous', what: 'edit a project in their own name', allowed: false, run: update({ title: 'Still here' }, 'anonymousProject') },
  { who: 'anonymous', what: "edit someone else's project", allowed: false, run: update({ title: 'Hijacked' }) },
  { who: 'moderator', what: 'reject a project', allowed: true, run: update({ status: 'rejected', rejection_reason: 'Not built with AI tools' }) },
  { who: 'moderator', what: 'feature a project', allowed: false, run: update({ featured: true }) },
  { who: 'moderator', what: "edit someone else's project text", allowed: false, run: update({ title: 'Moderated' }) },
  { who: 'admin', what: 'feature a project', allowed: true, run: update({ featured: true }) },
  { who: 'admin', what: 'approve a project', allowed: true, run: update({ status: 'approved' }) },
  { who: 'admin', what: 'edit any project', allowed: true, run: update({ title: 'Fixed typo' }) },
  { who: 'admin', what: 'set upvotes', allowed: false, run: update({ upvotes: 999 }) },
]);

matrix('projects: delete', [
  { who: 'anon', what: 'delete a project', allowed: false, run: remove() },
  { who: 'user', what: "delete someone else's project", allowed: false, run: remove() },
  { who: 'moderator', what: 'delete a project', allowed: false, run: remove() },
  { who: 'banned', what: 'delete their own project', allowed: false, run: remove('bannedProject') },
  { who: 'anonymous', what: 'delete a project in their own name', allowed: false, run: remove('anonymousProject') },
  { who: 'owner', what: 'delete their own project', allowed: true, run: remove() },
  { who: 'admin', what: 'delete any project', allowed: true, run: remove() },
]);

describe('projects: what the database keeps for itself', () => {
  it("sends an owner's edit of an approved project back to review", async () => {
    const id = await serviceProject(server, c.owner.id);
    await c.owner.client.from('projects').update({ description: 'Now with more features' }).eq('id', id);
    expect((await dbRow(server, 'projects', id))!.status).toBe('pending');
    expect((await server.anon().from('projects').select('id').eq('id', id)).data).toEqual([]);
  });

  it('stores blank optional links as null and refuses links that are not http(s)', async () => {
    const ok = await c.owner.client.from('projects').insert(projectPayload(c.owner.id, { live_url: '  ', github_url: '' })).select().single();
    expect(ok.data).toMatchObject({ live_url: null, github_url: null });
    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', 'https://trusted.example@evil.example', 'ftp://x.example']) {
      for (const column of ['live_url', 'github_url', 'image_url']) {
        const r = await c.owner.client.from('projects').insert(projectPayload(c.owner.id, { title: `bad ${column}`, [column]: bad }));
        expect(r.error?.code, `${column}=${bad}`).toBe('23514');
      }
    }
    const { rows } = await server.ctx.db.query(`select count(*)::int as n from public.projects where title like 'bad %'`);
    expect(rows[0]!.n).toBe(0);
  });

  it('enforces the tool and category lists and the text limits', async () => {
    const insert = (o: Record<string, unknown>) => c.owner.client.from('projects').insert(projectPayload(c.owner.id, o)).select('id');
    expect((await insert({ description: 'x'.repeat(200) })).error).toBeNull();
    for (const o of [{ description: 'x'.repeat(201) }, { title: '   ' }, { title: 'x'.repeat(101) }, { tool: 'Copilot' }, { category: 'Games' }, { description: '' }]) {
      expect((await insert(o)).error?.code, JSON.stringify(o).slice(0, 60)).toBe('23514');
    }
  });
});

// creators ------------------------------------------------------------------------------------
describe('creators', () => {
  it('anyone reads profiles, but e-mail is not one of their columns', async () => {
    const anon = await server.anon().from('creators').select('*').eq('id', c.owner.id).single();
    expect(anon.data).toMatchObject({ id: c.owner.id, name: 'Olivia Owner' });
    expect(Object.keys(anon.data!)).not.toContain('email');
    for (const db of [server.anon(), c.other.client]) {
      expect((await db.from('creators').select('email')).error).not.toBeNull();
    }
    expect((await c.other.client.rpc('admin_list_users')).error).not.toBeNull();
  });

  it('a signed-in user creates only their own profile; visitors and banned users none', async () => {
    const fresh = await server.createUser();
    expect((await fresh.client.from('creators').insert({ id: c.owner.id, name: 'Impostor' })).error).not.toBeNull();
    expect((await server.anon().from('creators').insert({ id: fresh.id, name: 'Anon' })).error).not.toBeNull();
    const bannedFresh = await server.createUser({ bannedUntil: new Date(Date.now() + 86_400_000) });
    expect((await bannedFresh.client.from('creators').insert({ id: bannedFresh.id, name: 'Nope' })).error).not.toBeNull();
    expect((await fresh.client.from('creators').insert({ id: fresh.id, name: 'Fresh' })).error).toBeNull();
  });

  it('owners edit their own profile, admins any; others and banned users nothing', async () => {
    const rename = (db: SupabaseClient, id: string, name: string) => db.from('creators').update({ name }).eq('id', id).select('name');
    expect((await rename(c.other.client, c.owner.id, 'Hacked')).data).toEqual([]);
    expect((await rename(server.anon(), c.owner.id, 'Hacked')).error ?? (await rename(server.anon(), c.owner.id, 'Hacked')).data).toBeTruthy();
    expect((await rename(c.banned.client, c.banned.id, 'Unbanned?')).data ?? []).toEqual([]);
    expect((await dbRow(server, 'creators', c.owner.id))!.name).toBe('Olivia Owner');
    expect((await rename(c.admin.client, c.moderator.id, 'Mo (mod)')).data).toEqual([{ name: 'Mo (mod)' }]);
    expect((await rename(c.owner.client, c.owner.id, 'Olivia O.')).data).toEqual([{ name: 'Olivia O.' }]);
    expect((await c.owner.client.from('creators').update({ created_at: '2001-01-01T00:00:00Z' }).eq('id', c.owner.id)).error).not.toBeNull();
  });

  it('only admins delete profiles', async () => {
    const victim = await server.createUser();
    await server.service().from('creators').insert({ id: victim.id, name: 'Victim' });
    expect((await victim.client.from('creators').delete().eq('id', victim.id).select()).data).toEqual([]);
    expect((await c.admin.client.from('creators').delete().eq('id', victim.id).select()).data).toHaveLength(1);
  });
});

// project_comments ----------------------------------------------------------------------------
describe('project_comments', () => {
  const comment = (db: SupabaseClient, projectId: string, userId: string, extra: Record<string, unknown> = {}) =>
    db.from('project_comments').insert({ project_id: projectId, user_id: userId, user_name: 'Forged Name', content: 'Hello', ...extra }).select().single();

  it('comments are visible exactly when their project is', async () => {
    await server.ctx.db.query(
      `insert into public.project_comments (project_id, user_id, content) values ($1, $2, 'on a pending project')`,
      [c.pendingId, c.owner.id],
    );
    const onPending = (db: SupabaseClient) => db.from('project_comments').select('id').eq('project_id', c.pendingId);
    expect((await onPending(server.anon())).data).toEqual([]);
    expect((await onPending(c.other.client)).data).toEqual([]);
    expect((await onPending(c.owner.client)).data).toHaveLength(1);
    expect((await onPending(c.admin.client)).data).toHaveLength(1);
    expect((await server.anon().from('project_comments').select('id').eq('id', c.commentId)).data).toHaveLength(1);
  });

  it('the author name comes from the profile, never from the client', async () => {
    const { data, error } = await comment(c.owner.client, c.approvedId, c.owner.id);
    expect(error).toBeNull();
    expect(data!.user_name).toBe((await dbRow(server, 'creators', c.owner.id))!.name);
  });

  it('falls back to the metadata name, then the e-mail local part', async () => {
    const named = await server.createUser({ name: 'Meta Name' });
    const plain = await server.createUser({ email: 'plain.person@example.test' });
    expect((await comment(named.client, c.approvedId, named.id)).data!.user_name).toBe('Meta Name');
    expect((await comment(plain.client, c.approvedId, plain.id)).data!.user_name).toBe('plain.person');
  });

  it('refuses comments as someone else, on projects in review, by banned users and visitors', async () => {
    const before = (await server.ctx.db.query('select count(*)::int as n from public.project_comments')).rows[0]!.n;
    expect((await comment(c.other.client, c.approvedId, c.owner.id)).error).not.toBeNull();
    expect((await comment(c.owner.client, c.pendingId, c.owner.id)).error).not.toBeNull();
    expect((await comment(c.banned.client, c.approvedId, c.banned.id)).error).not.toBeNull();
    expect((await comment(server.anon(), c.approvedId, c.owner.id)).error).not.toBeNull();
    expect((await comment(c.other.client, c.approvedId, c.other.id, { content: '   ' })).error?.code).toBe('23514');
    expect((await comment(c.other.client, c.approvedId, c.other.id, { content: 'x'.repeat(2001) })).error?.code).toBe('23514');
    const after = (await server.ctx.db.query('select count(*)::int as n from public.project_comments')).rows[0]!.n;
    expect(after).toBe(before);
  });

  it('keeps the author name in step when the author renames themselves', async () => {
    const author = await server.createUser({ name: 'Before Rename' });
    const { data } = await comment(author.client, c.approvedId, author.id);
    expect(data!.user_name).toBe('Before Rename');
    // The profile screen renames through the auth API, which writes user_metadata on the account.
    await server.ctx.db.query(
      `update auth.users set raw_user_meta_data = raw_user_meta_data || '{"name":"After Rename"}' where id = $1`,
      [author.id],
    );
    expect((await dbRow(server, 'project_comments', data!.id))!.user_name).toBe('After Rename');
    // Creating a public profile makes its name the author name, and renaming it follows too.
    await author.client.from('creators').insert({ id: author.id, name: 'Profile Name' });
    expect((await dbRow(server, 'project_comments', data!.id))!.user_name).toBe('Profile Name');
    await author.client.from('creators').update({ name: 'Profile Renamed' }).eq('id', author.id);
    expect((await dbRow(server, 'project_comments', data!.id))!.user_name).toBe('Profile Renamed');
  });

  it('only the author or an admin changes or deletes a comment, and nobody forges its author', async () => {
    const { data } = await comment(c.other.client, c.approvedId, c.other.id);
    const id = data!.id as string;
    expect((await c.owner.client.from('project_comments').update({ content: 'Edited by owner' }).eq('id', id).select()).data).toEqual([]);
    expect((await c.owner.client.from('project_comments').delete().eq('id', id).select()).data).toEqual([]);
    expect((await server.anon().from('project_comments').delete().eq('id', id).select()).data ?? []).toEqual([]);
    expect((await c.other.client.from('project_comments').update({ user_id: c.owner.id }).eq('id', id)).error).not.toBeNull();
    expect((await c.other.client.from('project_comments').update({ user_name: 'Admin' }).eq('id', id).select('user_name')).data).toEqual([
      { user_name: 'Oscar Other' },
    ]);
    expect((await c.admin.client.from('project_comments').update({ content: 'Moderated' }).eq('id', id).select()).data).toHaveLength(1);
    expect((await c.other.client.from('project_comments').delete().eq('id', id).select()).data).toHaveLength(1);
  });

  it('keeps the comment count on the project', async () => {
    const id = await serviceProject(server, c.owner.id);
    const a = await comment(c.other.client, id, c.other.id);
    await comment(c.owner.client, id, c.owner.id);
    expect((await dbRow(server, 'projects', id))!.comment_count).toBe(2);
    await c.admin.client.from('project_comments').delete().eq('id', a.data!.id);
    expect((await dbRow(server, 'projects', id))!.comment_count).toBe(1);
  });
});

// roles come from the current auth.users row ----------------------------------------------------
describe('roles and bans are read from the account, not the token', () => {
  it('user_metadata claiming admin grants nothing', async () => {
    const sneaky = await server.createUser();
    await server.ctx.db.query(`update auth.users set raw_user_meta_data = '{"role":"admin","isAdmin":true}' where id = $1`, [sneaky.id]);
    const token = await server.ctx.keys.sign(
      { role: 'authenticated', sub: sneaky.id, aud: 'authenticated', user_metadata: { role: 'admin', isAdmin: true } },
      3600,
    );
    const db = server.withToken(token);
    expect((await db.from('projects').select('id').eq('id', c.pendingId)).data).toEqual([]);
    expect((await db.from('projects').update({ featured: true }).eq('id', c.approvedId).select()).data).toEqual([]);
  });

  it('a token claiming app_metadata.role admin grants nothing when the account is not admin', async () => {
    const plain = await server.createUser();
    const token = await server.ctx.keys.sign({ role: 'authenticated', sub: plain.id, aud: 'authenticated', app_metadata: { role: 'admin' } }, 3600);
    expect((await server.withToken(token).from('projects').select('id').eq('id', c.pendingId)).data).toEqual([]);
  });

  it('a demoted admin loses access at once, with the same token', async () => {
    const former = await server.createUser({ appRole: 'admin' });
    expect((await former.client.from('projects').select('id').eq('id', c.pendingId)).data).toHaveLength(1);
    await server.ctx.db.query(`update auth.users set raw_app_meta_data = raw_app_meta_data - 'role' where id = $1`, [former.id]);
    expect((await former.client.from('projects').select('id').eq('id', c.pendingId)).data).toEqual([]);
  });

  it('a banned admin is no admin', async () => {
    const admin = await server.createUser({ appRole: 'admin', bannedUntil: new Date(Date.now() + 3_600_000) });
    expect((await admin.client.from('projects').select('id').eq('id', c.pendingId)).data).toEqual([]);
  });
});

// project_votes -------------------------------------------------------------------------------
describe('project_votes', () => {
  it('nobody reads or writes the votes table through the API; each account reads its own votes in my_votes', async () => {
    await c.other.client.rpc('toggle_vote', { project_id: c.approvedId });
    await c.anonymous.client.rpc('toggle_vote', { project_id: c.approvedId });
    const row = { project_id: c.approvedId, user_id: c.other.id };
    for (const db of [c.other.client, c.anonymous.client, c.admin.client]) {
      expect((await db.from('project_votes').insert(row)).error).not.toBeNull();
      expect((await db.from('project_votes').delete().eq('project_id', c.approvedId).select()).error).not.toBeNull();
      // The table holds network hashes and weights: not even admins read it over REST.
      expect((await db.from('project_votes').select('project_id')).error?.code).toBe('42501');
    }
    expect((await server.anon().from('project_votes').select('*')).error).not.toBeNull();
    expect((await c.other.client.from('my_votes').select('project_id')).data).toEqual([{ project_id: c.approvedId }]);
    expect((await c.anonymous.client.from('my_votes').select('project_id')).data).toEqual([{ project_id: c.approvedId }]);
    expect((await c.admin.client.from('my_votes').select('project_id')).data).toEqual([]);
    expect((await server.anon().from('my_votes').select('project_id')).data).toEqual([]);
    // Only the two columns: no user id, network or weight.
    expect(Object.keys((await c.other.client.from('my_votes').select('*').single()).data!).sort()).toEqual(['counted', 'created_at', 'project_id']);
    const { rows } = await server.ctx.db.query('select count(*)::int as n from public.project_votes where project_id = $1', [c.approvedId]);
    expect(rows[0]!.n).toBe(2);
  });
});

// the anonymous user: votes and nothing else that writes -----------------------------------------
describe('anonymous users (signInAnonymously) write nothing but votes', () => {
  const count = async (sql: string) => (await server.ctx.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`)).rows[0]!.n;

  it('may vote', async () => {
    const id = await serviceProject(server, c.owner.id);
    expect((await c.anonymous.client.rpc('toggle_vote', { project_id: id })).data).toEqual({ upvoted: true, upvotes: 1, counted: false });
  });

  it('may not create, change or delete their creator profile, even one the service made for them', async () => {
    const fresh = await server.signInAnonymously();
    expect((await fresh.client.from('creators').insert({ id: fresh.id, name: 'Anon Maker' }).select()).error).not.toBeNull();
    expect(await count(`public.creators where id = '${fresh.id}'`)).toBe(0);
    expect((await c.anonymous.client.from('creators').update({ bio: 'Hello' }).eq('id', c.anonymous.id).select()).data ?? []).toEqual([]);
    expect((await c.anonymous.client.from('creators').delete().eq('id', c.anonymous.id).select()).data ?? []).toEqual([]);
    expect((await dbRow(server, 'creators', c.anonymous.id))).toMatchObject({ name: 'Anna Anonymous', bio: "Anna Anonymous's bio" });
  });

  it('may not comment, nor edit or delete a comment in their name', async () => {
    const before = await count('public.project_comments');
    const insert = await c.anonymous.client
      .from('project_comments')
      .insert({ project_id: c.approvedId, user_id: c.anonymous.id, content: 'First!' })
      .select();
    expect(insert.error).not.toBeNull();
    expect(await count('public.project_comments')).toBe(before);
    const { rows } = await server.ctx.db.query<{ id: string }>(
      `insert into public.project_comments (project_id, user_id, content) values ($1, $2, 'Left by the service') returning id`,
      [c.approvedId, c.anonymous.id],
    );
    const id = rows[0]!.id;
    expect((await c.anonymous.client.from('project_comments').update({ content: 'Edited' }).eq('id', id).select()).data ?? []).toEqual([]);
    expect((await c.anonymous.client.from('project_comments').delete().eq('id', id).select()).data ?? []).toEqual([]);
    expect((await dbRow(server, 'project_comments', id))!.content).toBe('Left by the service');
  });

  it('may not report, and reaches no staff table or function', async () => {
    const before = await count('public.reports');
    const report = await c.anonymous.client
      .from('reports')
      .insert({ type: 'project', target_id: c.approvedId, reason: 'Spam' })
      .select();
    expect(report.error).not.toBeNull();
    expect(await count('public.reports')).toBe(before);
    expect((await c.anonymous.client.from('site_settings').update({ site_name: 'Taken' }).eq('id', true).select()).data ?? []).toEqual([]);
    expect((await c.anonymous.client.from('content_items').insert({ type: 'blog', title: 'Spam', body: 'Spam' }).select()).error).not.toBeNull();
    expect((await c.anonymous.client.rpc('review_project', { project_id: c.pendingId, action: 'approve' })).error?.code).toBe('42501');
    expect((await c.anonymous.client.rpc('set_user_ban', { user_id: c.other.id, banned: true })).error?.code).toBe('42501');
    expect((await dbRow(server, 'projects', c.pendingId))!.status).toBe('pending');
  });

  it('subscribe to the newsletter as any visitor does: the footer form works after an upvote', async () => {
    const email = `anon-${Date.now()}@example.test`;
    expect((await c.anonymous.client.rpc('subscribe_newsletter', { email })).error).toBeNull();
    expect(await count(`public.newsletter_subscriptions where email = '${email}'`)).toBe(1);
  });
});
