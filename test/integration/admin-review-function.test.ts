import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevMailbox } from '../../server/mail/dev-mailbox.ts';
import { startTestServer, type TestServer, type TestUser } from '../support/server.ts';
import { makeProject, projectRow } from './admin-fixtures.ts';

let server: TestServer;
let admin: TestUser;
let moderator: TestUser;
let maker: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createUser({ appRole: 'admin' });
  moderator = await server.createUser({ appRole: 'moderator' });
  maker = await server.createUser({ email: 'maker@example.test' });
});
afterAll(() => server?.close());

/** Review mail goes through the outbox (issue 15); drain it as the kick or the job would. */
async function mailTo(to: string) {
  await server.ctx.outbox.drain();
  return (server.ctx.mailer as DevMailbox).list().filter((m) => m.to === to);
}

async function invoke(user: TestUser | null, body: Record<string, unknown>) {
  const client = user ? user.client : server.anon();
  const { data, error } = await client.functions.invoke('admin-review-project', { body });
  const context = (error as { context?: Response } | null)?.context;
  return { data, status: context?.status ?? 200, message: context ? ((await context.json()) as { message: string }).message : undefined };
}

describe('/functions/v1/admin-review-project', () => {
  it('approving e-mails the maker a link to the live project', async () => {
    const id = await makeProject(server, maker, { title: 'Mail Me' });
    const res = await invoke(moderator, { projectId: id, action: 'approve' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ project: { id, status: 'approved' } });
    const mail = (await mailTo('maker@example.test')).find((m) => m.subject.includes('Mail Me'))!;
    expect(mail.subject).toBe('Your project Mail Me was approved');
    expect(mail.text).toContain(`${server.url}/projects/${id}`);
  });

  it('rejecting e-mails the reason, escaped in the HTML part', async () => {
    const id = await makeProject(server, maker, { title: 'Nope' });
    const res = await invoke(admin, { projectId: id, action: 'reject', reason: 'Add <b>screenshots</b>' });
    expect(res.status).toBe(200);
    const mail = (await mailTo('maker@example.test')).find((m) => m.subject.includes('Nope'))!;
    expect(mail.text).toContain('Reason: Add <b>screenshots</b>');
    expect(mail.html).toContain('Add &lt;b&gt;screenshots&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>');
  });

  it('sends nothing when Email Notifications is off', async () => {
    await admin.client.from('site_settings').update({ email_notifications: false }).eq('id', true);
    const id = await makeProject(server, maker, { title: 'Quiet One' });
    const res = await invoke(admin, { projectId: id, action: 'approve' });
    expect(res.status).toBe(200);
    expect((await mailTo('maker@example.test')).some((m) => m.subject.includes('Quiet One'))).toBe(false);
    await admin.client.from('site_settings').update({ email_notifications: true }).eq('id', true);
  });

  it('refuses users and visitors with the database’s words, changing nothing and sending nothing', async () => {
    const id = await makeProject(server, maker, { title: 'Sneaky' });
    const asMaker = await invoke(maker, { projectId: id, action: 'approve' });
    expect(asMaker.status).toBe(403);
    expect(asMaker.message).toBe("You don't have admin permissions to review projects");
    const asVisitor = await invoke(null, { projectId: id, action: 'approve' });
    expect(asVisitor.status).toBe(401);
    expect((await projectRow(server, id))!.status).toBe('pending');
    expect((await mailTo('maker@example.test')).some((m) => m.subject.includes('Sneaky'))).toBe(false);
  });

  it('answers bad input and unknown projects clearly', async () => {
    expect((await invoke(admin, { projectId: 'nope', action: 'approve' })).status).toBe(400);
    expect((await invoke(admin, { projectId: '00000000-0000-4000-8000-000000000000', action: 'approve' })).status).toBe(404);
    const id = await makeProject(server, maker);
    const missingReason = await invoke(admin, { projectId: id, action: 'reject' });
    expect(missingReason.status).toBe(400);
    expect(missingReason.message).toMatch(/reason/);
    expect((await invoke(admin, { projectId: id, action: 'launch' })).status).toBe(400);
  });
});
