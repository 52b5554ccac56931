import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../support/server.ts';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let png: Buffer;
let jpeg: Buffer;

const BUCKET = 'project-images';
const rowCount = async (key: string, bucket = BUCKET) =>
  (await server.ctx.db.query<{ n: number }>('select count(*)::int as n from storage.objects where bucket_id = $1 and name = $2', [bucket, key])).rows[0]!.n;
const file = (bytes: Buffer, type: string, name = 'image') => new File([new Uint8Array(bytes)], name, { type });
const uniqueName = (ext: string) => `${Date.now()}-${Math.random().toString(36).slice(2)}.${ext}`;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser({ name: 'Alice' });
  bob = await server.createUser({ name: 'Bob' });
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366ff' } }).png().toBuffer();
  jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ff6633' } }).jpeg().toBuffer();
});
afterAll(() => server?.close());

describe('uploads to project-images (spec §7 flow)', () => {
  it('a signed-in user uploads a File (multipart) and getPublicUrl serves it', async () => {
    const name = uniqueName('png');
    const { data, error } = await alice.client.storage
      .from(BUCKET)
      .upload(name, file(png, 'image/png'), { upsert: true, cacheControl: '3600', contentType: 'image/png' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: name, fullPath: `${BUCKET}/${name}` });
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);

    const { data: url } = alice.client.storage.from(BUCKET).getPublicUrl(name);
    expect(url.publicUrl).toBe(`${server.url}/storage/v1/object/public/${BUCKET}/${name}`);
    const res = await fetch(url.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);

    const { rows } = await server.ctx.db.query<{ owner: string; metadata: { size: number; mimetype: string } }>(
      'select owner, metadata from storage.objects where bucket_id = $1 and name = $2',
      [BUCKET, name],
    );
    expect(rows[0]).toMatchObject({ owner: alice.id, metadata: { size: png.length, mimetype: 'image/png' } });
    expect((await server.storedBytes(name))!.equals(png)).toBe(true);
  });

  it('a raw body upload (Buffer) honours content type and cache-control', async () => {
    const name = `nested/dir/${uniqueName('jpg')}`;
    const { error } = await alice.client.storage.from(BUCKET).upload(name, jpeg, { contentType: 'image/jpeg', cacheControl: '120' });
    expect(error).toBeNull();
    const res = await fetch(`${server.url}/storage/v1/object/public/${BUCKET}/${name}`);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('max-age=120');
    expect(Buffer.from(await res.arrayBuffer()).equals(jpeg)).toBe(true);
  });

  it('download() goes through RLS and returns the bytes; exists() and info() see the object', async () => {
    const name = uniqueName('png');
    await alice.client.storage.from(BUCKET).upload(name, file(png, 'image/png'));
    const { data, error } = await bob.client.storage.from(BUCKET).download(name);
    expect(error).toBeNull();
    expect(Buffer.from(await data!.arrayBuffer()).equals(png)).toBe(true);
    expect((await server.anon().storage.from(BUCKET).exists(name)).data).toBe(true);
    expect((await server.anon().storage.from(BUCKET).exists('missing.png')).data).toBe(false);
    const info = await alice.client.storage.from(BUCKET).info(name);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({ name, bucketId: BUCKET, size: png.length, contentType: 'image/png' });
  });
});

