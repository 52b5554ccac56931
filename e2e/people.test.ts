import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, toast } from './accounts-support.ts';
import { seriousA11yViolations, startApp, watchErrors, type E2EApp } from './support/app.ts';

/**
 * Issue 18's journey: an owner invites a co-maker who accepts and edits; a visitor replies to a
 * comment and sees the Maker badge on the maker's answer; a user follows the maker, bookmarks the
 * project, adds it to a public collection, and another visitor opens the collection's link.
 */
let app: E2EApp;
let owner: Awaited<ReturnType<E2EApp['createUser']>>;
let projectId: string;

beforeAll(async () => {
  app = await startApp();
  owner = await app.createUser({ name: 'Mara Maker' });
  projectId = await approvedProject(owner.client, owner.id, 'Recipe Radar');
});
afterAll(async () => {
  await app?.close();
});

async function approvedProject(client: SupabaseClient, id: string, title: string): Promise<string> {
  await client.from('creators').upsert({ id, name: 'Mara Maker' });
  const { data, error } = await client
    .from('projects')
    .insert({ title, description: 'Finds recipes in your fridge', tool: 'Lovable', category: 'App', creator_id: id, upvotes: 0, featured: false })
    .select('id')
    .single();
  expect(error).toBeNull();
  const created = (data as { id: string }).id;
  // A demo project's image, so the edit form has the image it requires.
  const { data: demo } = await app.service().from('projects').select('image_url').not('image_url', 'is', null).limit(1).single();
  await app.service().from('projects').update({ status: 'approved', image_url: (demo as { image_url: string }).image_url }).eq('id', created);
  return created;
}

