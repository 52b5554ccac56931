import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeComment, makeProject } from '../admin-fixtures.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';

/** admin_daily_trends: the staff dashboard's 30-day trends (issue 32 item 5, decision 258). */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('the staff dashboard trends', () => {
  it("answers staff one row per day, today's sign-ups, submissions, comments and visitors included; refuses anyone else", async () => {
    const { rows } = await server.ctx.db.query<{ d: string }>(`select showcase_private.site_today()::text as d`);
    const today = rows[0]!.d;
    const maker = await server.createUser();
    const project = await makeProject(server, maker, { status: 'approved' });
    await makeComment(server, maker, project);
    await server.ctx.db.query(`insert into public.project_daily_stats (project_id, day, uniques, views) values ($1, showcase_private.site_today() - 1, 7, 9)`, [project]);

    for (const appRole of ['admin', 'moderator'] as const) {
      const staff = await server.createUser({ appRole });
      const { data, error } = await staff.client.rpc('admin_daily_trends', { days: 30 });
      expect(error).toBeNull();
      expect(data.days).toHaveLength(30);
      expect(data.to_day).toBe(today);
      const last = data.days[29];
      expect(last.day).toBe(today);
      expect(last.signups).toBeGreaterThanOrEqual(1);
      expect(last.submissions).toBeGreaterThanOrEqual(1);
      expect(last.comments).toBeGreaterThanOrEqual(1);
      expect(data.days[28].visitors).toBe(7);
    }

    const member = await server.createUser();
    expect((await member.client.rpc('admin_daily_trends', { days: 30 })).error?.code).toBe('42501');
    expect((await server.anon().rpc('admin_daily_trends', { days: 30 })).error).not.toBeNull();
    const admin = await server.createUser({ appRole: 'admin' });
    expect((await admin.client.rpc('admin_daily_trends', { days: 91 })).error?.code).toBe('22023');
  });
});
