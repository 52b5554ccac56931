import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, toast } from './accounts-support.ts';
import { startApp, type E2EApp } from './support/app.ts';

/**
 * Issue 36 item 5 in the browser: an admin reviews a project and finds the review in Admin › Audit
 * Log (decision 263); /moderation shows removals only once an admin makes it public (decision 264).
 */
let app: E2EApp;
let admin: Awaited<ReturnType<E2EApp['createUser']>>;

beforeAll(async () => {
  app = await startApp();
  admin = await app.createUser({ name: 'Audrey Admin' });
  // Arranged on the database, as the operator's `npm run admin -- grant` would (admin-panel.test.ts runs the CLI itself).
  await app.server.ctx.db.query(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"admin"}' where id = $1`, [admin.id]);
});
afterAll(async () => {
  await app?.close();
});

async function pendingProject(title: string): Promise<string> {
  const maker = await app.createUser({ name: `Maker ${title}` });
  const creator = await maker.client.from('creators').upsert({ id: maker.id, name: `Maker ${title}` });
  if (creator.error) throw creator.error;
  const { data, error } = await maker.client
    .from('projects')
    .insert({ title, description: 'Built over a weekend', tool: 'Lovable', category: 'App', creator_id: maker.id })
    .select('id')
    .single();
  if (error) throw error;
  return (data as { id: string }).id;
}

describe('the staff audit log', () => {
  it('an admin approves a project and sees the approval in the audit log', async () => {
    const projectId = await pendingProject('Audited Approval');
    const page = await app.newPage();
    await signIn(page, admin.email, admin.password);
    await page.goto('/admin/projects');
    await page.locator(`tr[data-project-id="${projectId}"]`).getByRole('button', { name: 'Approve' }).click();
    await toast(page, 'Project approved. It is now public.').waitFor();

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit Log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
    const row = page.locator('tr[data-audit-action="project.approve"]').filter({ hasText: 'Audited Approval' });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain(admin.email);
    expect(await row.innerText()).toContain('Project approved');

    // The action filter keeps it; another action's filter leaves it out.
    await page.getByLabel('Action').selectOption('user.ban');
    await row.waitFor({ state: 'detached' });
    await page.getByLabel('Action').selectOption('project.approve');
    await row.waitFor();
  });
});

describe('the public moderation log', () => {
  it('says it is not public until an admin turns it on; then lists a removal with its reason', async () => {
    const projectId = await pendingProject('Soon Removed');
    const adminClient = admin.client;
    expect((await adminClient.from('projects').update({ status: 'approved' }).eq('id', projectId)).error).toBeNull();
    expect((await adminClient.from('projects').update({ status: 'rejected', rejection_reason: 'Copied from another site' }).eq('id', projectId)).error).toBeNull();

    const visitor = await app.newPage();
    await visitor.goto('/moderation');
    await visitor.getByText('The moderation log is not public on this site.').waitFor();

    expect((await adminClient.from('site_settings').update({ public_moderation_log: true }).eq('id', true)).error).toBeNull();
    await visitor.reload();
    const entry = visitor.locator('[data-moderation-action="project.remove"]').first();
    await entry.waitFor();
    expect(await entry.innerText()).toContain('A moderator took a project out of the showcase');
    expect(await entry.innerText()).toContain('Reason: Copied from another site');
    expect(await visitor.locator('main').innerText()).not.toContain(admin.email);
  });
});
