import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';

/**
 * Per-role statement timeouts, as Supabase sets them (anon 3 s, authenticated 8 s by default;
 * here shortened): a statement over its role's limit is cancelled by Postgres (57014) and
 * answered 503 with Retry-After (decision 110). PGlite cannot enforce statement_timeout.
 */
let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer({ STATEMENT_TIMEOUT_ANON: '300ms', STATEMENT_TIMEOUT_AUTHENTICATED: '1500ms' });
  await server.ctx.db.exec(`
    create function public.slow_echo(seconds float8) returns float8 language sql volatile as
      'select pg_sleep(seconds); select seconds';
    grant execute on function public.slow_echo(float8) to anon, authenticated, service_role;`);
  await server.ctx.schemaCache.reload();
  user = await server.createUser();
});
afterAll(() => server?.close());

const call = (token: string, seconds: number) =>
  fetch(`${server.url}/rest/v1/rpc/slow_echo`, {
    method: 'POST',
    headers: { apikey: server.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });

describe('statement timeouts per role', () => {
  it("cancels an anonymous statement over the anon limit: 503, code 57014, Retry-After, PostgREST's error shape", async () => {
    const res = await call(server.anonKey, 1);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ code: '57014', details: null, hint: null, message: 'canceling statement due to statement timeout' });
  });

  it('lets a signed-in user run longer than anon may, up to the authenticated limit', async () => {
    const res = await call(user.token, 0.6);
    expect(res.status).toBe(200);
    expect(await res.json()).toBe(0.6);
    expect((await call(user.token, 2)).status).toBe(503);
  });

  it('does not limit the service role beyond the database’s own setting', async () => {
    const res = await call(server.serviceRoleKey, 0.6);
    expect(res.status).toBe(200);
  });

  it('leaves short statements alone (supabase-js sees data, not an error)', async () => {
    const { data, error } = await server.anon().rpc('slow_echo', { seconds: 0 });
    expect(error).toBeNull();
    expect(data).toBe(0);
  });
});
