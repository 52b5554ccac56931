/**
 * Screenshots of issue 18's pages at desktop and phone widths, for looking at them by eye:
 *   npx tsx e2e/support/people-screenshots.ts [outDir]   (after npm run build:web)
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { signIn } from '../accounts-support.ts';
import { animationsSettled, startApp } from './app.ts';

const outDir = resolve(process.argv[2] ?? '/tmp/showcase-screens');
mkdirSync(outDir, { recursive: true });

const app = await startApp();
try {
  const owner = await app.createUser({ name: 'Mara Maker' });
  const fan = await app.createUser({ name: 'Finn Fan' });
  await owner.client.from('creators').upsert({ id: owner.id, name: 'Mara Maker' });
  const { data: demo } = await app.service().from('projects').select('image_url').not('image_url', 'is', null).limit(1).single();
  const { data: p } = await owner.client
    .from('projects')
    .insert({ title: 'Recipe Radar', description: 'Finds recipes in your fridge', tool: 'Lovable', category: 'App', creator_id: owner.id, upvotes: 0, featured: false })
    .select('id')
    .single();
  const projectId = (p as { id: string }).id;
  await app.service().from('projects').update({ status: 'approved', image_url: (demo as { image_url: string }).image_url }).eq('id', projectId);
  const { data: q } = await fan.client.from('project_comments').insert({ project_id: projectId, content: 'Does it work offline?' }).select('id').single();
  const { data: a } = await owner.client.from('project_comments').insert({ project_id: projectId, parent_id: (q as { id: string }).id, content: 'Yes, fully offline.' }).select('id').single();
  await fan.client.from('project_comments').insert({ project_id: projectId, parent_id: (a as { id: string }).id, content: 'Great, thanks!' });
  await fan.client.from('comment_votes').insert({ comment_id: (a as { id: string }).id });
  await fan.client.from('follows').insert({ followee_id: owner.id });
  await fan.client.from('bookmarks').insert({ project_id: projectId });
  await owner.client.rpc('invite_comaker', { project: projectId, email: 'friend@example.test' });
  const { data: c } = await fan.client.from('collections').insert({ name: 'Kitchen helpers', description: 'Apps for cooking', is_public: true }).select('id').single();
  await fan.client.from('collection_items').insert({ collection_id: (c as { id: string }).id, project_id: projectId });

  for (const [width, suffix] of [[1280, 'desktop'], [375, 'mobile']] as const) {
    const ownerPage = await app.newPage({ width, height: 800 });
    await signIn(ownerPage, owner.email, owner.password);
    await ownerPage.goto(`/projects/${projectId}`);
    await ownerPage.waitForLoadState('networkidle');
    await ownerPage.screenshot({ path: `${outDir}/project-owner-${suffix}.png`, fullPage: true });
    const page = await app.newPage({ width, height: 800 });
    await signIn(page, fan.email, fan.password);
    for (const [name, path] of [
      ['project-fan', `/projects/${projectId}`],
      ['following', '/following'],
      ['bookmarks', '/bookmarks'],
      ['collection', `/collections/${(c as { id: string }).id}`],
      ['creator', `/creators/${fan.id}`],
    ] as const) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await animationsSettled(page);
      await page.screenshot({ path: `${outDir}/${name}-${suffix}.png`, fullPage: true });
    }
  }
} finally {
  await app.close();
}
