import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { gotrue } from './auth-support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/**
 * supabase-js turns an auth answer into an AuthApiError with a code only when the body is
 * GoTrue's JSON error; anything else (a plain-text 404, another API's JSON) becomes an
 * AuthUnknownError without one. Every /auth/v1 path we do not serve answers in that shape.
 */
describe('auth routes nobody serves', () => {
  it.each([
    ['GET', '/no-such-endpoint'],
    ['POST', '/sso'],
    ['GET', '/admin/audit'],
    ['GET', '/signup'],
  ])('%s %s answers 404 in GoTrue’s error shape', async (method, path) => {
    const res = await gotrue(server, method, path, method === 'POST' ? {} : undefined, { 'x-supabase-api-version': '' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body).toEqual({ code: 404, error_code: 'validation_failed', msg: expect.stringMatching(/no such auth endpoint/) });
  });

  it('answers the 2024-01-01 shape to a client that asks for it', async () => {
    const res = await gotrue(server, 'GET', '/no-such-endpoint');
    expect(res.status).toBe(404);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(res.body).toEqual({ code: 'validation_failed', message: expect.stringMatching(/no such auth endpoint/) });
  });
});
