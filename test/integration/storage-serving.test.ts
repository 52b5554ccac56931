import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../support/server.ts';

let server: TestServer;
let alice: TestUser;
let photo: Buffer;
let name: string;
let publicUrl: string;

const BUCKET = 'project-images';

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser();
  photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#336699' } }).jpeg({ quality: 90 }).toBuffer();
  name = `${Date.now()}-serving.jpg`;
  const up = await alice.client.storage
    .from(BUCKET)
    .upload(name, new File([new Uint8Array(photo)], 'p.jpg', { type: 'image/jpeg' }), { cacheControl: '3600' });
  expect(up.error).toBeNull();
  publicUrl = alice.client.storage.from(BUCKET).getPublicUrl(name).data.publicUrl;
});
afterAll(() => server?.close());

describe('serving objects', () => {
  it('sends ETag and answers If-None-Match with 304', async () => {
    const first = await fetch(publicUrl);
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await fetch(publicUrl, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    const stale = await fetch(publicUrl, { headers: { 'if-none-match': '"something-else"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it('serves byte ranges with 206 and refuses unsatisfiable ones with 416', async () => {
    const part = await fetch(publicUrl, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${photo.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(photo.subarray(10, 20))).toBe(true);
    const tail = await fetch(publicUrl, { headers: { range: 'bytes=-5' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(photo.subarray(photo.length - 5))).toBe(true);
    const bad = await fetch(publicUrl, { headers: { range: `bytes=${photo.length + 10}-` } });
    expect(bad.status).toBe(416);
    expect(bad.headers.get('content-range')).toBe(`bytes */${photo.length}`);
  });

  it('HEAD gives the headers without a body', async () => {
    const res = await fetch(publicUrl, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(photo.length));
    expect(res.headers.get('content-type')).toBe('image/jpeg');
  });

  it('never serves user content as HTML or script: such types become downloads', async () => {
    const service = server.service();
    await service.storage.createBucket('anything', { public: true });
    const html = '<html><script>alert(1)</script></html>';
    expect((await service.storage.from('anything').upload('page.html', html, { contentType: 'text/html' })).error).toBeNull();
    expect((await service.storage.from('anything').upload('app.js', 'alert(1)', { contentType: 'application/javascript' })).error).toBeNull();
    for (const file of ['page.html', 'app.js']) {
      const res = await fetch(`${server.url}/storage/v1/object/public/anything/${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      await res.arrayBuffer();
    }
  });

  it('an object in a private bucket is not reachable through the public URL', async () => {
    const service = server.service();
    await service.storage.createBucket('private-stuff', { public: false });
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).jpeg().toBuffer();
    expect((await service.storage.from('private-stuff').upload('secret.jpg', jpeg, { contentType: 'image/jpeg' })).error).toBeNull();
    const res = await fetch(`${server.url}/storage/v1/object/public/private-stuff/secret.jpg`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '404', message: 'Object not found' });
    expect((await alice.client.storage.from('private-stuff').download('secret.jpg')).error).not.toBeNull();
    expect((await service.storage.from('private-stuff').download('secret.jpg')).error).toBeNull();
  });
});

describe('thumbnails (render/image)', () => {
  it('getPublicUrl with transform gives a WebP of the requested (declared) size', async () => {
    const url = alice.client.storage.from(BUCKET).getPublicUrl(name, { transform: { width: 320, height: 180 } }).data.publicUrl;
    expect(url).toContain('/storage/v1/render/image/public/');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 180 });
  });

  it('honours resize=contain, format=origin and quality at a declared size', async () => {
    const contain = await fetch(
      alice.client.storage.from(BUCKET).getPublicUrl(name, { transform: { width: 640, height: 360, resize: 'contain', format: 'origin', quality: 50 } })
        .data.publicUrl,
    );
    expect(contain.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(Buffer.from(await contain.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
  });

  it('caches results beside the object and serves 304 for a known ETag', async () => {
    const url = `${server.url}/storage/v1/render/image/public/${BUCKET}/${name}?width=320&height=180`;
    const first = await fetch(url);
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    // Cached beside the object, in whichever backend holds it, under the variant its ETag names.
    const { rows } = await server.ctx.db.query<{ version: string }>(`select version from storage.objects where bucket_id = $1 and name = $2`, [BUCKET, name]);
    const cached = await server.ctx.storage.readDerived({ bucket: BUCKET, key: name, version: rows[0]!.version }, `${etag.replaceAll('"', '')}.webp`);
    expect(cached?.subarray(8, 12).toString()).toBe('WEBP');
    expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('drops cached thumbnails when the object is overwritten', async () => {
    const key = `${Date.now()}-thumb.png`;
    const red = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const blue = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#0000ff' } }).png().toBuffer();
    await alice.client.storage.from(BUCKET).upload(key, red, { contentType: 'image/png' });
    const url = `${server.url}/storage/v1/render/image/public/${BUCKET}/${key}?width=320&height=180&format=origin`;
    const before = await sharp(Buffer.from(await (await fetch(url)).arrayBuffer())).raw().toBuffer();
    expect([...before.subarray(0, 3)]).toEqual([255, 0, 0]);
    await alice.client.storage.from(BUCKET).update(key, blue, { contentType: 'image/png' });
    const after = await sharp(Buffer.from(await (await fetch(url)).arrayBuffer())).raw().toBuffer();
    expect([...after.subarray(0, 3)]).toEqual([0, 0, 255]);
  });

  it.each([
    ['width=100000'], ['height=0'], ['width=abc'], ['width=320'], ['width=320&height=181'], ['width=640&height=360&quality=5'],
    ['width=640&height=360&resize=stretch'], ['width=640&height=360&format=svg'], ['width=640&height=360&format=avif'], [''],
  ])('refuses %s', async (query) => {
    const res = await fetch(`${server.url}/storage/v1/render/image/public/${BUCKET}/${name}?${query}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '400' });
  });
});

describe('upload rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ RATE_LIMIT_UPLOADS: '2/60' });
  });
  afterAll(() => limited?.close());

  it('answers 429 in Storage\'s shape after the per-user limit, storing nothing', async () => {
    const user = await limited.createUser();
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } }).png().toBuffer();
    for (const n of [1, 2]) expect((await user.client.storage.from(BUCKET).upload(`rl-${n}.png`, png, { contentType: 'image/png' })).error).toBeNull();
    const res = await fetch(`${limited.url}/storage/v1/object/${BUCKET}/rl-3.png`, {
      method: 'POST',
      body: new Uint8Array(png),
      headers: { 'content-type': 'image/png', authorization: `Bearer ${user.token}`, apikey: limited.anonKey },
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await res.json()).toMatchObject({ statusCode: '429' });
    expect(await limited.isStored('rl-3.png')).toBe(false);
  });
});
