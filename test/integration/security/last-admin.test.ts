import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { userRow } from '../admin-fixtures.ts';

/** The only admin could delete their account (L9); a moderator's own project: moderator-own-project.test.ts. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function invoke(user: TestUser, name: string, body: Record<string, unknown>) {
  const { data, error } = await user.client.functions.invoke(name, { body });
  const context = (error as { context?: Response } | null)?.context;
  return { data, status: context?.status ?? 200, message: context ? ((await context.json()) as { message: string }).message : undefined };
}

describe('the site keeps an admin', () => {
  it('the last admin cannot delete their account, demote or ban themselves; with a second admin they can leave', async () => {
    // This suite's other admins leave first: only `last` remains.
    await server.ctx.db.query(`update auth.users set raw_app_meta_data = raw_app_meta_data - 'role' where raw_app_meta_data ->> 'role' = 'admin'`);
    const last = await server.createUser({ appRole: 'admin' });
    const refused = await invoke(last, 'delete-account', {});
    expect(refused.status).toBe(409);
    expect(refused.message).toBe('You are the only admin. Make someone else an admin before deleting your account.');
    expect((await userRow(server, last.id)).role).toBe('admin');
    expect((await last.client.rpc('set_user_role', { user_id: last.id, new_role: 'user' })).error?.message).toBe('You cannot change your own role');
    expect((await last.client.rpc('set_user_ban', { user_id: last.id, banned: true })).error?.message).toBe('You cannot ban yourself');

    const next = await server.createUser();
    expect((await last.client.rpc('set_user_role', { user_id: next.id, new_role: 'admin' })).error).toBeNull();
    expect((await invoke(last, 'delete-account', {})).status).toBe(200);
    expect((await server.ctx.db.query(`select 1 from auth.users where id = $1`, [last.id])).rows).toHaveLength(0);
    // A banned admin does not count as the one who keeps the site.
    await server.ctx.db.query(`update auth.users set banned_until = now() + interval '1 day' where raw_app_meta_data ->> 'role' = 'admin' and id <> $1`, [next.id]);
    expect((await invoke(next, 'delete-account', {})).status).toBe(409);
  });
});
