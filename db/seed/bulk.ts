import type { Database } from '../../server/db/database.ts';
import { CATEGORIES, TOOLS } from '../../domain/catalog.ts';

const BULK_USER_ID = '00000000-0000-4000-8000-00000000b01c';

/** Accounts the benchmark votes as: anonymous users with fixed ids, the same in every database. */
export const BULK_VOTERS = 5000;
export const bulkVoterId = (i: number) => `00000000-0000-4000-9000-${i.toString(16).padStart(12, '0')}`;

/**
 * Adds n synthetic projects in a few set-based statements, for the benchmark (100,000 in seconds).
 * Rows are spread over tools, categories and time like real data: mostly approved, some featured,
 * a few pending, with made-up upvote counts (legacy votes, no vote rows); they belong to one "Bulk Maker" account that cannot sign in.
 * BULK_VOTERS anonymous accounts come with them, for the benchmark's votes.
 */
export async function seedBulkProjects(db: Database, n: number): Promise<number> {
  if (!Number.isInteger(n) || n < 0) throw new Error('n must be a non-negative integer');
  const inserted = await db.transaction(async (tx) => {
    await tx.query(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data)
       values ($1, 'authenticated', 'authenticated', 'bulk@demo.showcase.local', now(), '{"name":"Bulk Maker"}')
       on conflict do nothing`,
      [BULK_USER_ID],
    );
    await tx.query(
      `insert into public.creators (id, name, bio) values ($1, 'Bulk Maker', 'Synthetic projects for load testing.')
       on conflict (id) do nothing`,
      [BULK_USER_ID],
    );
    // The rows are generated clean, so the per-row normalising trigger is skipped (replica mode
    // turns off user triggers for this transaction only); it would triple the time on PGlite.
    await tx.query(`set local session_replication_role = replica`);
    await tx.query(
      `insert into auth.users (id, aud, role, is_anonymous, created_at, updated_at)
       select ('00000000-0000-4000-9000-' || lpad(to_hex(g), 12, '0'))::uuid, 'authenticated', 'authenticated', true,
              now() - interval '10 days', now() - interval '10 days'
         from generate_series(0, $1::int - 1) as g
       on conflict do nothing`,
      [BULK_VOTERS],
    );
    const { rowCount } = await tx.query(
      `insert into public.projects (title, description, long_description, live_url, tool, category, creator_id,
                                    created_at, launched_at, featured, status, legacy_votes, upvotes, points)
       select 'Project ' || g || ' ' || (array['Atlas','Beacon','Compass','Drift','Ember','Flux','Grove','Harbor'])[1 + g % 8],
              'A synthetic ' || lower(($3::text[])[1 + g % 7]) || ' made with ' || ($2::text[])[1 + g % 3]
                || ' for benchmarking list, filter and search queries (#' || g || ').',
              case when g % 4 = 0 then 'A longer description for project ' || g || '.' end,
              'https://bulk-' || g || '.example.com',
              ($2::text[])[1 + g % 3],
              ($3::text[])[1 + g % 7],
              $1,
              now() - make_interval(secs => g * 37),
              -- Approved bulk rows launched when they were submitted (the launch trigger is off too).
              case when g % 50 = 0 then null else now() - make_interval(secs => g * 37) end,
              g % 997 = 0,
              case when g % 50 = 0 then 'pending' else 'approved' end,
              (g * 7919) % 300,
              (g * 7919) % 300,
              -- The trigger that keeps count and points in step is off in this transaction.
              ((g * 7919) % 300) * (select w.legacy_weight from showcase_private.vote_weighting() w)
         from generate_series(1, $4::int) as g`,
      [BULK_USER_ID, [...TOOLS], [...CATEGORIES], n],
    );
    // What the skipped row triggers would have written: the primary tool among the project's tools
    // (0170) and the owner among its makers (0183).
    await tx.query(
      `insert into public.project_tools (project_id, tool)
       select p.id, p.tool from public.projects p where p.creator_id = $1 on conflict do nothing`,
      [BULK_USER_ID],
    );
    await tx.query(
      `insert into public.project_makers (project_id, user_id, role, created_at)
       select p.id, p.creator_id, 'owner', p.created_at from public.projects p where p.creator_id = $1
       on conflict do nothing`,
      [BULK_USER_ID],
    );
    return rowCount;
  });
  await db.exec('analyze public.projects, public.creators, public.project_tools, public.project_makers');
  return inserted;
}
