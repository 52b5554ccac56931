import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISK_FULL_MESSAGE } from '../../../server/ops/disk-gate.ts';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';

/**
 * Writes are refused while the disk holding DATA_DIR has less free space than the reserve (here a
 * reserve no disk has, so the guard is low from the start); reads go on. The real full disk, and
 * space coming back, are in disk-full.root.test.ts.
 */
let server: TestServer;
let user: TestUser;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer({ DISK_RESERVE_MB: String(1024 * 1024 * 1024) });
  user = await server.createUser({ name: 'Dana' });
  // Set up straight in the database: the API refuses writes from the start.
  await server.ctx.db.query(`insert into public.creators (id, name) values ($1, 'Dana')`, [user.id]);
  const { rows } = await server.ctx.db.query<{ id: string }>(
    `insert into public.projects (title, description, tool, category, creator_id, status) values ('Full', 'd', 'Cursor', 'App', $1, 'approved') returning id`,
    [user.id],
  );
  projectId = rows[0]!.id;
});
afterAll(() => server?.close());

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(4000, 1)]);

describe('a disk under the reserve', () => {
  it('refuses uploads with 507 and a clear message, leaving no file behind', async () => {
    const { error } = await user.client.storage.from('project-images').upload(`${user.id}/full.png`, png, { contentType: 'image/png' });
    expect(error).toMatchObject({ statusCode: '507', message: DISK_FULL_MESSAGE });
    expect(readdirSync(server.ctx.storage.stagingDir)).toEqual([]);
    const { rows } = await server.ctx.db.query(`select 1 from storage.objects where name = $1`, [`${user.id}/full.png`]);
    expect(rows).toEqual([]);
  });

  it('keeps reads working', async () => {
    const { data, error } = await server.anon().from('projects').select('id').eq('id', projectId);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: projectId }]);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect(await (await fetch(`${server.url}/readyz`)).json()).toMatchObject({ disk: 'low' });
  });

  it('refuses database writes on PGlite, whose files are on that disk, and lets them through on Postgres', async () => {
    const { error, status } = await user.client.from('project_comments').insert({ project_id: projectId, content: 'on a full disk' });
    const { error: authError } = await server.anon().auth.signUp({ email: `full-${Date.now()}@example.test`, password: 'a-long-password-1' });
    if (server.ctx.db.kind === 'pglite') {
      expect(status).toBe(507);
      expect(error).toMatchObject({ code: '53100', message: DISK_FULL_MESSAGE, hint: 'Check free disk space.' });
      expect(authError?.status).toBe(507);
      const { rows } = await server.ctx.db.query(`select 1 from public.project_comments where content = 'on a full disk'`);
      expect(rows).toEqual([]);
    } else {
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(authError).toBeNull();
    }
  });

  it('holds timed jobs on PGlite (a checkpoint may need a new WAL segment), and runs them on Postgres', async () => {
    const ran = await server.runJobs();
    if (server.ctx.db.kind === 'pglite') expect(ran).toEqual([]);
    else expect(ran.map((o) => o.name)).toContain('sweep-orphan-files');
  });
});
