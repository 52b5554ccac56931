import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { makeComment } from '../admin-fixtures.ts';
import { approve, HOUR, launchMaker, launchSite, submit, TUESDAY_START } from '../launches/launch-fixtures.ts';

/**
 * JSON-LD and canonical links in the pages the server draws (issue 33 item 2, decision 235): every
 * block parses, has schema.org's context, a known type and that type's required fields; a title
 * made to close the script stays inside its JSON; a pending project says nothing.
 */

/** The built index.html's shape (the meta goes into its head). */
const INDEX_HTML =
  '<!doctype html><html><head><title>x</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>';

const EVIL = '</script><script>alert(1)</script><!-- \u2028';

type Json = Record<string, unknown>;

async function page(server: TestServer, path: string) {
  const res = await fetch(server.url + path);
  return { status: res.status, html: await res.text() };
}

/** The raw text of every ld+json block, and each parsed. */
function ldJson(html: string): { raw: string; value: Json }[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => ({ raw: m[1]!, value: JSON.parse(m[1]!) as Json }));
}

function canonicals(html: string): string[] {
  return [...html.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => m[1]!);
}

// A small schema.org check: the types we emit and the fields each must have.
const isAbsoluteUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\/[^\s]+$/.test(v) && !v.includes('?');
const isIsoDate = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v);

function checkPerson(p: unknown): string[] {
  const person = p as Json;
  const errors: string[] = [];
  if (person['@type'] !== 'Person') errors.push(`Person: @type ${String(person['@type'])}`);
  if (typeof person.name !== 'string' || !person.name) errors.push('Person: name');
  if (person.url !== undefined && !isAbsoluteUrl(person.url)) errors.push('Person: url');
  return errors;
}

function checkListItems(items: unknown, needs: 'item' | 'url'): string[] {
  if (!Array.isArray(items)) return ['itemListElement is not a list'];
  return items.flatMap((it: Json, i) => {
    const errors: string[] = [];
    if (it['@type'] !== 'ListItem') errors.push(`ListItem ${i}: @type`);
    if (it.position !== i + 1) errors.push(`ListItem ${i}: position ${String(it.position)}`);
    if (typeof it.name !== 'string' || !it.name) errors.push(`ListItem ${i}: name`);
    if (!isAbsoluteUrl(it[needs])) errors.push(`ListItem ${i}: ${needs}`);
    return errors;
  });
}

