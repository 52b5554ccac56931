/**
 * Screenshots of the maker stats page with a year of data, at 1280 and 375 px, light and dark:
 *   npx tsx e2e/support/stats-screenshots.ts [outDir]   (after npm run build:web)
 * The year is seeded with SQL straight into the roll-up (as a year of the roll-up job would leave it).
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { signIn } from '../accounts-support.ts';
import { animationsSettled, applyTheme, startApp } from './app.ts';

const outDir = resolve(process.argv[2] ?? '/tmp/showcase-stats-screens');
mkdirSync(outDir, { recursive: true });

const app = await startApp();
try {
  const db = app.server.ctx.db;
  const maker = await app.createUser({ name: 'Stella Stats' });
  await maker.client.from('creators').upsert({ id: maker.id, name: 'Stella Stats' });
  const { rows: today } = await db.query<{ d: string }>(`select showcase_private.site_today()::text as d`);
  const launchDay = `(date '${today[0]!.d}' - 20)`;
  const { rows: demo } = await db.query<{ image_url: string }>(`select image_url from public.projects where image_url is not null limit 1`);
  // The project and five neighbours launched the same day (so the median shows).
  const { rows: made } = await db.query<{ id: string }>(
    `insert into public.projects (title, description, tool, category, creator_id, status, image_url, live_url, launched_at)
     select t, 'Turns any spreadsheet into a dashboard', 'Cursor', 'App', $1, 'approved', $2, 'https://sheetglow.example',
            showcase_private.day_start(${launchDay}) + make_interval(mins => i::int)
       from unnest(array['SheetGlow', 'Neighbour A', 'Neighbour B', 'Neighbour C', 'Neighbour D', 'Neighbour E']) with ordinality as x (t, i)
     returning id`,
    [maker.id, demo[0]?.image_url ?? null],
  );
  const project = made[0]!.id;
  const neighbours = made.slice(1).map((r) => r.id);

  // A year of days: a quiet baseline, the launch-day spike and a slow tail, a weekly rhythm.
  await db.query(
    `insert into public.project_daily_stats (project_id, day, views, uniques, impressions, live_clicks, repo_clicks)
     select $1, d, v, (v * 0.82)::int, v * 7, (v * 0.21)::int, (v * 0.04)::int
       from (select d::date as d,
                    greatest(0, (6 + 4 * sin(extract(doy from d) / 3.0)
                      + case when d::date >= ${launchDay} then 900 * exp(-(d::date - ${launchDay}) / 2.5) + 40 * exp(-(d::date - ${launchDay}) / 30.0) else 0 end
                      + case when extract(isodow from d) in (6, 7) then -3 else 0 end))::int as v
               from generate_series(date '${today[0]!.d}' - 364, date '${today[0]!.d}' - 1, interval '1 day') d) s
     on conflict do nothing`,
    [project],
  );
  for (const [i, id] of neighbours.entries()) {
    await db.query(`insert into public.project_daily_stats (project_id, day, views, uniques, live_clicks) values ($1, ${launchDay}, $2, $3, $4)`, [id, 150 + i * 90, 120 + i * 70, 20 + i * 9]);
  }
  await db.query(
    `insert into public.project_daily_referrers (project_id, day, kind, source, visits) values
       ($1, ${launchDay}, 'host', 'news.ycombinator.com', 412), ($1, ${launchDay}, 'host', 'www.reddit.com', 166),
       ($1, ${launchDay}, 'host', 't.co', 94), ($1, ${launchDay} + 1, 'host', 'www.linkedin.com', 51),
       ($1, ${launchDay}, 'source', 'newsletter', 73), ($1, ${launchDay} + 2, 'host', 'dev.to', 28),
       ($1, ${launchDay} + 3, 'host', 'a-very-long-subdomain.of-some-blog-platform.example.com', 12),
       ($1, ${launchDay}, 'host', 'duckduckgo.com', 9)`,
    [project],
  );
  // Voters (old accounts, so their votes count publicly), votes through the launch day and after.
  await db.query(
    `insert into auth.users (id, email, created_at, raw_user_meta_data)
     select gen_random_uuid(), 'voter' || i || '@example.test', now() - interval '400 days', '{}'::jsonb from generate_series(1, 140) i`,
  );
  await db.query(
    `insert into public.project_votes (project_id, user_id, created_at)
     select $1, u.id, showcase_private.day_start(${launchDay}) + make_interval(mins => ((n * n) % 1400 + (case when n > 110 then (n - 100) * 1440 else 0 end))::int)
       from (select id, row_number() over (order by email) as n from auth.users where email like 'voter%@example.test') u`,
    [project],
  );
  await db.query(`update public.project_votes set counted = true where project_id = $1`, [project]);
  const { rows: commenters } = await db.query<{ id: string }>(`select id from auth.users where email like 'voter%@example.test' limit 30`);
  for (const [i, c] of commenters.entries()) {
    await db.query(`insert into public.project_comments (project_id, user_id, content, created_at) values ($1, $2, 'Great launch!', showcase_private.day_start(${launchDay}) + make_interval(hours => $3::int))`, [
      project,
      c.id,
      i < 18 ? i : 24 * (i - 15),
    ]);
    if (i % 2 === 0) {
      await db.query(`insert into public.follows (follower_id, followee_id, created_at) values ($1, $2, showcase_private.day_start(${launchDay}) + make_interval(hours => $3::int))`, [c.id, maker.id, i * 5]);
    }
  }
  // The launch day's rank every 10 minutes: shuffled (null) for 4 hours, then climbing to #2.
  await db.query(
    `insert into public.project_rank_snapshots (project_id, taken_at, day, rank, points, upvotes, closing)
     select $1, showcase_private.day_start(${launchDay}) + make_interval(mins => s::int * 10), ${launchDay},
            case when s < 24 then null else greatest(2, 6 - (s - 24) / 20) end,
            round((s * 0.72)::numeric, 1), (s * 0.75)::int, s = 144
       from generate_series(0, 144) s`,
    [project],
  );

  for (const width of [1280, 375]) {
    const page = await app.newPage({ width, height: 900 });
    await signIn(page, maker.email, maker.password);
    await page.goto(`/my-projects/${project}/stats`);
    await page.getByRole('heading', { level: 1, name: 'Stats for SheetGlow' }).waitFor();
    await page.getByRole('tab', { name: '1 year' }).click();
    await page.getByRole('group', { name: 'Views, unique visitors and live-site clicks per day' }).waitFor();
    await page.waitForLoadState('networkidle');
    for (const dark of [false, true]) {
      await applyTheme(page, dark);
      await animationsSettled(page);
      // Hover a day of the launch week, as a maker would.
      const chart = page.getByRole('group', { name: 'Views, unique visitors and live-site clicks per day' });
      await chart.focus();
      await page.keyboard.press('End');
      for (let i = 0; i < 19; i++) await page.keyboard.press('ArrowLeft');
      await page.screenshot({ path: `${outDir}/stats-${width}-${dark ? 'dark' : 'light'}.png`, fullPage: true });
    }
    await page.goto('/my-projects');
    await page.getByRole('link', { name: 'Stats of SheetGlow' }).waitFor();
    await page.screenshot({ path: `${outDir}/my-projects-${width}.png` });
    await page.getByRole('button', { name: 'Edit SheetGlow' }).click();
    await page.getByRole('switch', { name: 'Add ?ref= to my links' }).waitFor();
    await page.screenshot({ path: `${outDir}/edit-ref-switch-${width}.png` });
  }
  // The staff dashboard's 30-day trends (issue 32 item 5), drawn by the same chart.
  const staff = await app.createUser({ name: 'Ada Admin' });
  await db.query(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"admin"}'::jsonb where id = $1`, [staff.id]);
  for (const width of [1280, 375]) {
    const page = await app.newPage({ width, height: 900 });
    await signIn(page, staff.email, staff.password);
    await page.goto('/admin');
    await page.getByRole('group', { name: 'Visitors and votes per day' }).waitFor();
    await page.waitForLoadState('networkidle');
    for (const dark of [false, true]) {
      await applyTheme(page, dark);
      await animationsSettled(page);
      await page.screenshot({ path: `${outDir}/admin-trends-${width}-${dark ? 'dark' : 'light'}.png`, fullPage: true });
    }
  }
} finally {
  await app.close();
}
