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
});
