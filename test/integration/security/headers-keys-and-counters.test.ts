import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { makeProject } from '../admin-fixtures.ts';
import { BROWSER, sendBeacon } from '../analytics/analytics-support.ts';
import { gotrue, PASSWORD, uniqueEmail } from '../auth-support.ts';

/** Response headers, the newsletter's answer, view counts, reports that outlive their reporter, keys in the URL. */
let server: TestServer;
let admin: TestUser;
let projectId: string;
beforeAll(async () => {
  const web = mkdtempSync(join(tmpdir(), 'showcase-web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><html><head><title>x</title><meta name="description" content="x" /></head><body></body></html>');
  server = await startTestServer({ WEB_DIST_DIR: web, TRUST_PROXY: '127.0.0.1', RATE_LIMIT_BEACONS: '3/3600' });
  admin = await server.createUser({ appRole: 'admin' });
  projectId = await makeProject(server, admin, { status: 'approved' });
});
afterAll(() => server?.close());

describe('headers', () => {
  it('auth answers and user data carry Cache-Control: no-store', async () => {
    const email = uniqueEmail('i2');
    const signup = await gotrue(server, 'POST', '/signup', { email, password: PASSWORD });
    const token = signup.body.access_token as string;
    const responses = [
      signup,
      await gotrue(server, 'POST', '/token?grant_type=password', { email, password: PASSWORD }),
      await gotrue(server, 'GET', '/user', undefined, { authorization: `Bearer ${token}` }),
      await fetch(`${server.url}/rest/v1/rpc/admin_list_users`, { method: 'POST', headers: { apikey: server.anonKey, authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' }, body: '{}' }),
      await fetch(`${server.url}/rest/v1/reports?select=id`, { headers: { apikey: server.anonKey, authorization: `Bearer ${admin.token}` } }),
      await fetch(`${server.url}/rest/v1/newsletter_subscriptions?select=id`, { headers: { apikey: server.anonKey, authorization: `Bearer ${admin.token}` } }),
      await fetch(`${server.url}/functions/v1/delete-account`, { method: 'POST', headers: { apikey: server.anonKey } }),
    ];
    for (const res of responses) expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('the CSP allows no inline styles but the page’s own nonce, and images from https only', async () => {
    const page = await fetch(`${server.url}/projects`);
    const csp = page.headers.get('content-security-policy')!;
    const nonce = (await page.text()).match(/<meta name="csp-nonce" content="([^"]+)"/)![1]!;
    expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("img-src 'self' data: blob: https:;");
    // Every page load gets its own nonce.
    const again = await (await fetch(`${server.url}/projects`)).text();
    expect(again).not.toContain(nonce);
    // Everything else: no nonce at all.
    const api = await fetch(`${server.url}/rest/v1/projects?select=id`, { headers: { apikey: server.anonKey } });
    expect(api.headers.get('content-security-policy')).toContain("style-src 'self';");
  });
});

describe('newsletter', () => {
  it('subscribe_newsletter refuses a JSON array, an object or a number sent for the address, storing nothing', async () => {
    for (const email of [['x@b.co'], { a: 'x@b.co' }, 5, '"x"@b.co', 'x@b.co;drop']) {
      const { error } = await server.anon().rpc('subscribe_newsletter', { email });
      expect(error?.code, JSON.stringify(email)).toBe('22023');
    }
    expect((await server.ctx.db.query(`select 1 from public.newsletter_subscriptions where email like '%x@b.co%'`)).rows).toHaveLength(0);
    expect((await server.anon().rpc('subscribe_newsletter', { email: 'Real.Person+news@Example.co.uk' })).error).toBeNull();
  });
});

describe('view counts', () => {
  it('a visitor counts once per project per day, and an address sends only RATE_LIMIT_BEACONS beacons', async () => {
    // Each beacon comes through the trusted proxy from an address of its own.
    const view = (ip: string, userAgent = BROWSER) => sendBeacon(server, { view: projectId }, { ip, userAgent });
    const views = async () =>
      (await server.ctx.db.query<{ n: number }>(`select count(*)::int as n from platform.analytics_events where project_id = $1 and kind = 'view'`, [projectId])).rows[0]!.n;
    expect((await view('203.0.113.1')).status).toBe(204);
    expect((await view('203.0.113.1')).status).toBe(204);
    expect(await views()).toBe(1);
    expect((await view('203.0.113.1', BROWSER.replace('Chrome/131', 'Chrome/130'))).status).toBe(204);
    expect(await views()).toBe(2);
    // A fourth beacon from the same address, with yet another user agent: refused and not counted.
    const forged = await view('203.0.113.1', BROWSER.replace('Chrome/131', 'Chrome/129'));
    expect(forged.status).toBe(429);
    expect(await views()).toBe(2);
    expect((await view('203.0.113.2')).status).toBe(204);
    expect(await views()).toBe(3);
  });
});

describe('reports survive the reported account', () => {
  it('deleting an account keeps the reports about it and its projects, with their labels', async () => {
    const bad = await server.createUser();
    const reporter = await server.createUser();
    const project = await makeProject(server, bad, { status: 'approved', title: 'Spam project' });
    expect((await reporter.client.from('reports').insert({ type: 'user', target_id: bad.id, reason: 'Abuse' })).error).toBeNull();
    expect((await reporter.client.from('reports').insert({ type: 'project', target_id: project, reason: 'Spam' })).error).toBeNull();
    expect((await bad.client.functions.invoke('delete-account', { body: {} })).error).toBeNull();
    const { rows } = await server.ctx.db.query<{ reported_item: string }>(
      `select reported_item from public.reports where target_id = any($1::uuid[]) order by type`,
      [[bad.id, project]],
    );
    expect(rows.map((r) => r.reported_item)).toEqual(['Spam project', 'User: Maker']);
  });
});

describe('keys in the URL', () => {
  it('?apikey= accepts the anon key only; a user token or the service_role key in a URL is refused', async () => {
    expect((await fetch(`${server.url}/rest/v1/projects?select=id&apikey=${server.anonKey}`)).status).toBe(200);
    for (const key of [admin.token, server.serviceRoleKey]) {
      const res = await fetch(`${server.url}/rest/v1/projects?select=id&apikey=${key}`);
      expect(res.status).toBe(401);
      expect((await res.json()).message).toMatch(/Only the anon key may be sent in the URL/);
      const storage = await fetch(`${server.url}/storage/v1/object/info/project-images/x.png?apikey=${key}`);
      expect(storage.status).toBe(400);
    }
    // In a header the same keys work.
    expect((await fetch(`${server.url}/rest/v1/projects?select=id`, { headers: { apikey: server.serviceRoleKey } })).status).toBe(200);
  });
});