describe('refusals: nothing stored, nothing overwritten', () => {
  it('without a user token (anon key only) the upload is refused with 403', async () => {
    const name = uniqueName('png');
    const { error } = await server.anon().storage.from(BUCKET).upload(name, file(png, 'image/png'));
    expect(error).toMatchObject({ status: 400, statusCode: '403' });
    expect(await rowCount(name)).toBe(0);
    expect(await server.isStored(name)).toBe(false);
  });

  it('with no API key at all the request is refused', async () => {
    const res = await fetch(`${server.url}/storage/v1/object/${BUCKET}/x.png`, { method: 'POST', body: new Uint8Array(png), headers: { 'content-type': 'image/png' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '403', error: 'Unauthorized' });
    expect(await rowCount('x.png')).toBe(0);
  });

  it('a file over the bucket limit (5,242,880 bytes) is refused with 413', async () => {
    const name = uniqueName('png');
    const big = Buffer.concat([png, Buffer.alloc(5_242_880 - png.length + 1)]);
    const { error } = await alice.client.storage.from(BUCKET).upload(name, file(big, 'image/png'));
    expect(error).toMatchObject({ status: 400, statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    const raw = await alice.client.storage.from(BUCKET).upload(name, big, { contentType: 'image/png' });
    expect(raw.error).toMatchObject({ statusCode: '413' });
    expect(await rowCount(name)).toBe(0);
    expect(await server.isStored(name)).toBe(false);
  });

  it('a type outside the allow-list is refused with 415', async () => {
    const name = uniqueName('txt');
    const { error } = await alice.client.storage.from(BUCKET).upload(name, file(Buffer.from('hello'), 'text/plain'));
    expect(error).toMatchObject({ statusCode: '415', message: 'mime type text/plain is not supported' });
    expect(await rowCount(name)).toBe(0);
  });

  it.each([
    ['an HTML page', '<!doctype html><html><script>alert(1)</script></html>'],
    ['an SVG image', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'],
    ['a script', 'alert(document.cookie)'],
  ])('%s renamed to .png is refused by its magic bytes (415)', async (_label, content) => {
    const name = uniqueName('png');
    const { error } = await alice.client.storage.from(BUCKET).upload(name, file(Buffer.from(content), 'image/png', 'evil.png'));
    expect(error).toMatchObject({ statusCode: '415' });
    expect(await rowCount(name)).toBe(0);
    expect(await server.isStored(name)).toBe(false);
  });

  it('a JPEG declared as PNG is refused', async () => {
    const { error } = await alice.client.storage.from(BUCKET).upload(uniqueName('png'), file(jpeg, 'image/png'));
    expect(error).toMatchObject({ statusCode: '415' });
  });

  it.each([
    ['..%2F..%2Fescape.png', 'traversal with encoded slashes'],
    ['a/%2e%2e/%2e%2e/escape.png', 'traversal with encoded dots'],
    ['a//b.png', 'an empty segment'],
    ['%2Fetc%2Fpasswd', 'an absolute path'],
    ['a%5C..%5Cb.png', 'backslashes'],
    [`${'x'.repeat(1030)}.png`, 'an overlong name'],
  ])('the name %s (%s) is refused', async (raw) => {
    const res = await fetch(`${server.url}/storage/v1/object/${BUCKET}/${raw}`, {
      method: 'POST',
      body: new Uint8Array(png),
      headers: { 'content-type': 'image/png', authorization: `Bearer ${alice.token}`, apikey: server.anonKey },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
    const { rows } = await server.ctx.db.query<{ n: number }>(`select count(*)::int as n from storage.objects where name like '%escape%' or name like '%passwd%'`);
    expect(rows[0]!.n).toBe(0);
    expect(existsSync(join(server.dataDir, 'storage', 'escape.png'))).toBe(false);
    expect(existsSync(join(server.dataDir, 'escape.png'))).toBe(false);
  });

  it('a missing bucket answers "Bucket not found" (statusCode 404)', async () => {
    const { error } = await alice.client.storage.from('no-such-bucket').upload('a.png', file(png, 'image/png'));
    expect(error).toMatchObject({ status: 400, statusCode: '404', message: 'Bucket not found' });
  });

  it('uploading to an existing name without upsert is refused with 409 and keeps the original', async () => {
    const name = uniqueName('png');
    await alice.client.storage.from(BUCKET).upload(name, file(png, 'image/png'));
    const { error } = await alice.client.storage.from(BUCKET).upload(name, file(jpeg, 'image/jpeg'));
    expect(error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    expect((await server.storedBytes(name))!.equals(png)).toBe(true);
  });

  it("someone else's object can be neither overwritten (upsert or update) nor deleted", async () => {
    const name = uniqueName('png');
    await alice.client.storage.from(BUCKET).upload(name, file(png, 'image/png'));
    const upsert = await bob.client.storage.from(BUCKET).upload(name, file(jpeg, 'image/jpeg'), { upsert: true });
    expect(upsert.error).toMatchObject({ statusCode: '403' });
    const update = await bob.client.storage.from(BUCKET).update(name, file(jpeg, 'image/jpeg'));
    expect(update.error).toMatchObject({ statusCode: '403' });
    const removed = await bob.client.storage.from(BUCKET).remove([name]);
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([]);
    expect(await rowCount(name)).toBe(1);
    expect((await server.storedBytes(name))!.equals(png)).toBe(true);
    const { rows } = await server.ctx.db.query<{ owner: string }>('select owner from storage.objects where name = $1', [name]);
    expect(rows[0]!.owner).toBe(alice.id);
  });

  it('a banned user cannot upload', async () => {
    const banned = await server.createUser({ bannedUntil: new Date(Date.now() + 86_400_000) });
    const name = uniqueName('png');
    const { error } = await banned.client.storage.from(BUCKET).upload(name, file(png, 'image/png'));
    expect(error).toMatchObject({ statusCode: '403' });
    expect(await rowCount(name)).toBe(0);
  });
});

describe('anonymous users (a visitor who upvoted)', () => {
  it('cannot upload, nor overwrite or delete an object kept in their name', async () => {
    const visitor = await server.signInAnonymously();
    const name = uniqueName('png');
    const { error } = await visitor.client.storage.from(BUCKET).upload(name, file(png, 'image/png'));
    expect(error).toMatchObject({ statusCode: '403' });
    expect(await rowCount(name)).toBe(0);
    // An object in their name (written by an admin's import) stays out of their reach.
    const kept = uniqueName('png');
    expect((await alice.client.storage.from(BUCKET).upload(kept, file(png, 'image/png'))).error).toBeNull();
    await server.ctx.db.query('update storage.objects set owner = $1::uuid, owner_id = $2 where bucket_id = $3 and name = $4', [visitor.id, visitor.id, BUCKET, kept]);
    expect((await visitor.client.storage.from(BUCKET).upload(kept, file(jpeg, 'image/jpeg'), { upsert: true })).error).not.toBeNull();
    expect((await visitor.client.storage.from(BUCKET).remove([kept])).data ?? []).toEqual([]);
    expect(await rowCount(kept)).toBe(1);
    expect((await server.storedBytes(kept))!.equals(png)).toBe(true);
  });
});

describe('owners overwrite and delete', () => {
  it('the owner overwrites with upsert and with update(); the new bytes are served', async () => {
    const name = uniqueName('png');
    await alice.client.storage.from(BUCKET).upload(name, file(png, 'image/png'));
    const first = await fetch(`${server.url}/storage/v1/object/public/${BUCKET}/${name}`);
    const firstTag = first.headers.get('etag');
    await first.arrayBuffer();

    const up = await alice.client.storage.from(BUCKET).upload(name, file(jpeg, 'image/jpeg'), { upsert: true });
    expect(up.error).toBeNull();
    const second = await fetch(`${server.url}/storage/v1/object/public/${BUCKET}/${name}`);
    expect(second.headers.get('content-type')).toBe('image/jpeg');
    expect(second.headers.get('etag')).not.toBe(firstTag);
    expect(Buffer.from(await second.arrayBuffer()).equals(jpeg)).toBe(true);

    const upd = await alice.client.storage.from(BUCKET).update(name, file(png, 'image/png'));
    expect(upd.error).toBeNull();
    expect((await server.storedBytes(name))!.equals(png)).toBe(true);
    expect(await rowCount(name)).toBe(1);
  });

  it('the owner deletes by name; row and file are gone', async () => {
    const a = uniqueName('png');
    const b = uniqueName('png');
    await alice.client.storage.from(BUCKET).upload(a, file(png, 'image/png'));
    await alice.client.storage.from(BUCKET).upload(b, file(png, 'image/png'));
    const { data, error } = await alice.client.storage.from(BUCKET).remove([a, b, 'not-there.png']);
    expect(error).toBeNull();
    expect(data!.map((o) => o.name).sort()).toEqual([a, b].sort());
    expect(await rowCount(a)).toBe(0);
    expect(await server.isStored(a)).toBe(false);
    const res = await fetch(`${server.url}/storage/v1/object/public/${BUCKET}/${a}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '404', error: 'not_found', message: 'Object not found' });
  });
});

describe('concurrent uploads of the same path', () => {
  it('without upsert exactly one wins and the stored file is the winner\'s', async () => {
    const name = uniqueName('png');
    const other = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00ff00' } }).png().toBuffer();
    const results = await Promise.all([
      alice.client.storage.from(BUCKET).upload(name, file(png, 'image/png')),
      alice.client.storage.from(BUCKET).upload(name, file(other, 'image/png')),
    ]);
    const ok = results.filter((r) => !r.error);
    expect(ok).toHaveLength(1);
    expect(results.find((r) => r.error)!.error).toMatchObject({ statusCode: '409' });
    const { rows } = await server.ctx.db.query<{ id: string; etag: string }>(
      `select id, metadata->>'eTag' as etag from storage.objects where bucket_id = $1 and name = $2`,
      [BUCKET, name],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(ok[0]!.data!.id);
    const stored = (await server.storedBytes(name))!;
    const winner = stored.equals(png) ? png : other;
    expect(stored.equals(winner)).toBe(true);
    const { createHash } = await import('node:crypto');
    expect(rows[0]!.etag).toBe(`"${createHash('md5').update(stored).digest('hex')}"`);
  });

  it('with upsert both succeed and the row describes the file on disk', async () => {
    const name = uniqueName('png');
    const other = await sharp({ create: { width: 12, height: 12, channels: 3, background: '#ff00ff' } }).png().toBuffer();
    const results = await Promise.all([
      alice.client.storage.from(BUCKET).upload(name, file(png, 'image/png'), { upsert: true }),
      alice.client.storage.from(BUCKET).upload(name, file(other, 'image/png'), { upsert: true }),
    ]);
    expect(results.map((r) => r.error)).toEqual([null, null]);
    const { rows } = await server.ctx.db.query<{ etag: string; size: string }>(
      `select metadata->>'eTag' as etag, metadata->>'size' as size from storage.objects where bucket_id = $1 and name = $2`,
      [BUCKET, name],
    );
    expect(rows).toHaveLength(1);
    const stored = (await server.storedBytes(name))!;
    const { createHash } = await import('node:crypto');
    expect(rows[0]!.etag).toBe(`"${createHash('md5').update(stored).digest('hex')}"`);
    expect(Number(rows[0]!.size)).toBe(stored.length);
  });
});
