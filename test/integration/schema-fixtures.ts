import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestServer, TestUser } from '../support/server.ts';

/** A project row as the spec's insert sends it (SPEC §7), with the given overrides. */
export function projectPayload(creatorId: string, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Recipe Radar',
    description: 'Finds recipes from what is in your fridge.',
    long_description: 'A longer story about the fridge.',
    image_url: 'https://img.example.com/radar.webp',
    live_url: 'https://radar.example.com',
    github_url: '',
    tool: 'Cursor',
    category: 'App',
    creator_id: creatorId,
    upvotes: 0,
    featured: false,
    ...overrides,
  };
}

export interface Community {
  owner: TestUser;
  /** A visitor who upvoted: signed in with signInAnonymously(), so they may vote and nothing else. */
  anonymous: TestUser;
  other: TestUser;
  banned: TestUser;
  moderator: TestUser;
  admin: TestUser;
  /** The owner's approved project, and one still in review. */
  approvedId: string;
  pendingId: string;
  /** A comment by `other` on the approved project. */
  commentId: string;
}

async function ensureCreator(service: SupabaseClient, user: TestUser, name: string) {
  const { error } = await service.from('creators').insert({ id: user.id, name, bio: `${name}'s bio` });
  if (error) throw new Error(`creator ${name}: ${error.message}`);
}

/** Projects and comments written through the service key, as the team's review would leave them. */
export async function serviceProject(server: TestServer, creatorId: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await server
    .service()
    .from('projects')
    .insert(projectPayload(creatorId, { status: 'approved', ...overrides }))
    .select('id')
    .single();
  if (error) throw new Error(`project: ${error.message}`);
  return data.id as string;
}

export async function buildCommunity(server: TestServer): Promise<Community> {
  const owner = await server.createUser({ name: 'Olivia Owner' });
  const other = await server.createUser({ name: 'Oscar Other' });
  const banned = await server.createUser({ name: 'Bea Banned' });
  const moderator = await server.createUser({ name: 'Mo Moderator', appRole: 'moderator' });
  const admin = await server.createUser({ name: 'Ada Admin', appRole: 'admin' });
  const anonymous = await server.signInAnonymously();
  const service = server.service();
  // The anonymous user gets a profile only through the service key: it shows that even their own
  // rows stay closed to them.
  for (const [u, n] of [[owner, 'Olivia Owner'], [other, 'Oscar Other'], [banned, 'Bea Banned'], [moderator, 'Mo Moderator'], [admin, 'Ada Admin'], [anonymous, 'Anna Anonymous']] as const) {
    await ensureCreator(service, u, n);
  }
  const approvedId = await serviceProject(server, owner.id, { title: 'Approved One' });
  const pendingId = await serviceProject(server, owner.id, { title: 'Pending One', status: 'pending' });
  const { data, error } = await other.client
    .from('project_comments')
    .insert({ project_id: approvedId, user_id: other.id, user_name: 'x', content: 'Nice work!' })
    .select('id')
    .single();
  if (error) throw new Error(`comment: ${error.message}`);
  // Banned after their profile exists, as a real ban would happen.
  await server.ctx.db.query(`update auth.users set banned_until = now() + interval '1 day' where id = $1`, [banned.id]);
  return { owner, anonymous, other, banned, moderator, admin, approvedId, pendingId, commentId: data.id as string };
}

/** The row as the database holds it, bypassing RLS: what a refused write must leave untouched. */
export async function dbRow(server: TestServer, table: 'projects' | 'creators' | 'project_comments', id: string) {
  const { rows } = await server.ctx.db.query(`select * from public.${table} where id = $1`, [id]);
  return rows[0] as Record<string, unknown> | undefined;
}
