/**
 * The submit form filled from a local fake site (decision 261), at 1280 and 375 px, light and dark,
 * and a refused address:  npx tsx e2e/support/autofill-screenshots.ts   (after npm run build:web)
 */
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { noisePng, signIn } from '../accounts-support.ts';
import { applyTheme, startApp } from './app.ts';

const outDir = process.argv[2] ?? '/tmp/showcase-screens/autofill';
mkdirSync(outDir, { recursive: true });
const cover = await noisePng(1200, 630);
const site = createServer((req, res) => {
  if (req.url === '/og.png') {
    res.writeHead(200, { 'content-type': 'image/png' });
    return res.end(cover);
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><head><title>Orbit Notes — home</title>
    <meta property="og:site_name" content="Orbit Notes">
    <meta property="og:description" content="Notes that arrange themselves around what you are working on, so the right one is always at hand.">
    <meta property="og:image" content="/og.png"></head><body><a href="https://github.com/orbit/notes">Source</a></body></html>`);
});
await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
const port = (site.address() as AddressInfo).port;
const app = await startApp({ FETCH_ALLOW_HOSTS: `127.0.0.1:${port}` });
try {
  const maker = await app.createUser({ name: 'Ada Autofill' });
  for (const width of [1280, 375]) {
    for (const dark of [false, true]) {
      const page = await app.newPage({ width, height: 900 });
      await signIn(page, maker.email, maker.password);
      await page.goto('/submit-project');
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('draft:')).forEach((k) => localStorage.removeItem(k)));
      await page.reload();
      await applyTheme(page, dark);
      await page.locator('#submit-autofill').fill(`http://127.0.0.1:${port}/`);
      await page.getByRole('button', { name: 'Fill from this page' }).click();
      await page.getByTestId('autofill-result').waitFor({ timeout: 20_000 });
      await page.getByRole('img', { name: 'Selected project image preview' }).waitFor();
      await page.screenshot({ path: `${outDir}/filled-${width}-${dark ? 'dark' : 'light'}.png`, fullPage: true });
      if (width === 375 && !dark) {
        await page.locator('#submit-autofill').fill('http://10.0.0.1/admin');
        await page.getByRole('button', { name: 'Fill from this page' }).click();
        await page.locator('#submit-autofill-error').waitFor();
        await page.getByTestId('autofill').screenshot({ path: `${outDir}/refused-375-light.png` });
      }
      await page.close();
    }
  }
} finally {
  await app.close();
  site.closeAllConnections();
  site.close();
}
