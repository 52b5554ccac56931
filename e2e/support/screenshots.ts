/**
 * Takes full-page screenshots of the public routes at desktop and phone widths, for looking at
 * the design by eye:  npx tsx e2e/support/screenshots.ts [outDir]   (after npm run build:web)
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { animationsSettled, startApp } from './app.ts';

const outDir = resolve(process.argv[2] ?? '/tmp/showcase-screens');
mkdirSync(outDir, { recursive: true });

const app = await startApp();
try {
  const { data } = await app.anon().from('projects').select('id').order('upvotes', { ascending: false }).limit(1);
  const projectId = data?.[0]?.id as string | undefined;
  const routes: Array<[string, string]> = [
    ['home', '/'],
    ['projects', '/projects'],
    ['projects-filtered', '/projects?tool=Cursor&sort=top'],
    ['project', projectId ? `/projects/${projectId}` : '/projects/none'],
    ['not-found-project', '/projects/00000000-0000-4000-8000-000000000000'],
    ['404', '/no/such/page'],
    ['documentation', '/documentation'],
    ['blog', '/blog'],
    ['community', '/community'],
    ['about', '/about'],
    ['terms', '/terms'],
    ['privacy', '/privacy'],
    ['upcoming', '/upcoming'],
    ['leaderboard', `/leaderboard/daily/${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}`],
    ['winners', '/winners'],
  ];
  const only = process.env.ONLY?.split(',');
  for (const [width, suffix] of [[1280, 'desktop'], [375, 'mobile']] as const) {
    const page = await app.newPage({ width, height: 800 });
    if (process.env.DARK) await page.emulateMedia({ colorScheme: 'dark' });
    for (const [name, path] of routes) {
      if (only && !only.includes(name)) continue;
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await animationsSettled(page);
      await page.screenshot({ path: `${outDir}/${name}-${suffix}.png`, fullPage: true });
    }
  }
  console.log(`screenshots in ${outDir}`);
} finally {
  await app.close();
}
