import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noisePng, signIn } from './accounts-support.ts';
import { seriousA11yViolations, startApp, watchErrors, type E2EApp } from './support/app.ts';

/**
 * Issue 35 item 1 (decision 261): a maker pastes their live site's address on the submit form; the
 * form fills its empty fields and the preview image from the page, says what it filled, and the
 * maker submits. The fake site is local, reachable only as the one FETCH_ALLOW_HOSTS pair; its image
 * ends up in our bucket, not hot-linked.
 */
let app: E2EApp;
let site: Server;
let siteUrl: string;

beforeAll(async () => {
  const cover = await noisePng(600, 315);
  site = createServer((req, res) => {
    if (req.url === '/og.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(cover);
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>Orbit Notes — home</title>
      <meta property="og:site_name" content="Orbit Notes">
      <meta property="og:description" content="Notes that arrange themselves around what you are working on.">
      <meta property="og:image" content="/og.png">
      </head><body><a href="https://github.com/orbit/notes">Source</a></body></html>`);
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  const port = (site.address() as AddressInfo).port;
  siteUrl = `http://127.0.0.1:${port}/`;
  app = await startApp({ FETCH_ALLOW_HOSTS: `127.0.0.1:${port}` });
});
afterAll(async () => {
  await app?.close();
  site?.closeAllConnections();
  await new Promise((done) => site?.close(done));
});

describe('auto-fill on the submit form', () => {
  it('a maker pastes their site, the form fills, they check it and submit', async () => {
    const maker = await app.createUser({ name: 'Ada Autofill' });
    const page = await app.newPage();
    const errors = watchErrors(page);
    await signIn(page, maker.email, maker.password);
    await page.goto('/submit-project');
    await page.getByRole('heading', { name: 'Submit Your Project' }).waitFor();

    // What the maker typed stays theirs.
    await page.locator('#submit-longDescription').fill('I built it with Cursor over two weekends.');
    // A paste, as the maker's browser sends it: reading starts at once.
    const box = page.locator('#submit-autofill');
    await box.focus();
    await box.evaluate((input, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, siteUrl);

    const result = page.getByTestId('autofill-result');
    await result.waitFor({ timeout: 20_000 });
    expect(await result.textContent()).toContain('Filled from 127.0.0.1');
    expect(await result.textContent()).toContain('Project title, Short description, Project image, Live demo URL, GitHub URL');
    expect(await page.locator('#submit-title').inputValue()).toBe('Orbit Notes');
    expect(await page.locator('#submit-description').inputValue()).toBe('Notes that arrange themselves around what you are working on.');
    expect(await page.locator('#submit-longDescription').inputValue()).toBe('I built it with Cursor over two weekends.');
    expect(await page.locator('#submit-liveUrl').inputValue()).toBe(siteUrl);
    expect(await page.locator('#submit-githubUrl').inputValue()).toBe('https://github.com/orbit/notes');
    // The preview is the fetched bytes, shown from this page's memory, not the site's address.
    const preview = page.getByRole('img', { name: 'Selected project image preview' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^blob:/);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The maker edits what was filled, picks what no page can say, and submits.
    await page.locator('#submit-title').fill('Orbit Notes 2');
    await page.locator('#submit-tool').selectOption('Cursor');
    await page.locator('#submit-category').selectOption('App');
    await page.getByRole('button', { name: 'Submit Project' }).click();
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor({ timeout: 60_000 });

    const { data } = await app.service().from('projects').select('title, description, live_url, github_url, image_url').eq('creator_id', maker.id).single();
    expect(data).toMatchObject({ title: 'Orbit Notes 2', description: 'Notes that arrange themselves around what you are working on.', live_url: siteUrl, github_url: 'https://github.com/orbit/notes' });
    // Uploaded through the normal path into our bucket: never the site's own address.
    expect((data as { image_url: string }).image_url).toMatch(new RegExp(`^${app.url.replace('127.0.0.1', 'localhost')}/storage/v1/object/public/project-images/`));
    expect(errors.pageErrors).toEqual([]);
  });

  it('says in plain words why an address is refused, and fills nothing', async () => {
    const maker = await app.createUser({ name: 'Rex Refused' });
    const page = await app.newPage({ width: 375, height: 800 });
    await signIn(page, maker.email, maker.password);
    await page.goto('/submit-project');
    await page.locator('#submit-autofill').fill('http://169.254.169.254/latest/meta-data/');
    await page.getByRole('button', { name: 'Fill from this page' }).click();
    const alert = page.locator('#submit-autofill-error');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('cloud metadata service, not to a public website, so it cannot be fetched.');
    expect(await page.locator('#submit-title').inputValue()).toBe('');
  });
});
