import type { SupabaseClient } from '@supabase/supabase-js';
import { type TestServer, type TestUser } from '../../support/server.ts';
import { serviceProject } from '../schema-fixtures.ts';

/** The same account, its requests coming from `ip` (the server must trust 127.0.0.1 as a proxy). */
export function fromAddress(server: TestServer, user: TestUser, ip: string): SupabaseClient {
  return server.clientOf(user, { 'x-forwarded-for': ip });
}

/** An account created `days` ago (createUser makes them now). */
export async function agedUser(server: TestServer, days: number): Promise<TestUser> {
  const user = await server.createUser();
  await server.ctx.db.query(`update auth.users set created_at = showcase_private.app_now() - make_interval(days => $2) where id = $1`, [
    user.id,
    days,
  ]);
  return user;
}

export async function vote(client: SupabaseClient, projectId: string): Promise<{ upvoted: boolean; upvotes: number }> {
  const { data, error } = await client.rpc('toggle_vote', { project_id: projectId });
  if (error) throw new Error(`vote: ${error.message}`);
  return data as { upvoted: boolean; upvotes: number };
}

/**
 * The project's points and raw vote count (`votes_cast`: every vote, anonymous and fresh accounts
 * included) as the database keeps them. The public count is `upvotes` (decision 212).
 */
export async function tally(server: TestServer, projectId: string): Promise<{ points: number; upvotes: number }> {
  const { rows } = await server.ctx.db.query<{ points: string; upvotes: number }>(
    'select points::text as points, votes_cast as upvotes from public.projects where id = $1',
    [projectId],
  );
  return { points: Number(rows[0]!.points), upvotes: rows[0]!.upvotes };
}

/** The points as they would be recounted from scratch: the tally must always agree with this. */
export async function recount(server: TestServer, projectId: string): Promise<number> {
  const { rows } = await server.ctx.db.query<{ points: string }>(
    `select (p.legacy_votes * w.legacy_weight + coalesce((
              select sum(showcase_private.vote_points(v.base_weight, v.discount_id is not null, g.accounts))
                from public.project_votes v
                left join showcase_private.vote_groups g
                  on g.project_id = v.project_id and g.network = v.network and g.window_start = v.window_start
               where v.project_id = p.id), 0))::text as points
       from public.projects p cross join showcase_private.vote_weighting() w
      where p.id = $1`,
    [projectId],
  );
  return Number(rows[0]!.points);
}

/** A maker with a creator profile, whose approved projects the suites vote on. */
export async function maker(server: TestServer): Promise<{ user: TestUser; project: (overrides?: Record<string, unknown>) => Promise<string> }> {
  const user = await server.createUser({ name: 'Vote Maker' });
  const { error } = await server.service().from('creators').insert({ id: user.id, name: 'Vote Maker' });
  if (error) throw new Error(`creator: ${error.message}`);
  return { user, project: (overrides = {}) => serviceProject(server, user.id, overrides) };
}
