import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVER } from '../../../server/previews/draw.ts';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { approve, launchMaker, launchSite, MONDAY, submit } from '../launches/launch-fixtures.ts';

/**
 * Preview images (issue 33 item 1, decision 251): PNG 1200×630 behind a versioned URL that the
 * server-drawn pages' meta names; a rename is a new URL and new bytes; a vote-count change keeps
 * the image for 10 minutes; a pending project has none; a full queue answers 503.
 */

const INDEX_HTML =
  '<!doctype html><html><head><title>x</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>';

let server: TestServer;
let distDir: string;
let maker: TestUser;
let launched: string;
let pending: string;
let bare: string;

/** Every <meta> of a page, by property or name. */
async function pageMeta(path: string): Promise<{ status: number; meta: Map<string, string> }> {
  const res = await fetch(server.url + path);
  const html = await res.text();
  const meta = new Map<string, string>();
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) meta.set(m[1]!, m[2]!);
  return { status: res.status, meta };
}

/** The PNG's signature and its IHDR's width and height. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function image(url: string, init?: RequestInit) {
  const res = await fetch(url, init);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'previews-dist-'));
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  server = await startTestServer({ WEB_DIST_DIR: distDir, PREVIEW_QUEUE_SIZE: '0' });
  await launchSite(server);
  maker = await launchMaker(server, 'Ada Lovelace');
  // A cover in the site's own storage: pure red, so the drawn image shows it was read.
  const red = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ff0000' } }).png().toBuffer();
  const key = `${maker.id}/cover.png`;
  const { error } = await maker.client.storage.from('project-images').upload(key, red, { contentType: 'image/png' });
  expect(error).toBeNull();
  const cover = maker.client.storage.from('project-images').getPublicUrl(key).data.publicUrl;
  launched = (await submit(server, maker, { title: 'Recipe Radar', image_url: cover })).data!.id as string;
  await approve(server, launched);
  bare = (await submit(server, maker, { title: 'No Cover Here', image_url: null })).data!.id as string;
  await approve(server, bare);
  pending = (await submit(server, maker, { title: 'Not Yet' })).data!.id as string;
});
afterAll(async () => {
  await server?.close();
  if (distDir) rmSync(distDir, { recursive: true, force: true });
});

describe('a project page names its preview image', () => {
  it('with og:image, its size and alt, and twitter:image as a large card', async () => {
    const { status, meta } = await pageMeta(`/projects/${launched}`);
    expect(status).toBe(200);
    const url = meta.get('og:image')!;
    expect(url).toMatch(new RegExp(`^${server.url}/og/project/${launched}/[0-9a-f]{16}\\.png$`));
    expect(meta.get('og:image:width')).toBe('1200');
    expect(meta.get('og:image:height')).toBe('630');
    expect(meta.get('og:image:alt')).toContain('Recipe Radar');
    expect(meta.get('twitter:card')).toBe('summary_large_image');
    expect(meta.get('twitter:image')).toBe(url);
  });

  it('serves a 1200×630 PNG, immutable, with the cover read from storage', async () => {
    const url = (await pageMeta(`/projects/${launched}`)).meta.get('og:image')!;
    const { res, bytes } = await image(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    // The middle of the cover's place is the red cover (read from its WebP rendition: lossy by a unit or two).
    const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (COVER.left + COVER.width / 2 + (COVER.top + COVER.height / 2) * info.width) * info.channels;
    expect(data[at]).toBeGreaterThan(245);
    expect(data[at + 1]).toBeLessThan(10);
    expect(data[at + 2]).toBeLessThan(10);
    // Served again from the table, the same bytes.
    expect((await image(url)).bytes.equals(bytes)).toBe(true);
  });

  it('gets a new URL and new bytes after the owner renames the project; the old URL serves the current image', async () => {
    const before = (await pageMeta(`/projects/${launched}`)).meta.get('og:image')!;
    const oldBytes = (await image(before)).bytes;
    const { error } = await maker.client.from('projects').update({ title: 'Recipe Radar Pro' }).eq('id', launched);
    expect(error).toBeNull();
    // A maker's edit goes back through review: until then the project, and its image, are not public.
    expect((await fetch(before)).status).toBe(404);
    await approve(server, launched);
    const after = (await pageMeta(`/projects/${launched}`)).meta.get('og:image')!;
    expect(after).not.toBe(before);
    const fresh = await image(after);
    expect(fresh.res.status).toBe(200);
    expect(pngSize(fresh.bytes)).toEqual({ width: 1200, height: 630 });
    expect(fresh.bytes.equals(oldBytes)).toBe(false);
    const old = await image(before);
    expect(old.res.status).toBe(200);
    expect(old.res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(old.bytes.equals(fresh.bytes)).toBe(true);
  });

  it('keeps its URL for a vote-count change for 10 minutes, then draws the new count', async () => {
    const url = (await pageMeta(`/projects/${launched}`)).meta.get('og:image')!;
    await image(url); // drawn now
    await server.ctx.db.query('update public.projects set upvotes = upvotes + 5 where id = $1', [launched]);
    expect((await pageMeta(`/projects/${launched}`)).meta.get('og:image')).toBe(url);
    await server.setClock(new Date(MONDAY.getTime() + 11 * 60_000));
    const later = (await pageMeta(`/projects/${launched}`)).meta.get('og:image')!;
    expect(later).not.toBe(url);
    expect((await image(later)).res.status).toBe(200);
  });
});

describe('what has no preview image', () => {
  it('is 404 for a pending project, a missing one and a malformed path', async () => {
    expect((await fetch(`${server.url}/og/project/${launched}/latest.png`)).status).toBe(200); // the same path for a launched one
    expect((await fetch(`${server.url}/og/project/${pending}/latest.png`)).status).toBe(404);
    expect((await fetch(`${server.url}/og/project/00000000-0000-4000-8000-000000000000/latest.png`)).status).toBe(404);
    expect((await fetch(`${server.url}/og/project/not-a-uuid/latest.png`)).status).toBe(404);
    expect((await fetch(`${server.url}/og/project/${launched}/../../etc.png`)).status).toBe(404);
    const { status, meta } = await pageMeta(`/projects/${pending}`);
    expect(status).toBe(404);
    expect(meta.has('og:image')).toBe(false);
  });
});

describe('the other pages', () => {
  it('a maker, a tag, a leaderboard and the winners each name a 1200×630 PNG', async () => {
    await server.ctx.db.query(`insert into public.tags (slug, name) values ('cooking', 'Cooking') on conflict do nothing`);
    await server.ctx.db.query(`insert into public.project_tags (project_id, tag_id) select $1, id from public.tags where slug = 'cooking'`, [launched]);
    await server.ctx.db.query(
      `insert into public.launch_winners (period, period_start, rank, project_id, points, computed_at) values ('day', '2031-03-09', 1, $1, 3, now())`,
      [launched],
    );
    for (const path of [`/creators/${maker.id}`, '/tags/cooking', '/leaderboard/daily/2031-03-10', '/winners']) {
      const { status, meta } = await pageMeta(path);
      expect(status, path).toBe(200);
      const url = meta.get('og:image');
      expect(url, path).toMatch(new RegExp(`^${server.url}/og/(maker|tag|leaderboard|winners)/.*[0-9a-f]{16}\\.png$`));
      expect(meta.get('og:image:width'), path).toBe('1200');
      const { res, bytes } = await image(url!);
      expect(res.status, path).toBe(200);
      expect(pngSize(bytes), path).toEqual({ width: 1200, height: 630 });
    }
  });
});

describe('the bounded drawer', () => {
  it('answers 503 with Retry-After when the queue is full, and draws once there is room', async () => {
    const url = `${server.url}/og/project/${bare}/latest.png`;
    let release!: () => void;
    const held = server.ctx.previews.queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      const busy = await fetch(url);
      expect(busy.status).toBe(503);
      expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      release();
      await held;
    }
    const { res, bytes } = await image(url);
    expect(res.status).toBe(200);
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
  });

  it('the job draws launched projects ahead, and only those', async () => {
    await server.ctx.db.query('delete from platform.preview_images');
    await server.ctx.previews.drawAhead(200, 10);
    const { rows } = await server.ctx.db.query<{ subject: string }>(`select subject from platform.preview_images where kind = 'project' order by subject`);
    expect(rows.map((r) => r.subject).sort()).toEqual([launched, bare].sort());
  });
});
