import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noisePng, signIn, toast } from './accounts-support.ts';
import { seriousA11yViolations, startApp, watchErrors, type E2EApp } from './support/app.ts';

/** Profile › Delete account: the person and everything they published leave the public site. */
let app: E2EApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

async function someApprovedProject(): Promise<{ id: string; title: string }> {
  const { data, error } = await app.anon().from('projects').select('id,title').eq('status', 'approved').limit(1).single();
  if (error) throw error;
  return data as { id: string; title: string };
}

describe('delete account', () => {
  it('asks for DELETE, then removes the account, its project, image and comment from the public pages', async () => {
    const user = await app.createUser({ name: 'Leaving Lee' });
    const other = await someApprovedProject();
    const comment = `Farewell comment ${Date.now()}`;
    expect((await user.client.from('project_comments').insert({ project_id: other.id, content: comment })).error).toBeNull();
    const key = `${user.id}/leaving.png`;
    const upload = await user.client.storage.from('project-images').upload(key, await noisePng(40, 30), { contentType: 'image/png' });
    expect(upload.error).toBeNull();
    const imageUrl = user.client.storage.from('project-images').getPublicUrl(key).data.publicUrl;
    // A published project of theirs: set up directly, the way an approval would leave it.
    await app.server.ctx.db.query(`insert into public.creators (id, name) values ($1, 'Leaving Lee') on conflict (id) do nothing`, [user.id]);
    const { rows } = await app.server.ctx.db.query<{ id: string }>(
      `insert into public.projects (title, description, tool, category, creator_id, status, image_url)
       values ('Lee’s Last Launch', 'Built before leaving', 'Cursor', 'App', $1, 'approved', $2) returning id`,
      [user.id, imageUrl],
    );
    const ownProject = rows[0]!.id;
    expect((await fetch(imageUrl)).status).toBe(200);

    const page = await app.newPage();
    const errors = watchErrors(page);
    await page.goto(`/projects/${other.id}`);
    await page.getByText(comment).waitFor();
    await page.goto(`/projects/${ownProject}`);
    await page.getByRole('heading', { name: 'Lee’s Last Launch' }).waitFor();

    await signIn(page, user.email, user.password);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Delete account' }).waitFor();
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    const field = dialog.getByLabel('Type DELETE or your e-mail address to confirm');
    expect(await confirm.isDisabled()).toBe(true);
    await field.fill('delete');
    expect(await confirm.isDisabled()).toBe(true);
    // Cancelling keeps the account.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await app.service().auth.admin.getUserById(user.id)).data.user?.id).toBe(user.id);

    await page.getByRole('button', { name: 'Delete account' }).click();
    await field.fill('DELETE');
    await confirm.click();
    await page.waitForURL((u) => u.pathname === '/');
    await toast(page, 'Your account has been deleted.').waitFor();
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();

    await page.goto(`/projects/${other.id}`);
    await page.getByRole('heading', { name: other.title }).waitFor();
    expect(await page.getByText(comment).count()).toBe(0);
    await page.goto(`/projects/${ownProject}`);
    await page.getByText('Project not found').waitFor();
    // Storage answers a missing object with HTTP 400 and the real status in the body, as Supabase does.
    const image = await fetch(imageUrl);
    expect(await image.json()).toMatchObject({ statusCode: '404', error: 'not_found' });

    const again = await app.anon().auth.signInWithPassword({ email: user.email, password: user.password });
    expect(again.error).not.toBeNull();
    expect(errors.pageErrors).toEqual([]);
  });
});
