import { availableParallelism } from 'node:os';
import type { ServerContext } from '../../server/context.ts';
import type { Queryable } from '../../server/db/database.ts';
import { DEMO_COMMENTS, DEMO_CREATORS, DEMO_PROJECTS, DEMO_TAGS_AND_TOOLS, type DemoProject } from './demo-content.ts';
import { renderProjectImage } from './render-image.ts';
import { storeProjectImage } from './store-image.ts';

/** Shared by every server process, so two starting at once against one Postgres seed once. */
const SEED_LOCK_KEY = 727_274_020;
/** Encoding is CPU-bound (libvips threads); more than the cores only queues. */
const IMAGE_CONCURRENCY = Math.max(2, availableParallelism());
const HOUR = 3_600_000;

export const demoEmail = (handle: string) => `${handle}@demo.showcase.local`;

/** Like Promise.all over items.map(fn), with at most `limit` running at once. */
async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Fills an empty database with demo content; returns a log line when it did something.
 * Runs as the server's own connection (not through the API), in one transaction.
 */
export async function seedDemoData(ctx: ServerContext): Promise<string | undefined> {
  const started = Date.now();
  const seeded = await ctx.db.withAdvisoryLock(SEED_LOCK_KEY, async (conn) => {
    const { rows } = await conn.query<{ any: boolean }>('select exists (select 1 from public.projects) as any');
    if (rows[0]!.any) return false;
    const images = await mapBounded(DEMO_PROJECTS, IMAGE_CONCURRENCY, renderProjectImage);
    await conn.exec('begin');
    try {
      // Demo accounts cannot sign in: nobody would read their notifications or e-mails.
      await conn.query(`select set_config('showcase.mute_notifications', 'on', true)`);
      await insertDemoData(conn, ctx, images);
      await conn.exec('commit');
    } catch (err) {
      await conn.exec('rollback');
      throw err;
    }
    return true;
  });
  if (!seeded) return undefined;
  await ctx.db.exec('analyze auth.users, public.creators, public.projects, public.project_comments, public.project_votes');
  const approved = DEMO_PROJECTS.filter((p) => !p.status).length;
  return `seeded demo data: ${DEMO_CREATORS.length} creators, ${DEMO_PROJECTS.length} projects (${approved} approved), ${DEMO_COMMENTS.length} comments in ${Date.now() - started} ms`;
}

async function insertDemoData(tx: Queryable, ctx: ServerContext, images: Buffer[]): Promise<void> {
  // Demo accounts have no password: nobody can sign in as them.
  await tx.query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at)
     select gen_random_uuid(), 'authenticated', 'authenticated', d.email, now(),
            '{"provider":"email","providers":["email"]}'::jsonb, jsonb_build_object('name', d.name),
            now() - interval '90 days'
       from unnest($1::text[], $2::text[]) as d(email, name)
     on conflict do nothing`,
    [DEMO_CREATORS.map((c) => demoEmail(c.handle)), DEMO_CREATORS.map((c) => c.name)],
  );
  const { rows: users } = await tx.query<{ id: string; email: string }>(
    'select id, lower(email) as email from auth.users where lower(email) = any($1::text[])',
    [DEMO_CREATORS.map((c) => demoEmail(c.handle))],
  );
  const userId = new Map(users.map((u) => [u.email.split('@')[0]!, u.id]));
  const idOf = (handle: string) => {
    const id = userId.get(handle);
    if (!id) throw new Error(`demo user ${handle} is missing`);
    return id;
  };

  for (const c of DEMO_CREATORS) {
    await tx.query(
      `insert into public.creators (id, name, bio, created_at) values ($1, $2, $3, now() - interval '90 days')
       on conflict (id) do nothing`,
      [idOf(c.handle), c.name, c.bio],
    );
  }

  // Newest first in list order: pending ones were submitted most recently.
  const ordered = [...DEMO_PROJECTS].sort((a, b) => Number(!!b.status) - Number(!!a.status));
  const projectId = new Map<string, string>();
  const createdAt = new Map<string, Date>();
  const now = Date.now();
  for (const [i, p] of ordered.entries()) {
    const image = images[DEMO_PROJECTS.indexOf(p)]!;
    const imageUrl = await storeProjectImage(
      { storage: ctx.storage, siteUrl: ctx.config.SITE_URL, tx },
      `demo/${p.slug}.webp`,
      image,
      'image/webp',
    );
    const at = new Date(now - (i * 37 + 5) * HOUR);
    const { rows } = await tx.query<{ id: string }>(
      `insert into public.projects (title, description, long_description, image_url, live_url, github_url, tool, category,
                                    creator_id, created_at, featured, status, rejection_reason)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
      [
        p.title,
        p.description,
        p.longDescription ?? null,
        imageUrl,
        p.status === 'rejected' ? null : `https://${p.slug}.example.com`,
        p.github ? `https://github.com/${p.creator}-builds/${p.slug}` : null,
        p.tool,
        p.category,
        idOf(p.creator),
        at,
        p.featured ?? false,
        p.status ?? 'approved',
        p.status === 'rejected' ? 'Promotional content is not a project built with AI tools.' : null,
      ],
    );
    projectId.set(p.slug, rows[0]!.id);
    createdAt.set(p.slug, at);
  }

  // Issue 17: tags and more tools (the main tool is added by the database).
  for (const [slug, { tags, tools = [] }] of Object.entries(DEMO_TAGS_AND_TOOLS)) {
    const id = projectId.get(slug);
    if (!id) continue;
    for (const tool of tools) await tx.query('insert into public.project_tools (project_id, tool) values ($1, $2) on conflict do nothing', [id, tool]);
    await tx.query(
      'insert into public.project_tags (project_id, tag_id) select $1, t.id from public.tags t where t.slug = any($2::text[]) on conflict do nothing',
      [id, tags],
    );
  }

  await insertVotes(tx, DEMO_PROJECTS, projectId, idOf);
  await insertLaunches(tx, DEMO_PROJECTS, projectId, idOf);

  // Comments go through the table's triggers, so user_name comes from the author's profile.
  for (const [i, [slug, author, content]] of DEMO_COMMENTS.entries()) {
    const at = new Date(Math.min(now - HOUR, createdAt.get(slug)!.getTime() + (3 + i * 2) * HOUR));
    await tx.query('insert into public.project_comments (project_id, user_id, content, created_at) values ($1, $2, $3, $4)', [
      projectId.get(slug),
      idOf(author),
      content,
      at,
    ]);
  }
}

