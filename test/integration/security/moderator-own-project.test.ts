import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { makeCreator, makeProject, projectRow } from '../admin-fixtures.ts';

/**
 * A moderator never changes the status of a project they make, as its owner or as a co-maker, by
 * any path: PATCH /rest/v1/projects, rpc review_project, the admin-review-project function
 * (decision 105). Another moderator's review goes through on each path; admins run the site and may.
 */
let server: TestServer;
let moderator: TestUser;
let colleague: TestUser;
let other: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  moderator = await server.createUser({ appRole: 'moderator' });
  colleague = await server.createUser({ appRole: 'moderator' });
  other = await server.createUser();
  await makeCreator(server, moderator);
});
afterAll(() => server?.close());

async function invoke(user: TestUser, name: string, body: Record<string, unknown>) {
  const { error } = await user.client.functions.invoke(name, { body });
  const context = (error as { context?: Response } | null)?.context;
  return { status: context?.status ?? 200, message: context ? ((await context.json()) as { message: string }).message : undefined };
}

type Path = 'patch' | 'rpc' | 'function';
const PATHS: Path[] = ['patch', 'rpc', 'function'];

/** Approves (or rejects) through one path; the refusal's message, or null when it went through. */
async function review(user: TestUser, projectId: string, path: Path, action: 'approve' | 'reject'): Promise<string | null> {
  const reason = 'Looks fine to me';
  if (path === 'patch') {
    const change = action === 'approve' ? { status: 'approved' } : { status: 'rejected', rejection_reason: reason };
    const { data, error } = await user.client.from('projects').update(change).eq('id', projectId).select('id');
    if (error) return error.message;
    return data?.length === 1 ? null : 'no row changed';
  }
  if (path === 'rpc') {
    const { error } = await user.client.rpc('review_project', { project_id: projectId, action, reason });
    return error ? error.message : null;
  }
  const res = await invoke(user, 'admin-review-project', { projectId, action, reason });
  return res.status === 200 ? null : `${res.status} ${res.message}`;
}

async function coMadeProject(): Promise<string> {
  const id = await makeProject(server, other, { title: 'Co-made' });
  await server.ctx.db.query(`insert into public.project_makers (project_id, user_id, role) values ($1, $2, 'maker')`, [id, moderator.id]);
  return id;
}

describe('a moderator and their own project', () => {
  for (const path of PATHS) {
    it(`${path}: a moderator can neither approve nor reject a project they own`, async () => {
      const own = await makeProject(server, moderator, { title: 'Mine' });
      for (const action of ['approve', 'reject'] as const) {
        expect(await review(moderator, own, path, action), action).toMatch(/You cannot review your own project/);
      }
      expect((await projectRow(server, own))!.status).toBe('pending');
    });

    it(`${path}: a moderator can neither approve nor reject a project they co-make`, async () => {
      const coMade = await coMadeProject();
      for (const action of ['approve', 'reject'] as const) {
        expect(await review(moderator, coMade, path, action), action).toMatch(/You cannot review your own project/);
      }
      expect((await projectRow(server, coMade))!.status).toBe('pending');
    });

    it(`${path}: another moderator approves and rejects them`, async () => {
      const own = await makeProject(server, moderator, { title: 'Mine' });
      const coMade = await coMadeProject();
      expect(await review(colleague, own, path, 'approve')).toBeNull();
      expect((await projectRow(server, own))!.status).toBe('approved');
      expect(await review(colleague, coMade, path, 'reject')).toBeNull();
      expect((await projectRow(server, coMade))!.status).toBe('rejected');
    });
  }

  it('a moderator’s edit of their own published project goes back through review, as any maker’s', async () => {
    const own = await makeProject(server, moderator, { title: 'Mine', status: 'approved' });
    const { error } = await moderator.client.from('projects').update({ title: 'Swapped for something else' }).eq('id', own);
    expect(error).toBeNull();
    expect((await projectRow(server, own))!.status).toBe('pending');
  });

  it('an admin, who runs the site, may still publish their own project', async () => {
    const admin = await server.createUser({ appRole: 'admin' });
    const own = await makeProject(server, admin, { title: 'Admin’s own' });
    expect((await invoke(admin, 'admin-review-project', { projectId: own, action: 'approve' })).status).toBe(200);
  });
});
