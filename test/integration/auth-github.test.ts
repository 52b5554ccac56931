import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { browserClient, follow, fragment, mailboxJsonUrl, PASSWORD, uniqueEmail } from './auth-support.ts';

interface FakeAccount {
  id: number;
  login: string;
  name: string;
  avatar_url: string;
  emails: Array<{ email: string; primary: boolean; verified: boolean }>;
}

/** A local stand-in for github.com and api.github.com: authorize, access_token, /user, /user/emails. */
function fakeGithub() {
  const codes = new Map<string, FakeAccount>();
  const tokens = new Map<string, FakeAccount>();
  const state = { next: undefined as FakeAccount | undefined, lastAuthorize: undefined as URL | undefined };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://fake');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/login/oauth/authorize') {
      state.lastAuthorize = url;
      const code = `code-${Math.random().toString(36).slice(2)}`;
      codes.set(code, state.next!);
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state')!);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const body = JSON.parse(raw) as { code: string; client_secret: string };
      const account = codes.get(body.code);
      if (!account || body.client_secret !== 'gh-secret') return json(200, { error: 'bad_verification_code' });
      codes.delete(body.code);
      const token = `tok-${Math.random().toString(36).slice(2)}`;
      tokens.set(token, account);
      return json(200, { access_token: token, token_type: 'bearer', scope: 'user:email' });
    }
    const account = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!account) return json(401, { message: 'Bad credentials' });
    if (url.pathname === '/user') return json(200, { id: account.id, login: account.login, name: account.name, avatar_url: account.avatar_url, email: null });
    if (url.pathname === '/user/emails') return json(200, account.emails);
    json(404, { message: 'Not Found' });
  });
  return { server, state };
}

let github: ReturnType<typeof fakeGithub>;
let githubUrl: string;
let server: TestServer;
let seq = 1000;

function account(email: string, verified = true): FakeAccount {
  const id = seq++;
  return { id, login: `octo${id}`, name: `Octo ${id}`, avatar_url: `https://avatars.example/${id}.png`, emails: [{ email, primary: true, verified }] };
}

beforeAll(async () => {
  github = fakeGithub();
  await new Promise<void>((r) => github.server.listen(0, '127.0.0.1', r));
  githubUrl = `http://127.0.0.1:${(github.server.address() as AddressInfo).port}`;
  server = await startTestServer({
    GITHUB_CLIENT_ID: 'gh-client',
    GITHUB_CLIENT_SECRET: 'gh-secret',
    GITHUB_BASE_URL: githubUrl,
    GITHUB_API_URL: githubUrl,
    AUTH_AUTOCONFIRM: 'false',
  });
});
afterAll(async () => {
  await server?.close();
  await new Promise((r) => github?.server.close(r));
});

/** Plays the browser: our /authorize → GitHub → our /callback → back to the app. */
async function browse(start: string): Promise<URL> {
  const toGithub = await follow(start);
  expect(toGithub.origin).toBe(githubUrl);
  const toCallback = await follow(toGithub.toString());
  expect(toCallback.pathname).toBe('/auth/v1/callback');
  return follow(toCallback.toString());
}

async function signInWithGithub(flowType: 'pkce' | 'implicit') {
  const client = browserClient(server, flowType);
  const { data, error } = await client.auth.signInWithOAuth({
    provider: 'github',
    options: {
      redirectTo: `${server.url}/auth/callback`,
      queryParams: { access_type: 'offline', prompt: 'consent' },
      skipBrowserRedirect: true,
    },
  });
  expect(error).toBeNull();
  return { client, landing: await browse(data.url!) };
}

