/**
 * Screenshots of the failure states (issue 30 item 5) at 1280 and 375 px, light and dark: a
 * comment whose answer never comes (timeout with Retry), /projects with the API down (Try again),
 * and /no-such-page (404).  npx tsx e2e/support/failure-screenshots.ts [outDir]  (after npm run build:web)
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { startApp } from './app.ts';

const outDir = resolve(process.argv[2] ?? '/tmp/failure-screens');
mkdirSync(outDir, { recursive: true });

const app = await startApp();
try {
  const { data } = await app.anon().from('projects').select('id').eq('status', 'approved').gt('comment_count', 0).limit(1).single();
  const projectId = (data as { id: string }).id;
  const user = await app.createUser({ name: 'Screen Shooter' });
  for (const [width, size] of [[1280, 'd'], [375, 'm']] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await app.newPage({ width, height: 800 });
      await page.emulateMedia({ colorScheme: scheme });
      const name = (what: string) => `${outDir}/${what}-${size}-${scheme}.png`;

      await page.goto('/about');
      await page.locator('html[data-app-ready]').waitFor();
      await page.route('**/rest/v1/**', (route) => route.abort('connectionrefused'));
      await page.goto('/about');
      await page.locator('html[data-app-ready]').waitFor();
      if (width < 640) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('link', { name: 'Projects', exact: true }).last().click();
      } else {
        await page.getByRole('navigation').getByRole('link', { name: 'Projects', exact: true }).first().click();
      }
      await page.getByRole('button', { name: 'Try again' }).waitFor();
      await page.screenshot({ path: name('projects-api-down') });
      await page.unroute('**/rest/v1/**');

      await page.goto('/no-such-page');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await page.screenshot({ path: name('not-found') });

      await page.goto('/signin');
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.goto(`/projects/${projectId}`);
      const box = page.getByRole('textbox', { name: 'Add a comment' });
      await box.fill(`Held comment (${size}, ${scheme})`);
      await page.route('**/rest/v1/project_comments*', (route) => (route.request().method() === 'POST' ? undefined : route.fallback()));
      await page.getByRole('button', { name: 'Post Comment' }).click();
      const alert = page.getByTestId('comment-timeout');
      await alert.waitFor({ timeout: 30_000 });
      await alert.scrollIntoViewIfNeeded();
      await page.screenshot({ path: name('comment-timeout') });
      await page.context().close();
    }
  }
} finally {
  await app.close();
}