/**
 * Visitor votes from before votes needed an account (projects.legacy_votes, which the database
 * adds to the count and the points), plus each demo member upvoting the featured work of others.
 */
async function insertVotes(
  tx: Queryable,
  projects: readonly DemoProject[],
  projectId: Map<string, string>,
  idOf: (handle: string) => string,
): Promise<void> {
  const approved = projects.filter((p) => !p.status);
  await tx.query(
    `update public.projects p set legacy_votes = v.n
       from unnest($1::uuid[], $2::int[]) as v(project_id, n)
      where p.id = v.project_id`,
    [approved.map((p) => projectId.get(p.slug)), approved.map((p) => p.votes)],
  );
  const pairs = approved
    .filter((p) => p.featured)
    .flatMap((p) => DEMO_CREATORS.filter((c) => c.handle !== p.creator).map((c) => [projectId.get(p.slug)!, idOf(c.handle)] as const));
  await tx.query(
    `insert into public.project_votes (project_id, user_id)
     select v.project_id, v.user_id from unnest($1::uuid[], $2::uuid[]) as v(project_id, user_id)`,
    [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
  );
}

/** Demo launches (issue 16): which projects launch today and which are upcoming, by slug. */
const LAUNCHING_TODAY = ['tidy-inbox', 'market-day', 'trail-notes'];
const UPCOMING = [
  ['grade-glance', 1],
  ['studio-slots', 3],
] as const;

/**
 * Launches relative to the seed time, so a fresh start shows Today's launches, /upcoming and
 * /winners: three projects launched at today's first minutes (site time zone) with votes cast
 * today, two scheduled for coming days, and every earlier project voted on during its own launch
 * day, whose closed days, weeks and months are then computed (notifications muted).
 */
async function insertLaunches(
  tx: Queryable,
  projects: readonly DemoProject[],
  projectId: Map<string, string>,
  idOf: (handle: string) => string,
): Promise<void> {
  const id = (slug: string) => projectId.get(slug)!;
  await tx.query(`update showcase_private.launches_since set day = showcase_private.site_today() - 40`);
  await tx.query(
    `update public.projects p
        set launched_at = least(showcase_private.app_now(),
                                showcase_private.day_start(showcase_private.site_today()) + n.k * interval '7 minutes')
       from unnest($1::uuid[]) with ordinality as n(id, k)
      where p.id = n.id`,
    [LAUNCHING_TODAY.map(id)],
  );
  for (const [slug, days] of UPCOMING) {
    await tx.query(`update public.projects set launch_date = showcase_private.site_today() + $2::int where id = $1`, [id(slug), days]);
  }
  // Featured work's member votes were cast on its launch day.
  await tx.query(
    `update public.project_votes v set created_at = least(showcase_private.app_now(), p.launched_at + interval '2 hours')
       from public.projects p where p.id = v.project_id`,
  );
  // A few more member votes on every launched project, inside its launch day (today's: now).
  const launched = projects.filter((p) => !p.status && !p.featured && !UPCOMING.some(([u]) => u === p.slug));
  const voters = DEMO_CREATORS.map((c) => c.handle);
  const pairs = launched.flatMap((p) =>
    voters
      .filter((h) => h !== p.creator)
      .slice(0, Math.max(1, Math.round(p.votes / 6)))
      .map((h) => [id(p.slug), idOf(h)] as const),
  );
  await tx.query(
    `insert into public.project_votes (project_id, user_id, created_at)
     select v.project_id, v.user_id, least(showcase_private.app_now(), p.launched_at + interval '3 hours')
       from unnest($1::uuid[], $2::uuid[]) as v(project_id, user_id)
       join public.projects p on p.id = v.project_id
     on conflict do nothing`,
    [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
  );
  await tx.query(`select showcase_private.close_launch_periods()`);
}
