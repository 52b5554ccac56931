import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createKeys } from '../../../server/security/jwt.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { serviceProject } from '../schema-fixtures.ts';
import { type ChangeMessage, closeClients, closedOf, Inbox, postgresReady, realtimeClient, refused, subscribed, systemInbox, VSNS, type Vsn } from './support.ts';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ JWT_SECRET: SECRET });
});
afterEach(closeClients);
afterAll(() => server?.close());

const projects = { event: '*', schema: 'public', table: 'projects' };

/** What a WebSocket connection to /realtime/v1 answers, before any channel. */
function connect(query: string): Promise<{ status: number; body: unknown } | 'open'> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/realtime/v1/websocket?${query}`);
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    ws.on('error', (err) => {
      if (!String(err.message).includes('Unexpected server response')) reject(err);
    });
  });
}

describe('connecting', () => {
  it('checks the apikey before the upgrade, answering as Supabase does', async () => {
    expect(await connect(`apikey=${server.anonKey}&vsn=2.0.0`)).toBe('open');
    expect(await connect('vsn=2.0.0')).toEqual({ status: 401, body: { error: 'API key is missing' } });
    expect(await connect('apikey=not-a-jwt&vsn=2.0.0')).toEqual({ status: 401, body: { error: 'The token provided is not a valid JWT' } });
    const forger = await createKeys('a-completely-different-secret-of-enough-length-0123456789');
    expect(await connect(`apikey=${forger.anonKey}&vsn=2.0.0`)).toEqual({ status: 401, body: { error: 'Failed to validate JWT signature' } });
    const expired = await server.ctx.keys.sign({ role: 'anon', exp: server.ctx.keys.nowSeconds() - 10 }, 0);
    expect(await connect(`apikey=${expired}&vsn=2.0.0`)).toEqual({ status: 401, body: { error: 'Token has expired' } });
    expect(await connect(`apikey=${server.anonKey}&vsn=3.0.0`)).toMatchObject({ status: 400 });
  });
});

describe.each(VSNS)('tokens over vsn %s', (vsn: Vsn) => {
  it('refuses a join whose token is expired, forged, malformed or missing its claims, in Supabase\'s words', async () => {
    const nowSeconds = server.ctx.keys.nowSeconds();
    const expired = await server.ctx.keys.sign({ role: 'authenticated', sub: randomUUID(), exp: nowSeconds - 30 }, 0);
    const forged = (await createKeys('a-completely-different-secret-of-enough-length-0123456789')).anonKey;
    const noExp = await new SignJWT({ role: 'anon' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(SECRET));
    const cases: [string, RegExp][] = [
      [expired, /^InvalidJWTToken: Token has expired (3\d) seconds ago$/],
      [forged, /^JwtSignatureError: Failed to validate JWT signature$/],
      ['not.a.jwt', /^MalformedJWT: The token provided is not a valid JWT$/],
      [noExp, /^InvalidJWTToken: Fields `role` and `exp` are required in JWT$/],
    ];
    for (const [token, expected] of cases) {
      const client = realtimeClient(server, { vsn, token });
      const err = await refused(client.channel(`refused-${randomUUID()}`));
      expect(err.message).toMatch(expected);
    }
  });

  it('ends the channel when its token expires on the server\'s clock, with Supabase\'s system message', async () => {
    const user = await server.createUser();
    const client = realtimeClient(server, { vsn, token: user.token });
    const channel = client.channel(`expiring-${randomUUID()}`);
    const system = systemInbox(channel);
    await subscribed(channel);
    const closed = closedOf(channel);

    await server.advanceClock(3600_000 + 5_000);
    const ended = await system.next((m) => m.extension === 'system');
    expect(ended.status).toBe('error');
    expect(ended.message).toMatch(/^Token has expired \d+ seconds ago$/);
    expect(Number(ended.message.match(/\d+/)![0])).toBeGreaterThanOrEqual(5);
    await closed;
  });

  it('keeps a channel open across a token refresh, acting with the new token from then on', async () => {
    const client = realtimeClient(server, { vsn, session: true });
    const { data, error } = await client.auth.signUp({ email: `refresh-${randomUUID().slice(0, 8)}@example.test`, password: 'a-long-enough-password' });
    expect(error).toBeNull();
    const userId = data.user!.id;
    await server.service().from('creators').insert({ id: userId, name: 'Refreshing' });

    const channel = client.channel(`refresh-${randomUUID()}`);
    const inbox = new Inbox<ChangeMessage>();
    channel.on('postgres_changes', projects as never, inbox.push as never);
    const system = systemInbox(channel);
    await subscribed(channel);
    await postgresReady(system);

    await server.advanceClock(3000_000);
    const reports = system.received.length;
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    // supabase-js pushes the new token on TOKEN_REFRESHED; the server takes it and says so.
    expect(await system.next((m) => system.received.indexOf(m) >= reports)).toMatchObject({ extension: 'postgres_changes', status: 'ok' });

    // Past the first token's expiry, within the second's: the channel is open and still the user's.
    await server.advanceClock(1000_000);
    const draft = await serviceProject(server, userId, { title: 'Still mine', status: 'pending' });
    expect((await inbox.next((m) => m.new.id === draft)).new).toMatchObject({ status: 'pending' });
    expect(system.received.some((m) => m.extension === 'system')).toBe(false);
  });

  it('lets a visitor sign in on an open channel and see their own drafts from then on', async () => {
    const email = `later-${randomUUID().slice(0, 8)}@example.test`;
    const signUp = await server.anon().auth.signUp({ email, password: 'a-long-enough-password' });
    const userId = signUp.data.user!.id;
    await server.service().from('creators').insert({ id: userId, name: 'Later' });

    const client = realtimeClient(server, { vsn, session: true });
    const channel = client.channel(`sign-in-${randomUUID()}`);
    const inbox = new Inbox<ChangeMessage>();
    channel.on('postgres_changes', projects as never, inbox.push as never);
    const system = systemInbox(channel);
    await subscribed(channel);
    await postgresReady(system);
    const hidden = await serviceProject(server, userId, { title: 'Not yet', status: 'pending' });
    const shown = await serviceProject(server, userId, { title: 'Public anyway' });
    await inbox.next((m) => m.new.id === shown);
    expect(inbox.received.some((m) => m.new.id === hidden)).toBe(false);

    const reports = system.received.length;
    expect((await client.auth.signInWithPassword({ email, password: 'a-long-enough-password' })).error).toBeNull();
    await system.next((m) => system.received.indexOf(m) >= reports && m.extension === 'postgres_changes');
    const draft = await serviceProject(server, userId, { title: 'Mine now', status: 'pending' });
    expect((await inbox.next((m) => m.new.id === draft)).new).toMatchObject({ title: 'Mine now' });
  });

  it('ends the channel when the client pushes a token that does not verify', async () => {
    const client = realtimeClient(server, { vsn });
    const channel = client.channel(`bad-refresh-${randomUUID()}`);
    const system = systemInbox(channel);
    await subscribed(channel);
    const closed = closedOf(channel);
    const forged = (await createKeys('a-completely-different-secret-of-enough-length-0123456789')).serviceRoleKey;
    await client.realtime.setAuth(forged);
    expect(await system.next((m) => m.extension === 'system')).toMatchObject({ status: 'error', message: 'Failed to validate JWT signature' });
    await closed;
  });
});
