import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { makeProject } from '../admin-fixtures.ts';

/**
 * L1: user input that Postgres or the disk refuses answered 500. Each of the audit's cases now gets
 * the right 4xx in the API's own shape (the fuzz corpus in rest-malformed.test.ts covers the rest).
 */
let server: TestServer;
let alice: TestUser;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser({ name: 'Alice' });
  admin = await server.createUser({ appRole: 'admin' });
});
afterAll(() => server?.close());

const rest = (path: string, init: RequestInit & { token?: string } = {}) =>
  fetch(`${server.url}/rest/v1/${path}`, {
    ...init,
    headers: { apikey: server.anonKey, authorization: `Bearer ${init.token ?? server.anonKey}`, 'content-type': 'application/json', ...init.headers },
  });

describe('every 500 on user input becomes the right 4xx', () => {
  it('a cast to a pseudo-type (::unknown) is a 400 parse error', async () => {
    for (const path of ['content_items?select=id,slug::unknown', 'projects?select=id,title::record', 'projects?select=id,title::anyelement[]']) {
      const res = await rest(path);
      expect(res.status, path).toBe(400);
      expect((await res.json()).code, path).toBe('PGRST100');
    }
    // Ordinary casts still work.
    expect((await rest('projects?select=id,upvotes::text')).status).toBe(200);
  });

  it('a write to a view that joins is 405, and changes nothing', async () => {
    const project = await makeProject(server, alice, { status: 'approved', title: 'Listed' });
    for (const [method, body] of [['PATCH', { title: 'x' }], ['POST', { title: 'x' }], ['DELETE', undefined]] as const) {
      const res = await rest(`project_listing?id=eq.${project}`, { method, token: alice.token, body: body && JSON.stringify(body) });
      expect(res.status, method).toBe(405);
      expect((await res.json()).message, method).toMatch(/^cannot (update|insert into|delete from) view "project_listing"$/);
    }
    const { rows } = await server.ctx.db.query<{ title: string }>(`select title from public.projects where id = $1`, [project]);
    expect(rows[0]!.title).toBe('Listed');
  });

  it('"not found" from set_user_role, set_user_ban, moderate_report and the reports trigger is 404', async () => {
    const missing = randomUUID();
    const calls: Array<[string, () => PromiseLike<{ status: number; error: { code: string } | null }>]> = [
      ['set_user_role', () => admin.client.rpc('set_user_role', { user_id: missing, new_role: 'moderator' })],
      ['set_user_ban', () => admin.client.rpc('set_user_ban', { user_id: missing, banned: true })],
      ['moderate_report', () => admin.client.rpc('moderate_report', { report_id: missing, decision: 'resolved' })],
      ['reports trigger', () => alice.client.from('reports').insert({ type: 'project', target_id: missing, reason: 'Spam' })],
      ['review_project', () => admin.client.rpc('review_project', { project_id: missing, action: 'approve' })],
    ];
    for (const [name, call] of calls) {
      const { status, error } = await call();
      expect(status, name).toBe(404);
      expect(error?.code, name).toBe('PT404');
    }
  });

  it('uploading a key that is already a folder of other keys is 409 Duplicate, and both objects stay', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).png().toBuffer();
    const folder = `${alice.id}/s2/${Date.now()}`;
    const bucket = alice.client.storage.from('project-images');
    expect((await bucket.upload(`${folder}/owned.png`, png, { contentType: 'image/png' })).error).toBeNull();
    const clash = await bucket.upload(folder, png, { contentType: 'image/png' });
    expect((clash.error as { statusCode?: string } | null)?.statusCode).toBe('409');
    const { rows } = await server.ctx.db.query(`select 1 from storage.objects where name = $1`, [folder]);
    expect(rows).toHaveLength(0);
    expect((await fetch(bucket.getPublicUrl(`${folder}/owned.png`).data.publicUrl)).status).toBe(200);
  });
});
