import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../support/server.ts';
import { makeProject, projectRow } from './admin-fixtures.ts';

let server: TestServer;
let admin: TestUser;
let moderator: TestUser;
let maker: TestUser;
let visitor: ReturnType<TestServer['anon']>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createUser({ appRole: 'admin' });
  moderator = await server.createUser({ appRole: 'moderator' });
  maker = await server.createUser();
  visitor = server.anon();
});
afterAll(() => server?.close());

const publicIds = async () => ((await visitor.from('projects').select('id')).data ?? []).map((p) => p.id);

describe('review_project', () => {
  it('approving makes the project public at once', async () => {
    const id = await makeProject(server, maker);
    expect(await publicIds()).not.toContain(id);
    const { data, error } = await moderator.client.rpc('review_project', { project_id: id, action: 'approve' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ id, status: 'approved', creator_id: maker.id, deleted: false });
    expect(await publicIds()).toContain(id);
  });

  it('rejecting needs a reason, which the maker reads on their own project', async () => {
    const id = await makeProject(server, maker);
    const noReason = await admin.client.rpc('review_project', { project_id: id, action: 'reject', reason: '   ' });
    expect(noReason.error?.message).toMatch(/reason/);
    expect((await projectRow(server, id))!.status).toBe('pending');
    const tooLong = await admin.client.rpc('review_project', { project_id: id, action: 'reject', reason: 'x'.repeat(501) });
    expect(tooLong.error?.message).toMatch(/too long/);

    const { error } = await moderator.client.rpc('review_project', { project_id: id, action: 'reject', reason: 'Add a screenshot' });
    expect(error).toBeNull();
    const mine = await maker.client.from('projects').select('status, rejection_reason').eq('id', id).single();
    expect(mine.data).toEqual({ status: 'rejected', rejection_reason: 'Add a screenshot' });
    expect(await publicIds()).not.toContain(id);
  });

  it('admins feature and unfeature approved projects; moderators may not', async () => {
    const id = await makeProject(server, maker, { status: 'approved' });
    const asModerator = await moderator.client.rpc('review_project', { project_id: id, action: 'feature' });
    expect(asModerator.error?.message).toBe('Only admins can feature, unfeature or delete projects');
    expect((await projectRow(server, id))!.featured).toBe(false);

    expect((await admin.client.rpc('review_project', { project_id: id, action: 'feature' })).error).toBeNull();
    const featured = await visitor.from('projects').select('id').eq('featured', true);
    expect(featured.data!.map((p) => p.id)).toContain(id);
    expect((await admin.client.rpc('review_project', { project_id: id, action: 'unfeature' })).error).toBeNull();
    expect((await projectRow(server, id))!.featured).toBe(false);

    const pending = await makeProject(server, maker);
    const notApproved = await admin.client.rpc('review_project', { project_id: pending, action: 'feature' });
    expect(notApproved.error?.message).toBe('Only approved projects can be featured');
  });

  it('rejecting a featured project takes it off the home page too', async () => {
    const id = await makeProject(server, maker, { status: 'approved', featured: true });
    await admin.client.rpc('review_project', { project_id: id, action: 'reject', reason: 'Broken link' });
    expect(await projectRow(server, id)).toMatchObject({ status: 'rejected', featured: false });
  });

  it('admins delete; moderators and makers cannot through this function', async () => {
    const id = await makeProject(server, maker, { status: 'approved' });
    expect((await moderator.client.rpc('review_project', { project_id: id, action: 'delete' })).error?.message).toBe(
      'Only admins can feature, unfeature or delete projects',
    );
    expect((await maker.client.rpc('review_project', { project_id: id, action: 'approve' })).error?.message).toBe(
      "You don't have admin permissions to review projects",
    );
    const { data, error } = await admin.client.rpc('review_project', { project_id: id, action: 'delete' });
    expect(error).toBeNull();
    expect(data.deleted).toBe(true);
    expect(await projectRow(server, id)).toBeUndefined();
  });

  it('refuses visitors, unknown projects and unknown actions', async () => {
    const id = await makeProject(server, maker);
    expect((await visitor.rpc('review_project', { project_id: id, action: 'approve' })).error).not.toBeNull();
    expect(
      (await admin.client.rpc('review_project', { project_id: '00000000-0000-4000-8000-000000000000', action: 'approve' })).error?.message,
    ).toBe('Project not found');
    expect((await admin.client.rpc('review_project', { project_id: id, action: 'publish' })).error?.message).toMatch(/Unknown action/);
    expect((await projectRow(server, id))!.status).toBe('pending');
  });
});
