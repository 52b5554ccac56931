import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../support/server.ts';

/**
 * What an overwrite and a delete leave in the backend (decision 111): on disk the file is replaced
 * in place; in S3 each upload is a new version and the one it replaced goes after the commit.
 * Either way one set of bytes remains per object, the last one written, and none after a delete.
 * (This suite also runs with STORAGE_BACKEND=s3 in the integration-s3 project.)
 */
let server: TestServer;
let user: TestUser;
const image = (fill: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256 * 1024, fill)]);
const EVER = new Date(8_640_000_000_000_000);

beforeAll(async () => {
  server = await startTestServer();
  user = await server.createUser();
});
afterAll(() => server?.close());

async function storedVersions(key: string): Promise<number> {
  let n = 0;
  for await (const o of server.ctx.storage.listStored(EVER)) if (o.ref.key === key) n++;
  return n;
}

describe('stored bytes across overwrites and deletes', () => {
  it('keeps exactly the last upload, byte for byte, and nothing once deleted', async () => {
    const key = `${user.id}/versions.png`;
    for (const fill of [1, 2, 3]) {
      const { error } = await user.client.storage.from('project-images').upload(key, image(fill), { contentType: 'image/png', upsert: true });
      expect(error).toBeNull();
    }
    expect(await storedVersions(key)).toBe(1);
    expect((await server.storedBytes(key))!.equals(image(3))).toBe(true);
    const served = await fetch(`${server.url}/storage/v1/object/public/project-images/${key}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(image(3))).toBe(true);

    // A ranged read comes from the same bytes.
    const ranged = await fetch(`${server.url}/storage/v1/object/public/project-images/${key}`, { headers: { range: 'bytes=4-11' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(image(3).subarray(4, 12))).toBe(true);

    expect((await user.client.storage.from('project-images').remove([key])).error).toBeNull();
    expect(await storedVersions(key)).toBe(0);
  });

  it("an overwrite refused by a policy leaves the owner's bytes as they were, and no others", async () => {
    const owner = await server.createUser();
    const key = `${owner.id}/theirs.png`;
    expect((await owner.client.storage.from('project-images').upload(key, image(5), { contentType: 'image/png' })).error).toBeNull();
    // Someone else's object: RLS refuses the row, so the new bytes must go too.
    const { error } = await user.client.storage.from('project-images').upload(key, image(9), { contentType: 'image/png', upsert: true });
    expect(error).not.toBeNull();
    expect(await storedVersions(key)).toBe(1);
    expect((await server.storedBytes(key))!.equals(image(5))).toBe(true);
  });
});
