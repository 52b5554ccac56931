import { randomUUID } from 'node:crypto';
import type { TestServer, TestUser } from '../../support/server.ts';

export interface InboxRow {
  id: number;
  user_id: string;
  type: string;
  data: Record<string, unknown>;
  link: string | null;
  actor_count: number;
  read_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A user's notifications as they see them through the data API (RLS decides), newest first. */
export async function inbox(user: TestUser): Promise<InboxRow[]> {
  const { data, error } = await user.client
    .from('notifications')
    .select('id, user_id, type, data, link, actor_count, read_at, created_at, updated_at')
    .order('updated_at', { ascending: false })
    .order('id', { ascending: false });
  if (error) throw error;
  return data as InboxRow[];
}

/** Every notification in the database (the server's own connection), for "no one else" checks. */
export async function allNotifications(server: TestServer) {
  const { rows } = await server.ctx.db.query<{ user_id: string; type: string; project_id: string | null; in_app: boolean; digest_pending: boolean }>(
    'select user_id, type, project_id, in_app, digest_pending from public.notifications order by id',
  );
  return rows;
}

export interface OutboxState {
  id: number;
  to_address: string;
  stream: string;
  template: string;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  payload: Record<string, unknown>;
}

export async function outbox(server: TestServer, to?: string): Promise<OutboxState[]> {
  const { rows } = await server.ctx.db.query<OutboxState>(
    `select id, to_address, stream, template, status, attempts, next_attempt_at, last_error, payload
       from platform.email_outbox where $1::text is null or lower(to_address) = lower($1) order by id`,
    [to ?? null],
  );
  return rows;
}

/**
 * A user signed in with issue 14's signInAnonymously: an auth.users row marked is_anonymous and an
 * access token carrying the is_anonymous claim, as GoTrue issues them.
 */
export async function anonymousUser(server: TestServer): Promise<TestUser> {
  const id = randomUUID();
  await server.ctx.db.query(
    `insert into auth.users (id, aud, role, is_anonymous, raw_app_meta_data) values ($1, 'authenticated', 'authenticated', true, '{}')`,
    [id],
  );
  const sessionId = randomUUID();
  await server.ctx.db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, id]);
  const token = await server.ctx.keys.sign(
    { role: 'authenticated', aud: 'authenticated', sub: id, is_anonymous: true, app_metadata: {}, user_metadata: {}, session_id: sessionId },
    3600,
  );
  return { id, email: '', token, client: server.clientOf({ token }) };
}

/** A project approved by the database (setup, not the behaviour under test). */
export async function approvedProject(server: TestServer, maker: TestUser, title: string): Promise<string> {
  await ensureCreator(server, maker);
  const { rows } = await server.ctx.db.query<{ id: string }>(
    `insert into public.projects (title, description, tool, category, creator_id, status)
     values ($1, 'A project', 'Cursor', 'App', $2, 'approved') returning id`,
    [title, maker.id],
  );
  return rows[0]!.id;
}

/** Posts a comment the way the app does (supabase-js, as the author). */
export async function postComment(author: TestUser, projectId: string, content: string): Promise<string> {
  const { data, error } = await author.client.from('project_comments').insert({ project_id: projectId, content }).select('id').single();
  if (error) throw error;
  return (data as { id: string }).id;
}

export async function upvote(voter: TestUser, projectId: string) {
  const { data, error } = await voter.client.rpc('toggle_vote', { project_id: projectId });
  if (error) throw error;
  return data as { upvoted: boolean; upvotes: number };
}

export async function setPreference(user: TestUser, type: string, inApp: boolean, email: 'off' | 'instant' | 'digest') {
  const { error } = await user.client.from('notification_preferences').upsert({ type, in_app: inApp, email }).select();
  if (error) throw error;
}

/** The creator profile a maker's first submission creates, named as their account. */
export async function ensureCreator(server: TestServer, user: TestUser): Promise<void> {
  await server.ctx.db.query(
    `insert into public.creators (id, name)
     select u.id, coalesce(nullif(u.raw_user_meta_data ->> 'name', ''), 'Maker') from auth.users u where u.id = $1
     on conflict do nothing`,
    [user.id],
  );
}