function validate(block: Json): string[] {
  const errors: string[] = [];
  if (block['@context'] !== 'https://schema.org') errors.push(`@context ${String(block['@context'])}`);
  if (JSON.stringify(block).includes('AggregateRating') || 'aggregateRating' in block) errors.push('an upvote is not a rating');
  switch (block['@type']) {
    case 'SoftwareApplication': {
      for (const field of ['name', 'applicationCategory', 'operatingSystem']) if (typeof block[field] !== 'string') errors.push(`SoftwareApplication: ${field}`);
      if (!isAbsoluteUrl(block.url)) errors.push('SoftwareApplication: url');
      if (block.sameAs !== undefined && !(Array.isArray(block.sameAs) && block.sameAs.every((u) => typeof u === 'string' && /^https?:\/\//.test(u)))) errors.push('SoftwareApplication: sameAs');
      if (!Array.isArray(block.author) || block.author.length === 0) errors.push('SoftwareApplication: author');
      else errors.push(...block.author.flatMap(checkPerson));
      if (!isIsoDate(block.datePublished) || !isIsoDate(block.dateModified)) errors.push('SoftwareApplication: dates');
      const stats = block.interactionStatistic as Json[] | undefined;
      if (!Array.isArray(stats) || stats.length === 0) errors.push('SoftwareApplication: interactionStatistic');
      for (const s of stats ?? []) {
        if (s['@type'] !== 'InteractionCounter') errors.push('InteractionCounter: @type');
        if (!/^https:\/\/schema\.org\/(LikeAction|CommentAction)$/.test(String(s.interactionType))) errors.push('InteractionCounter: interactionType');
        if (!Number.isInteger(s.userInteractionCount) || (s.userInteractionCount as number) < 0) errors.push('InteractionCounter: userInteractionCount');
      }
      break;
    }
    case 'ProfilePage':
      if (!isAbsoluteUrl(block.url)) errors.push('ProfilePage: url');
      errors.push(...checkPerson(block.mainEntity));
      break;
    case 'ItemList':
      if (typeof block.name !== 'string') errors.push('ItemList: name');
      errors.push(...checkListItems(block.itemListElement, 'url'));
      if (block.numberOfItems !== (block.itemListElement as unknown[]).length) errors.push('ItemList: numberOfItems');
      break;
    case 'BreadcrumbList':
      errors.push(...checkListItems(block.itemListElement, 'item'));
      break;
    default:
      errors.push(`unknown @type ${String(block['@type'])}`);
  }
  return errors;
}

/** Every block valid; the blocks by type. */
function checked(html: string): Record<string, Json> {
  const blocks = ldJson(html);
  for (const { raw, value } of blocks) {
    // Nothing inside can end the element or open a comment, whatever the user wrote.
    expect(raw).not.toMatch(/<|\u2028|\u2029/);
    expect(validate(value)).toEqual([]);
  }
  return Object.fromEntries(blocks.map(({ value }) => [value['@type'] as string, value]));
}

describe('structured data and canonical links', () => {
  let server: TestServer;
  let distDir: string;
  let maker: TestUser;
  let coMaker: TestUser;
  let projectId: string;
  let pendingId: string;

  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'showcase-structured-data-'));
    writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
    server = await startTestServer({ WEB_DIST_DIR: distDir });
    await launchSite(server);
    maker = await launchMaker(server, 'Ada Maker');
    coMaker = await launchMaker(server, 'Co Maker');
    await server.ctx.db.query(`update public.creators set bio = 'Builds things', handle = 'ada' where id = $1`, [maker.id]);
    const made = await submit(server, maker, { title: EVIL, launch_date: '2031-03-11' });
    if (made.error) throw new Error(made.error.message);
    projectId = made.data!.id as string;
    await approve(server, projectId);
    await server.ctx.db.query(`insert into public.project_makers (project_id, user_id, role) values ($1, $2, 'maker')`, [projectId, coMaker.id]);
    const other = await submit(server, maker, { title: 'Plain Launch', launch_date: '2031-03-11' });
    await approve(server, other.data!.id as string);
    const pending = await submit(server, maker, { title: 'Secret Pending Project', launch_date: '2031-03-11' });
    pendingId = pending.data!.id as string;
    // Launched, and past the day's shuffled first hours.
    await server.setClock(new Date(TUESDAY_START.getTime() + 5 * HOUR));
    await makeComment(server, coMaker, projectId, 'Lovely');
  });
  afterAll(async () => {
    await server?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('a project page is a SoftwareApplication with its makers, dates and counts, in breadcrumbs; a hostile title stays in its JSON', async () => {
    const { status, html } = await page(server, `/projects/${projectId}`);
    expect(status).toBe(200);
    expect(html).not.toContain('<script>alert(1)');
    const blocks = checked(html);
    const app = blocks.SoftwareApplication!;
    expect(app.name).toBe(EVIL);
    expect(app.url).toBe(`${server.url}/projects/${projectId}`);
    expect(app.sameAs).toEqual(['https://radar.example.com']);
    expect(app.author).toEqual([
      { '@type': 'Person', name: 'Ada Maker', url: `${server.url}/creators/${maker.id}` },
      { '@type': 'Person', name: 'Co Maker', url: `${server.url}/creators/${coMaker.id}` },
    ]);
    expect(app.interactionStatistic).toEqual([
      { '@type': 'InteractionCounter', interactionType: 'https://schema.org/LikeAction', userInteractionCount: 0 },
      { '@type': 'InteractionCounter', interactionType: 'https://schema.org/CommentAction', userInteractionCount: 1 },
    ]);
    const crumbs = (blocks.BreadcrumbList!.itemListElement as Json[]).map((c) => c.item);
    expect(crumbs).toEqual([`${server.url}/`, `${server.url}/projects`, `${server.url}/projects/${projectId}`]);
    expect(canonicals(html)).toEqual([`${server.url}/projects/${projectId}`]);
  });

  it('a maker page is a ProfilePage about a Person', async () => {
    const { status, html } = await page(server, `/creators/${maker.id}`);
    expect(status).toBe(200);
    const profile = checked(html).ProfilePage!;
    expect(profile.mainEntity).toMatchObject({ '@type': 'Person', name: 'Ada Maker', alternateName: '@ada', description: 'Builds things', url: `${server.url}/creators/${maker.id}` });
    expect(html).toContain('<title>Ada Maker · ');
    expect(canonicals(html)).toEqual([`${server.url}/creators/${maker.id}`]);
    expect((await page(server, `/creators/${randomUUID()}`)).status).toBe(404);
  });

  it('a leaderboard is an ItemList of its projects, in the page’s order, without a pending one', async () => {
    const { status, html } = await page(server, '/leaderboard/daily/2031-03-11');
    expect(status).toBe(200);
    const list = checked(html).ItemList!;
    const items = list.itemListElement as Json[];
    expect(items.map((i) => i.name).sort()).toEqual([EVIL, 'Plain Launch'].sort());
    expect(items.map((i) => i.url)).toContain(`${server.url}/projects/${projectId}`);
    expect(list.itemListOrder).toBe('https://schema.org/ItemListOrderDescending');
    expect(html).not.toContain('Secret Pending Project');
    expect(canonicals(html)).toEqual([`${server.url}/leaderboard/daily/2031-03-11`]);
  });

  it('a pending project’s page says nothing about it', async () => {
    const { status, html } = await page(server, `/projects/${pendingId}`);
    expect(status).toBe(404);
    expect(ldJson(html)).toEqual([]);
    expect(html).not.toContain('Secret Pending Project');
  });

  it('every page has one canonical link, without its query string or trailing slash', async () => {
    for (const [path, canonical] of [
      ['/', '/'],
      ['/about?utm_source=news&utm_medium=mail', '/about'],
      ['/projects/?sort=top&ref=x', '/projects'],
      [`/projects/${projectId}/?utm_campaign=launch`, `/projects/${projectId}`],
      ['/no-such-page', '/no-such-page'],
    ] as const) {
      const { html } = await page(server, path);
      expect(canonicals(html), path).toEqual([server.url + canonical]);
      expect(html, path).toContain(`<meta property="og:url" content="${server.url + canonical}" />`);
    }
  });
});
