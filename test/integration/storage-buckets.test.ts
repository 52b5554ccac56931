import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../support/server.ts';

let server: TestServer;
let admin: TestUser;
let user: TestUser;
let png: Buffer;

const bucketExists = async (id: string) =>
  (await server.ctx.db.query('select 1 from storage.buckets where id = $1', [id])).rowCount === 1;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createUser({ appRole: 'admin' });
  user = await server.createUser();
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer();
});
afterAll(() => server?.close());

describe('the project-images bucket from the migrations', () => {
  it('is public, allows jpeg, png, gif and webp, and 5,242,880 bytes', async () => {
    const { data, error } = await server.anon().storage.getBucket('project-images');
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: 'project-images',
      name: 'project-images',
      public: true,
      file_size_limit: 5242880,
      allowed_mime_types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
    });
    const list = await user.client.storage.listBuckets();
    expect(list.data!.map((b) => b.id)).toContain('project-images');
  });
});

describe('creating buckets', () => {
  it('a regular user may not create a bucket (403), and none is stored', async () => {
    const { error } = await user.client.storage.createBucket('user-bucket', { public: true });
    expect(error).toMatchObject({ status: 400, statusCode: '403' });
    expect(await bucketExists('user-bucket')).toBe(false);
  });

  it('a user whose token claims admin in user_metadata is still refused (the database row decides)', async () => {
    const token = await server.ctx.keys.sign(
      { role: 'authenticated', aud: 'authenticated', sub: user.id, user_metadata: { role: 'admin' }, app_metadata: { role: 'admin' } },
      3600,
    );
    const { error } = await server.withToken(token).storage.createBucket('forged-admin', { public: true });
    expect(error).toMatchObject({ statusCode: '403' });
    expect(await bucketExists('forged-admin')).toBe(false);
  });

  it('an anonymous visitor may not create a bucket', async () => {
    const { error } = await server.anon().storage.createBucket('anon-bucket', { public: true });
    expect(error).toMatchObject({ statusCode: '403' });
    expect(await bucketExists('anon-bucket')).toBe(false);
  });

  it('an admin creates, reads, updates and deletes a bucket', async () => {
    const created = await admin.client.storage.createBucket('admin-files', {
      public: false,
      fileSizeLimit: '1MB',
      allowedMimeTypes: ['image/*'],
    });
    expect(created).toEqual({ data: { name: 'admin-files' }, error: null });
    const got = await admin.client.storage.getBucket('admin-files');
    expect(got.data).toMatchObject({ public: false, file_size_limit: 1048576, allowed_mime_types: ['image/*'] });
    // Private buckets are invisible to everyone else.
    expect((await user.client.storage.getBucket('admin-files')).error).toMatchObject({ statusCode: '404' });

    const updated = await admin.client.storage.updateBucket('admin-files', { public: true, fileSizeLimit: 2048, allowedMimeTypes: null });
    expect(updated).toEqual({ data: { message: 'Successfully updated' }, error: null });
    expect((await user.client.storage.getBucket('admin-files')).data).toMatchObject({ public: true, file_size_limit: 2048, allowed_mime_types: null });

    expect((await user.client.storage.updateBucket('admin-files', { public: false })).error).toMatchObject({ statusCode: '404' });
    expect((await user.client.storage.deleteBucket('admin-files')).error).toMatchObject({ statusCode: '404' });

    expect(await admin.client.storage.deleteBucket('admin-files')).toEqual({ data: { message: 'Successfully deleted' }, error: null });
    expect(await bucketExists('admin-files')).toBe(false);
  });

  it('the service role creates buckets; a duplicate id is 409', async () => {
    const service = server.service();
    expect((await service.storage.createBucket('svc-bucket', { public: true })).error).toBeNull();
    expect((await service.storage.createBucket('svc-bucket', { public: true })).error).toMatchObject({
      statusCode: '409',
      message: 'The resource already exists',
    });
  });

  it.each([['../evil'], ['public'], ['a'], ['bad name'], ['.hidden']])('refuses the bucket name %s', async (id) => {
    const { error } = await server.service().storage.createBucket(id, { public: true });
    expect(error).toMatchObject({ statusCode: '400' });
  });

  it('refuses a malformed size limit or MIME list', async () => {
    const service = server.service();
    expect((await service.storage.createBucket('bad-limit', { public: true, fileSizeLimit: 'lots' })).error).toMatchObject({ statusCode: '400' });
    expect((await service.storage.createBucket('bad-mimes', { public: true, allowedMimeTypes: ['not a type'] })).error).toMatchObject({
      statusCode: '400',
    });
    expect(await bucketExists('bad-limit')).toBe(false);
    expect(await bucketExists('bad-mimes')).toBe(false);
  });

  it('a bucket with objects cannot be deleted until it is emptied', async () => {
    const service = server.service();
    await service.storage.createBucket('to-empty', { public: true });
    expect((await service.storage.from('to-empty').upload('a.png', png, { contentType: 'image/png' })).error).toBeNull();
    expect((await service.storage.deleteBucket('to-empty')).error).toMatchObject({ statusCode: '409' });
    expect((await service.storage.emptyBucket('to-empty')).error).toBeNull();
    expect((await service.storage.deleteBucket('to-empty')).error).toBeNull();
  });
});

describe('the spec flow: create the bucket when it is missing, then retry', () => {
  /** What the submission form does (spec §7), parameterised by who runs it. */
  async function uploadWithAutoCreate(client: ReturnType<TestServer['anon']>, bucket: string) {
    const name = `${Date.now()}-${Math.random().toString(36).slice(2)}.png`;
    const upload = () =>
      client.storage.from(bucket).upload(name, new File([new Uint8Array(png)], 'x.png', { type: 'image/png' }), {
        upsert: true,
        cacheControl: '3600',
        contentType: 'image/png',
      });
    let result = await upload();
    if (result.error && /bucket not found/i.test(result.error.message)) {
      const created = await client.storage.createBucket(bucket, {
        public: true,
        allowedMimeTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
        fileSizeLimit: 5242880,
      });
      if (created.error) return { error: created.error };
      result = await upload();
    }
    if (result.error) return { error: result.error };
    return { publicUrl: client.storage.from(bucket).getPublicUrl(name).data.publicUrl };
  }

  it('an admin gets the bucket created and a working public URL', async () => {
    const out = await uploadWithAutoCreate(admin.client, 'auto-created');
    expect(out.error).toBeUndefined();
    const res = await fetch(out.publicUrl!);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    expect((await server.anon().storage.getBucket('auto-created')).data).toMatchObject({ public: true, file_size_limit: 5242880 });
  });

  it('a regular user sees the creation refused and nothing is created', async () => {
    const out = await uploadWithAutoCreate(user.client, 'user-auto-created');
    expect(out.error).toMatchObject({ statusCode: '403' });
    expect(await bucketExists('user-auto-created')).toBe(false);
  });
});
