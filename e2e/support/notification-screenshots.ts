/**
 * Screenshots of the notification screens (the bell, its dropdown, /notifications,
 * /settings/notifications, Profile's part, the unsubscribe page, the dashboard's outbox card) at
 * 1280 and 375 px, for looking at them by eye:
 *   npx tsx e2e/support/notification-screenshots.ts [outDir]   (after npm run build:web)
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DevMailbox } from '../../server/mail/dev-mailbox.ts';
import { signIn } from '../accounts-support.ts';
import { animationsSettled, startApp } from './app.ts';

const outDir = resolve(process.argv[2] ?? '/tmp/notifications-screens');
mkdirSync(outDir, { recursive: true });
const port = process.env.PORT ?? '41510';
const app = await startApp({ PORT: port, SITE_URL: `http://localhost:${port}` });
try {
  const maker = await app.createUser({ name: 'Mara Maker' });
  await app.server.ctx.db.query(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"admin"}' where id = $1`, [maker.id]);
  const fans = await Promise.all(['Vic Visitor', 'Noor Haddad', 'Sam Lee', 'Ines Costa'].map((name) => app.createUser({ name })));
  await maker.client.from('creators').insert({ id: maker.id, name: 'Mara Maker' });
  const ids: string[] = [];
  for (const title of ['Recipe Radar', 'Budget Buddy', 'Crypto Moonshot']) {
    const { data } = await maker.client
      .from('projects')
      .insert({ title, description: 'A project', tool: 'Cursor', category: 'App', creator_id: maker.id, upvotes: 0, featured: false })
      .select('id')
      .single();
    ids.push((data as { id: string }).id);
  }
  const reviewer = await app.createUser({ name: 'Moe Moderator' });
  await app.server.ctx.db.query(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"moderator"}' where id = $1`, [reviewer.id]);
  await reviewer.client.rpc('review_project', { project_id: ids[0], action: 'approve' });
  await reviewer.client.rpc('review_project', { project_id: ids[1], action: 'approve' });
  await reviewer.client.rpc('review_project', { project_id: ids[2], action: 'reject', reason: 'Please add screenshots of the app and explain which AI tool built which part.' });
  await maker.client.rpc('mark_notifications_read');
  for (const fan of fans) await fan.client.rpc('toggle_vote', { project_id: ids[0] });
  await fans[0]!.client.from('project_comments').insert({ project_id: ids[0], content: 'Love the fridge scanner! Does it work with photos of receipts too?' });
  await fans[1]!.client.from('project_comments').insert({ project_id: ids[1], content: 'Clean UI. Would pay for a shared household budget.' });
  const { data: demo } = await app.anon().from('projects').select('id').eq('status', 'approved').neq('creator_id', maker.id).limit(1).single();
  await fans[2]!.client.from('reports').insert({ type: 'project', target_id: (demo as { id: string }).id, reason: 'Broken live link' });
  await app.server.ctx.outbox.drain();
  const mail = (app.server.ctx.mailer as DevMailbox).list().find((m) => m.to === maker.email);
  const unsubscribe = mail?.headers?.['List-Unsubscribe']?.match(/<(http[^>]+)>/)?.[1];

  for (const [width, suffix] of [[1280, 'desktop'], [375, 'mobile']] as const) {
    const page = await app.newPage({ width, height: 800 });
    if (process.env.DARK) await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page, maker.email, maker.password);
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).locator('visible=true');
    await bell.waitFor();
    await page.screenshot({ path: `${outDir}/bell-${suffix}.png`, clip: { x: 0, y: 0, width, height: 72 } });
    await bell.click();
    await page.getByRole('menuitem', { name: 'View all notifications' }).waitFor();
    await animationsSettled(page);
    await page.screenshot({ path: `${outDir}/dropdown-${suffix}.png` });
    await page.keyboard.press('Escape');
    for (const [name, path] of [
      ['notifications', '/notifications'],
      ['settings', '/settings/notifications'],
      ['profile', '/profile'],
      ['dashboard', '/admin'],
    ] as const) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await animationsSettled(page);
      await page.screenshot({ path: `${outDir}/${name}-${suffix}.png`, fullPage: true });
    }
    if (unsubscribe) {
      await page.goto(unsubscribe);
      await page.screenshot({ path: `${outDir}/unsubscribe-${suffix}.png`, fullPage: true });
    }
  }
  console.log(`screenshots in ${outDir}`);
} finally {
  await app.close();
}
