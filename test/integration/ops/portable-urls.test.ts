import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../../server/db/migrate.ts';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';

/**
 * Image URLs follow the site (reliability issue 13, item 8): the demo images and uploads are stored
 * under the public origin of their day; when the site moves to another port or domain, our own
 * storage URLs are answered under the origin the request came to. Images hosted elsewhere stay.
 */
let server: TestServer;
let maker: TestUser;
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 4)]);

beforeAll(async () => {
  // The site used to run on port 8080 (as `npm start` does), and now runs on a random port.
  server = await startTestServer({ SITE_URL: 'http://localhost:8080' });
  maker = await server.createUser({ name: 'Mia' });
  await server.service().from('creators').insert({ id: maker.id, name: 'Mia' });
});
afterAll(() => server?.close());

async function projectWithImage(imageUrl: string): Promise<string> {
  const { data, error } = await server
    .service()
    .from('projects')
    .insert({ title: 'Portable', description: 'd', tool: 'Cursor', category: 'App', creator_id: maker.id, status: 'approved', image_url: imageUrl })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return data.id as string;
}

describe('portable image URLs', () => {
  it("moves this server's own storage URLs to the request's origin, in tables and in the listing view", async () => {
    const name = `${maker.id}/moved.png`;
    expect((await maker.client.storage.from('project-images').upload(name, png, { contentType: 'image/png' })).error).toBeNull();
    // Stored as the SPA stores it: getPublicUrl() under the origin of that day.
    const id = await projectWithImage(`http://localhost:8080/storage/v1/object/public/project-images/${name}`);
    const { rows } = await server.ctx.db.query<{ image_url: string }>(`select image_url from public.projects where id = $1`, [id]);
    expect(rows[0]!.image_url).toBe(`http://localhost:8080/storage/v1/object/public/project-images/${name}`);

    const expected = `${server.url}/storage/v1/object/public/project-images/${name}`;
    const detail = await server.anon().from('projects').select('image_url').eq('id', id).single();
    expect(detail.data!.image_url).toBe(expected);
    const listing = await server.anon().from('project_listing').select('image_url').eq('id', id).single();
    expect(listing.data!.image_url).toBe(expected);
    // …and the URL works.
    const res = await fetch(detail.data!.image_url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);

    // A visitor on another address of the same server gets that address.
    const viaIp = await fetch(`${server.url.replace('localhost', '127.0.0.1')}/rest/v1/projects?select=image_url&id=eq.${id}`, { headers: { apikey: server.anonKey } });
    expect(await viaIp.json()).toEqual([{ image_url: expected.replace('localhost', '127.0.0.1') }]);
  });

  it('leaves images hosted elsewhere as they are, even on a Supabase storage path', async () => {
    const external = 'https://abcd.supabase.co/storage/v1/object/public/project-images/theirs.png';
    const other = 'https://img.example.com/radar.webp';
    const a = await projectWithImage(external);
    const b = await projectWithImage(other);
    const { data } = await server.anon().from('projects').select('id, image_url').in('id', [a, b]);
    expect(new Map(data!.map((p) => [p.id, p.image_url]))).toEqual(new Map([[a, external], [b, other]]));
  });

  it('records the origins the site has had, so a later move finds them', async () => {
    const { rows } = await server.ctx.db.query<{ origin: string }>(`select origin from platform.site_origins order by origin`);
    expect(rows.map((r) => r.origin)).toContain('http://localhost:8080');
  });

  it('learns, when migrating, the origins of existing rows that point at objects this database holds', async () => {
    const name = `${maker.id}/older.png`;
    expect((await maker.client.storage.from('project-images').upload(name, png, { contentType: 'image/png' })).error).toBeNull();
    await projectWithImage(`http://old-host.example:3000/storage/v1/object/public/project-images/${name}`);
    await projectWithImage('http://not-ours.example/storage/v1/object/public/project-images/missing.png');
    await server.ctx.db.exec(readFileSync(join(MIGRATIONS_DIR, '0080_site_origins.sql'), 'utf8'));
    const { rows } = await server.ctx.db.query<{ origin: string }>(`select origin from platform.site_origins`);
    const origins = rows.map((r) => r.origin);
    expect(origins).toContain('http://old-host.example:3000');
    expect(origins).not.toContain('http://not-ours.example');
  });
});