describe('people and discussion', () => {
  it('an owner invites a co-maker who accepts and edits the project', async () => {
    const comaker = await app.createUser({ name: 'Cody Comaker' });
    const ownerPage = await app.newPage();
    const errors = watchErrors(ownerPage);
    await signIn(ownerPage, owner.email, owner.password);
    await ownerPage.goto(`/projects/${projectId}`);
    await ownerPage.getByRole('textbox', { name: 'Invite a co-maker by e-mail' }).fill(comaker.email);
    await ownerPage.getByRole('button', { name: 'Invite', exact: true }).click();
    await toast(ownerPage, 'Invitation sent').waitFor();
    await ownerPage.getByRole('list', { name: 'Pending invitations' }).getByText(`${comaker.email.toLowerCase()} (pending)`).waitFor();

    // The invitee accepts from /invitations (where the notification points).
    const page = await app.newPage({ width: 375, height: 800 });
    await signIn(page, comaker.email, comaker.password);
    await page.goto('/invitations');
    const invitation = page.getByTestId('invitation').filter({ hasText: 'Recipe Radar' });
    await invitation.getByText('Mara Maker').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await invitation.getByRole('button', { name: 'Accept' }).click();
    await toast(page, 'You are now a co-maker').waitFor();

    // They edit it from My Projects, as the owner would; it goes back to review.
    await page.goto('/my-projects');
    await page.getByRole('heading', { name: 'Projects you co-make' }).waitFor();
    // With none of their own, they are told so in a line, not with the big "No projects yet".
    await page.getByText('You have not submitted a project of your own yet.').waitFor();
    expect(await page.getByRole('heading', { name: 'No projects yet' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Edit Recipe Radar' }).click();
    await page.getByLabel('Detailed description').fill('Now built by two makers.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).waitFor({ state: 'detached' });
    const { data } = await app.service().from('projects').select('long_description, status').eq('id', projectId).single();
    expect(data).toEqual({ long_description: 'Now built by two makers.', status: 'pending' });

    // The owner's project page lists the co-maker.
    await app.service().from('projects').update({ status: 'approved' }).eq('id', projectId);
    await ownerPage.reload();
    await ownerPage.getByTestId('co-maker').filter({ hasText: 'Cody Comaker' }).waitFor();
    expect(errors.pageErrors).toEqual([]);
  });

  it('a visitor replies to a comment, sees the Maker badge, follows the maker, bookmarks and collects the project; another visitor opens the collection', async () => {
    const asker = await app.createUser({ name: 'Ana Asker' });
    const visitor = await app.createUser({ name: 'Vic Visitor' });
    const { data: question } = await asker.client.from('project_comments').insert({ project_id: projectId, content: 'Does it work offline?' }).select('id').single();
    await owner.client.from('project_comments').insert({ project_id: projectId, parent_id: (question as { id: string }).id, content: 'Yes, fully offline.' });

    const page = await app.newPage();
    const errors = watchErrors(page);
    await signIn(page, visitor.email, visitor.password);
    await page.goto(`/projects/${projectId}`);
    const thread = page.getByTestId('comment').filter({ hasText: 'Does it work offline?' }).first();
    await thread.getByText('Yes, fully offline.').waitFor();
    const answer = page.getByTestId('comment').filter({ hasText: 'Yes, fully offline.' }).last();
    expect(await answer.getByTestId('maker-badge').textContent()).toBe('Maker');

    // Reply to the maker's answer: it shows in the same thread, naming whom it answers.
    await answer.getByRole('button', { name: 'Reply' }).click();
    await page.getByRole('textbox', { name: 'Reply to Mara Maker' }).fill('Great, thanks!');
    await page.getByRole('button', { name: 'Post Reply' }).click();
    await thread.getByTestId('comment-content').filter({ hasText: 'Great, thanks!' }).waitFor();
    expect(await thread.getByTestId('comment-content').filter({ hasText: 'Great, thanks!' }).textContent()).toContain('@Mara Maker');
    // Upvote the maker's answer.
    await answer.getByRole('button', { name: 'Upvote comment by Mara Maker, 0 upvotes' }).click();
    await answer.getByRole('button', { name: 'Upvote comment by Mara Maker, 1 upvote' }).waitFor();

    // Follow the maker, bookmark the project, add it to a new public collection.
    await page.getByRole('button', { name: 'Follow Mara Maker' }).click();
    await page.getByRole('button', { name: 'Following Mara Maker' }).waitFor();
    await page.getByRole('button', { name: 'Bookmark', exact: true }).click();
    await page.getByRole('button', { name: 'Bookmarked' }).waitFor();
    await page.getByRole('button', { name: 'Add to collection' }).click();
    await page.getByRole('textbox', { name: 'New collection' }).fill('Kitchen helpers');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('button', { name: /Kitchen helpers/, pressed: true }).waitFor();
    await page.keyboard.press('Escape');

    // /following and /bookmarks list it; the collection has its page.
    await page.goto('/following');
    await page.getByRole('link', { name: 'Recipe Radar' }).first().waitFor();
    await page.goto('/bookmarks');
    await page.getByRole('link', { name: 'Recipe Radar' }).first().waitFor();
    await page.getByRole('link', { name: 'Kitchen helpers' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/collections/'));
    const shareLink = await page.getByRole('button', { name: 'Copy share link' }).getAttribute('data-share-link');
    expect(shareLink).toBe(page.url());
    expect(errors.pageErrors).toEqual([]);

    // Another visitor, signed out, opens the link; the maker's creator page counts the follower.
    const stranger = await app.newPage({ width: 375, height: 800 });
    await stranger.goto(shareLink!);
    await stranger.getByRole('heading', { level: 1, name: 'Kitchen helpers' }).waitFor();
    await stranger.getByRole('link', { name: 'Recipe Radar' }).first().waitFor();
    expect(await seriousA11yViolations(stranger)).toEqual([]);
    await stranger.goto(`/creators/${owner.id}`);
    expect(await stranger.getByTestId('followers-count').textContent()).toContain('1 follower');
    const feed = await fetch(`${shareLink}/feed.xml`);
    expect(await feed.text()).toContain('<title>Recipe Radar</title>');
  });
});
