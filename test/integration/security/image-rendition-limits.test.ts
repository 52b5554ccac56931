import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_SIZES } from '../../../domain/image-sizes.ts';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';

/**
 * M5: the render endpoint took any size, format and quality from anyone, queued without bound
 * and cached every variant forever: a 2500×2500 AVIF at quality 100 cost seconds of CPU a request.
 */
const BUCKET = 'project-images';

async function upload(server: TestServer, user: TestUser, name: string, bytes: Buffer, type = 'image/png'): Promise<string> {
  const key = `${user.id}/${name}`;
  const { error } = await user.client.storage.from(BUCKET).upload(key, bytes, { contentType: type });
  expect(error).toBeNull();
  return key;
}

const renderUrl = (server: TestServer, key: string, query: string) => `${server.url}/storage/v1/render/image/public/${BUCKET}/${key}?${query}`;
const noise = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();

function derivedFiles(server: TestServer): Array<{ path: string; bytes: number }> {
  const root = join(server.dataDir, 'storage', '.derived');
  return readdirSync(root, { recursive: true })
    .map(String)
    .filter((f) => /\.(webp|png|jpeg|gif|avif)$/.test(f))
    .map((f) => ({ path: f, bytes: statSync(join(root, f)).size }));
}

describe('what may be rendered', () => {
  let server: TestServer;
  let maker: TestUser;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_RENDERS: '2/60' });
    maker = await server.createUser();
    key = await upload(server, maker, 'photo.png', await noise(900, 600));
  });
  afterAll(() => server?.close());

  it('sizes the site does not declare, other formats and out-of-range qualities are refused before any work', async () => {
    for (const query of [
      'width=2500&height=2500&format=avif&quality=100',
      'width=2497&height=2500',
      'width=1280',
      'width=1280&height=721',
      'width=640&height=360&format=avif',
      'width=640&height=360&format=png',
      'width=640&height=360&quality=101',
      '',
    ]) {
      const res = await fetch(renderUrl(server, key, query));
      expect(res.status, query).toBe(400);
    }
    expect(derivedFiles(server).filter((f) => f.path.endsWith('.avif') || f.path.endsWith('.png'))).toEqual([]);
  });

  it('the declared sizes were rendered at upload, so pages never wait, and cache hits are never rate limited', async () => {
    // Three renditions, one per declared size, exist before anyone asks.
    expect(derivedFiles(server).filter((f) => f.path.endsWith('.webp'))).toHaveLength(IMAGE_SIZES.length);
    // A page of 24 cards behind one address: far more than RATE_LIMIT_RENDERS (2 a minute), all served.
    for (let i = 0; i < 24; i++) {
      const size = IMAGE_SIZES[i % IMAGE_SIZES.length]!;
      const url = maker.client.storage.from(BUCKET).getPublicUrl(key, { transform: { width: size.width, height: size.height, resize: 'cover' } }).data.publicUrl;
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: size.width, height: size.height });
    }
  });

  it('cache misses are rate limited per client address', async () => {
    expect((await fetch(renderUrl(server, key, 'width=640&height=360&format=origin'))).status).toBe(200);
    expect((await fetch(renderUrl(server, key, 'width=640&height=360&resize=contain'))).status).toBe(200);
    const third = await fetch(renderUrl(server, key, 'width=320&height=180&resize=fill'));
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    // The two it did render are hits now.
    expect((await fetch(renderUrl(server, key, 'width=640&height=360&format=origin'))).status).toBe(200);
    await server.advanceClock(61_000);
    expect((await fetch(renderUrl(server, key, 'width=320&height=180&resize=fill'))).status).toBe(200);
  });
});

describe('the render queue is bounded', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RENDER_QUEUE_SIZE: '0' });
  });
  afterAll(() => server?.close());

  it('with both encoders busy and no waiting room, a miss answers 503 with Retry-After at once', async () => {
    const maker = await server.createUser();
    // Large and plain (a small file): decoding it keeps an encoder busy for a while.
    const big = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#3a6ea5' } }).png().toBuffer();
    const key = await upload(server, maker, 'big.png', big);
    const misses = ['format=origin', 'resize=contain', 'resize=fill', 'quality=95', 'quality=90', 'quality=85'];
    const answers = await Promise.all(misses.map((q) => fetch(renderUrl(server, key, `width=1280&height=720&${q}`))));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    const busy = answers.filter((r) => r.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]!.headers.get('retry-after')).toBe('5');
    expect(await busy[0]!.json()).toMatchObject({ statusCode: '503' });
  });
});

describe('the rendition cache is bounded', () => {
  let server: TestServer;
  const CAP = 1_000_000;
  beforeAll(async () => {
    server = await startTestServer({ STORAGE_DERIVED_CACHE_BYTES: String(CAP) });
  });
  afterAll(() => server?.close());

  it('past STORAGE_DERIVED_CACHE_BYTES the least recently used renditions are removed', async () => {
    const maker = await server.createUser();
    const first = await upload(server, maker, 'first.png', await noise(1280, 720));
    const firstFolder = Buffer.from(`${BUCKET}/${first}`).toString('base64url');
    const used = maker.client.storage.from(BUCKET).getPublicUrl(first, { transform: { width: 320, height: 180, resize: 'cover' } }).data.publicUrl;
    for (let i = 0; i < 6; i++) {
      // The first image's small rendition stays in use; the others of it do not.
      expect((await fetch(used)).status).toBe(200);
      await upload(server, maker, `more-${i}.png`, await noise(1280, 720));
      const files = derivedFiles(server);
      expect(files.reduce((n, f) => n + f.bytes, 0)).toBeLessThanOrEqual(CAP);
    }
    const left = derivedFiles(server).filter((f) => f.path.startsWith(firstFolder));
    // Only the rendition that kept being used survived.
    expect(left).toHaveLength(1);
    const res = await fetch(used);
    expect(res.status).toBe(200);
  });
});
