import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, watchErrors, type E2EApp } from './support/app.ts';

/**
 * The embeddable card (issue 33 item 3, decisions 259–260) framed by a page on another origin: it
 * draws, and its vote count follows a vote made elsewhere, live, without a reload.
 */
let app: E2EApp;
let host: Server;
let hostUrl: string;
let projectId: string;

beforeAll(async () => {
  app = await startApp();
  const maker = await app.createUser({ name: 'Fran Framer' });
  await maker.client.from('creators').insert({ id: maker.id, name: 'Fran Framer' });
  const { data, error } = await maker.client
    .from('projects')
    .insert({ title: 'Framed Fern', description: 'A plant that lives in iframes.', tool: 'Cursor', category: 'App', creator_id: maker.id, upvotes: 0, featured: false, image_url: null, live_url: 'https://fern.example', github_url: null })
    .select('id')
    .single();
  if (error) throw error;
  projectId = data.id as string;
  const approved = await app.service().from('projects').update({ status: 'approved' }).eq('id', projectId);
  if (approved.error) throw approved.error;

  // Another origin (127.0.0.1 and its own port; the app is on localhost): a blog page that frames the card.
  host = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>A maker's blog</title><h1>My project</h1>
<iframe id="card" src="${app.url}/embed/projects/${projectId}?theme=light" width="480" height="160" style="border:0"></iframe>`);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  // The browser first: it holds keep-alive connections to the host page's server.
  await app?.close();
  host?.closeAllConnections();
  await new Promise((resolve) => host?.close(resolve));
});

describe('the embed card on another site', () => {
  it('is framed, shows the project, and its vote count changes live after a vote', async () => {
    const page = await app.newPage();
    const errors = watchErrors(page);
    await page.goto(hostUrl);
    const card = page.frameLocator('#card');
    await card.getByRole('heading', { level: 1, name: 'Framed Fern' }).waitFor();
    await expect.poll(() => card.locator('.maker').textContent()).toBe('by Fran Framer');
    await expect.poll(() => card.locator('.count').textContent()).toBe('0');
    // The script joined the realtime channel (and read the count once after joining).
    await card.locator('.card[data-live]').waitFor();

    // A voter elsewhere, with an account old enough for the public count to take the vote (decision 212).
    const voter = await app.createUser({ name: 'Vic Voter' });
    await app.server.ctx.db.query(`update auth.users set created_at = created_at - interval '3 days' where id = $1`, [voter.id]);
    const { data, error } = await voter.client.rpc('toggle_vote', { project_id: projectId });
    expect(error).toBeNull();
    expect(data).toMatchObject({ upvoted: true, upvotes: 1 });

    await expect.poll(() => card.locator('.count').textContent()).toBe('1');
    expect(await card.locator('.votes').getAttribute('aria-label')).toBe('1 upvote');
    // The links open the site in a new tab, never inside the blog's frame.
    expect(await card.getByRole('link', { name: 'Framed Fern' }).getAttribute('target')).toBe('_blank');
    expect(errors.pageErrors).toEqual([]);
    expect(errors.consoleErrors).toEqual([]);
  });

  it('a page of the site itself is refused as a frame', async () => {
    const page = await app.newPage();
    await page.route(hostUrl, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><iframe id="page" src="${app.url}/projects/${projectId}"></iframe>` }),
    );
    await page.goto(hostUrl);
    // Chromium puts its error page in place of a frame whose response refuses framing.
    await expect.poll(() => page.frames().find((f) => f !== page.mainFrame())?.url()).toMatch(/^chrome-error:/);
  });
});
