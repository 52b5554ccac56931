import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevMailbox } from '../server/mail/dev-mailbox.ts';
import { signIn } from './accounts-support.ts';
import { seriousA11yViolations, startApp, watchErrors, type E2EApp } from './support/app.ts';

/**
 * Issue 15's journey: a visitor comments; the maker sees the bell's count, opens the inbox and
 * follows the link; the e-mail is in the dev mailbox, and its unsubscribe page works.
 */
let app: E2EApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

describe('notifications', () => {
  it('a maker is told about a visitor’s comment in the bell, the inbox and by e-mail, and can unsubscribe', async () => {
    const maker = await app.createUser({ name: 'Mara Maker' });
    const visitor = await app.createUser({ name: 'Vic Visitor' });
    await maker.client.from('creators').insert({ id: maker.id, name: 'Mara Maker' });
    const { data: project, error } = await maker.client
      .from('projects')
      .insert({ title: 'Recipe Radar', description: 'Finds recipes in your fridge', tool: 'Lovable', category: 'App', creator_id: maker.id, upvotes: 0, featured: false })
      .select('id')
      .single();
    expect(error).toBeNull();
    const projectId = (project as { id: string }).id;
    await app.service().from('projects').update({ status: 'approved' }).eq('id', projectId);
    await maker.client.rpc('mark_notifications_read');

    // The maker, signed in: the bell says nothing is unread.
    const makerPage = await app.newPage();
    const errors = watchErrors(makerPage);
    await signIn(makerPage, maker.email, maker.password);
    await makerPage.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();

    // The visitor comments through the app.
    const visitorPage = await app.newPage();
    await signIn(visitorPage, visitor.email, visitor.password);
    await visitorPage.goto(`/projects/${projectId}`);
    await visitorPage.getByRole('textbox', { name: 'Add a comment' }).fill('Love the fridge scanner!');
    await visitorPage.getByRole('button', { name: 'Post Comment' }).click();
    await visitorPage.getByTestId('comment-content').filter({ hasText: 'Love the fridge scanner!' }).waitFor();
    // A visitor's own action does not light up their bell.
    await visitorPage.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();

    // The maker's next page shows the count; the dropdown shows the comment.
    await makerPage.goto('/projects');
    const bell = makerPage.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor();
    expect(await makerPage.getByTestId('notification-badge').first().textContent()).toBe('1');
    await bell.click();
    const item = makerPage.getByRole('menuitem', { name: /Vic Visitor commented on Recipe Radar/ });
    await item.waitFor();
    expect(await item.textContent()).toContain('Love the fridge scanner!');
    await makerPage.getByRole('menuitem', { name: 'View all notifications' }).click();

    // The inbox lists it; following it opens the project with the comment, and it reads as read.
    await makerPage.waitForURL((u) => u.pathname === '/notifications');
    await makerPage.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    expect(await seriousA11yViolations(makerPage)).toEqual([]);
    await makerPage.getByRole('button', { name: /Vic Visitor commented on Recipe Radar/ }).click();
    await makerPage.waitForURL((u) => u.pathname === `/projects/${projectId}`);
    await makerPage.getByTestId('comment-content').filter({ hasText: 'Love the fridge scanner!' }).waitFor();
    await makerPage.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();

    // The e-mail, read from the dev mailbox itself (not its web page).
    await app.server.ctx.outbox.drain();
    const mailbox = app.server.ctx.mailer as DevMailbox;
    const mail = mailbox.list().find((m) => m.to === maker.email && m.subject === 'Vic Visitor commented on Recipe Radar');
    expect(mail).toBeDefined();
    expect(mail!.text).toContain(`${app.url}/projects/${projectId}`);
    const unsubscribeUrl = mail!.headers?.['List-Unsubscribe']?.match(/<(http[^>]+)>/)?.[1];
    expect(unsubscribeUrl).toBeDefined();
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // Its unsubscribe page: opening it changes nothing; the button does.
    const mailPage = await app.newPage({ width: 375, height: 700 });
    await mailPage.goto(unsubscribeUrl!);
    await mailPage.getByRole('heading', { name: 'Unsubscribe?' }).waitFor();
    expect(await mailPage.textContent('main')).toContain(maker.email);
    expect((await maker.client.from('notification_preferences').select('email')).data).toEqual([]);
    await mailPage.getByRole('button', { name: 'Unsubscribe' }).click();
    await mailPage.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    expect((await maker.client.from('notification_preferences').select('type, email')).data).toEqual([
      { type: 'comment_on_project', email: 'off' },
    ]);

    // The settings page, reached from Profile, shows the change.
    await makerPage.goto('/profile');
    await makerPage.getByRole('link', { name: 'Notification settings' }).click();
    await makerPage.waitForURL((u) => u.pathname === '/settings/notifications');
    const row = makerPage.getByTestId('preference-comment_on_project');
    await row.waitFor();
    expect(await row.getByRole('combobox').inputValue()).toBe('off');
    expect(await row.getByRole('checkbox').isChecked()).toBe(true);
    expect(await seriousA11yViolations(makerPage)).toEqual([]);

    // Choosing the digest for upvotes is saved.
    await makerPage.getByTestId('preference-project_upvotes').getByRole('combobox').selectOption('digest');
    await makerPage.getByRole('button', { name: 'Save Changes' }).click();
    await makerPage.getByText('No unsaved changes').waitFor();
    const { data: saved } = await maker.client.from('notification_preferences').select('type, email').order('type');
    expect(saved).toEqual([
      { type: 'comment_on_project', email: 'off' },
      { type: 'project_upvotes', email: 'digest' },
    ]);
    expect(errors.pageErrors).toEqual([]);
  });
});