describe('GitHub sign-in', () => {
  it('PKCE end to end: a new user with name and avatar_url, signed in through ?code=', async () => {
    const email = uniqueEmail('gh');
    github.state.next = account(email);
    const { client, landing } = await signInWithGithub('pkce');
    expect(github.state.lastAuthorize!.searchParams.get('access_type')).toBe('offline');
    expect(github.state.lastAuthorize!.searchParams.get('prompt')).toBe('consent');
    expect(github.state.lastAuthorize!.searchParams.get('client_id')).toBe('gh-client');
    expect(`${landing.origin}${landing.pathname}`).toBe(`${server.url}/auth/callback`);
    const code = landing.searchParams.get('code')!;
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.app_metadata).toMatchObject({ provider: 'github', providers: ['github'] });
    expect(data.user?.user_metadata).toMatchObject({ name: github.state.next!.name, avatar_url: github.state.next!.avatar_url });
    expect(data.user?.identities?.map((i) => i.provider)).toEqual(['github']);
    // A code works once.
    expect((await client.auth.exchangeCodeForSession(code)).error).not.toBeNull();

    // Signing in again finds the same user through the identity.
    const again = await signInWithGithub('pkce');
    const second = await again.client.auth.exchangeCodeForSession(again.landing.searchParams.get('code')!);
    expect(second.data.user?.id).toBe(data.user?.id);
  });

  it('implicit flow: tokens arrive in the fragment', async () => {
    github.state.next = account(uniqueEmail('gh'));
    const { client, landing } = await signInWithGithub('implicit');
    const params = fragment(landing);
    expect(params.get('token_type')).toBe('bearer');
    const { data } = await client.auth.getUser(params.get('access_token')!);
    expect(data.user?.email).toBe(github.state.next!.emails[0]!.email);
  });

  it('links to an existing account only when both e-mails are verified', async () => {
    const email = uniqueEmail('link');
    const { data: created } = await server.service().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: { name: 'Mine' } });
    github.state.next = account(email, true);
    const { client, landing } = await signInWithGithub('pkce');
    const { data } = await client.auth.exchangeCodeForSession(landing.searchParams.get('code')!);
    expect(data.user?.id).toBe(created.user!.id);
    expect(data.user?.user_metadata.name).toBe('Mine'); // the user's own name is kept
    expect(data.user?.user_metadata.avatar_url).toBe(github.state.next!.avatar_url);
    expect(data.user?.app_metadata.providers).toEqual(['email', 'github']);

    const unverifiedGithub = uniqueEmail('link');
    await server.service().auth.admin.createUser({ email: unverifiedGithub, password: PASSWORD, email_confirm: true });
    github.state.next = account(unverifiedGithub, false);
    const refused = await signInWithGithub('pkce');
    expect(refused.landing.searchParams.get('error_code')).toBe('email_exists');
    expect(refused.landing.searchParams.get('code')).toBeNull();

    const unconfirmedAccount = uniqueEmail('link');
    await server.service().auth.admin.createUser({ email: unconfirmedAccount, password: PASSWORD });
    github.state.next = account(unconfirmedAccount, true);
    const refused2 = await signInWithGithub('pkce');
    expect(refused2.landing.searchParams.get('error_code')).toBe('email_exists');
    const { rows } = await server.ctx.db.query(
      `select 1 from auth.identities i join auth.users u on u.id = i.user_id where u.email = $1 and i.provider = 'github'`,
      [unconfirmedAccount],
    );
    expect(rows).toHaveLength(0);
  });

  it('a new user with an unverified GitHub e-mail gets a confirmation e-mail, not a session', async () => {
    const email = uniqueEmail('unv');
    github.state.next = account(email, false);
    const { landing } = await signInWithGithub('pkce');
    expect(landing.searchParams.get('error_code')).toBe('provider_email_needs_verification');
    const res = await fetch(mailboxJsonUrl(server));
    const messages = ((await res.json()) as { messages: Array<{ to: string }> }).messages;
    expect(messages.some((m) => m.to === email)).toBe(true);
  });

  it('settings announce GitHub as enabled; a forged state is refused', async () => {
    const settings = await (await fetch(`${server.url}/auth/v1/settings`, { headers: { apikey: server.anonKey } })).json();
    expect(settings.external.github).toBe(true);
    const landing = await follow(`${server.url}/auth/v1/callback?code=x&state=forged`);
    expect(landing.searchParams.get('error_code')).toBe('bad_oauth_state');
  });
});

describe('GitHub not configured', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
  });
  afterAll(() => plain?.close());

  it('redirects back with a clear error_description, and settings hide the button', async () => {
    const landing = await follow(`${plain.url}/auth/v1/authorize?provider=github&redirect_to=${encodeURIComponent(`${plain.url}/auth/callback`)}`);
    expect(landing.pathname).toBe('/auth/callback');
    expect(landing.searchParams.get('error_description')).toBe('Unsupported provider: provider is not enabled');
    const settings = await (await fetch(`${plain.url}/auth/v1/settings`, { headers: { apikey: plain.anonKey } })).json();
    expect(settings.external.github).toBe(false);
  });

  it('refuses a foreign redirect_to without redirecting', async () => {
    const res = await fetch(`${plain.url}/auth/v1/authorize?provider=github&redirect_to=${encodeURIComponent('https://evil.example/')}`, { redirect: 'manual' });
    expect(res.status).toBe(400);
  });
});
