import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('platform', () => {
  it('applies every migration once: a second run applies nothing', async () => {
    expect(await migrate(server.ctx.db)).toEqual([]);
    const { rows } = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from platform.schema_migrations');
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it('creates the Supabase API roles, service_role bypassing RLS', async () => {
    const { rows } = await server.ctx.db.query<{ rolname: string; rolbypassrls: boolean }>(
      `select rolname, rolbypassrls from pg_roles where rolname in ('anon','authenticated','service_role') order by rolname`,
    );
    expect(rows).toEqual([
      { rolname: 'anon', rolbypassrls: false },
      { rolname: 'authenticated', rolbypassrls: false },
      { rolname: 'service_role', rolbypassrls: true },
    ]);
  });

  it('auth.uid() and auth.role() read the request claims', async () => {
    const sub = '11111111-1111-4111-8111-111111111111';
    const row = await server.ctx.db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub, role: 'authenticated', email: 'a@b.c' })]);
      const { rows } = await tx.query<{ uid: string; role: string; email: string }>(
        'select auth.uid() as uid, auth.role() as role, auth.email() as email',
      );
      return rows[0]!;
    });
    expect(row).toEqual({ uid: sub, role: 'authenticated', email: 'a@b.c' });
  });

  it('serves security headers on every response', async () => {
    const res = await fetch(server.url + '/');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBeTruthy();
  });

  it('answers CORS preflights on the API as Supabase does, so the SPA may run on another origin', async () => {
    const res = await fetch(server.url + '/rest/v1/projects', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'apikey,authorization,prefer' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(res.headers.get('access-control-allow-headers')).toEqual(expect.stringContaining('apikey'));
    expect(res.headers.get('access-control-allow-headers')).toEqual(expect.stringContaining('prefer'));
  });

  it('lets another origin read API answers and their Content-Range, with the security headers too', async () => {
    const res = await fetch(server.url + '/rest/v1/projects?select=id&limit=1', {
      headers: { origin: 'http://localhost:5173', apikey: server.anonKey, prefer: 'count=exact' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toContain('content-range');
    expect(res.headers.get('content-range')).toMatch(/\/0$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('keeps the site pages out of CORS: only the API answers other origins', async () => {
    const res = await fetch(server.url + '/', { headers: { origin: 'http://elsewhere.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
