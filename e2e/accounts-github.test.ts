import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toast } from './accounts-support.ts';
import { startApp, type E2EApp } from './support/app.ts';

/** GitHub sign-in from the browser against a local stand-in for github.com and its API. */
interface Account {
  id: number;
  login: string;
  name: string;
  email: string;
}

function fakeGithub() {
  const codes = new Map<string, Account>();
  const tokens = new Map<string, Account>();
  const state = { next: undefined as Account | undefined, deny: false };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://fake');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/login/oauth/authorize') {
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('state', url.searchParams.get('state')!);
      if (state.deny) {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'The user has denied your application access.');
      } else {
        const code = `code-${Math.random().toString(36).slice(2)}`;
        codes.set(code, state.next!);
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const account = codes.get((JSON.parse(raw) as { code: string }).code);
      if (!account) return json(200, { error: 'bad_verification_code' });
      const token = `tok-${Math.random().toString(36).slice(2)}`;
      tokens.set(token, account);
      return json(200, { access_token: token, token_type: 'bearer', scope: 'user:email' });
    }
    const account = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!account) return json(401, { message: 'Bad credentials' });
    if (url.pathname === '/user') return json(200, { id: account.id, login: account.login, name: account.name, avatar_url: null, email: null });
    if (url.pathname === '/user/emails') return json(200, [{ email: account.email, primary: true, verified: true }]);
    json(404, { message: 'Not Found' });
  });
  return { server, state };
}

let github: ReturnType<typeof fakeGithub>;
let app: E2EApp;

beforeAll(async () => {
  github = fakeGithub();
  await new Promise<void>((r) => github.server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(github.server.address() as AddressInfo).port}`;
  app = await startApp({ GITHUB_CLIENT_ID: 'gh-client', GITHUB_CLIENT_SECRET: 'gh-secret', GITHUB_BASE_URL: url, GITHUB_API_URL: url });
});
afterAll(async () => {
  await app?.close();
  await new Promise((r) => github?.server.close(r));
});

describe('GitHub sign-in', () => {
  it('asks for offline access and consent, returns through /auth/callback and lands on / signed in', async () => {
    const email = `octo-${Date.now()}@example.test`;
    github.state.deny = false;
    github.state.next = { id: 4242, login: 'octocat', name: 'Octo Cat', email };
    const page = await app.newPage();
    const authorize: URL[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/auth/v1/authorize')) authorize.push(new URL(r.url()));
    });
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Continue with GitHub' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    expect(authorize[0]?.searchParams.get('provider')).toBe('github');
    expect(authorize[0]?.searchParams.get('access_type')).toBe('offline');
    expect(authorize[0]?.searchParams.get('prompt')).toBe('consent');
    expect(authorize[0]?.searchParams.get('redirect_to')).toBe(`${new URL(page.url()).origin}/auth/callback`);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menu').getByText(email).waitFor();
  });

  it('goes back to /signin with the reason when the user refuses on GitHub, in the product\'s own words', async () => {
    github.state.deny = true;
    const page = await app.newPage();
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Continue with GitHub' }).click();
    await page.waitForURL((u) => u.pathname === '/signin');
    await toast(page, 'GitHub sign-in was cancelled.').waitFor();
    // GitHub's own error_description travels in the URL; it is not what the page says (audit L4).
    expect(await page.locator('body').innerText()).not.toContain('The user has denied your application access.');
  });
});
