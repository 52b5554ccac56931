import { request } from 'node:http';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { buildCommunity } from '../schema-fixtures.ts';

/** A raw GET or POST whose body is read as sent (fetch would decompress it out of sight). */
function raw(url: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(url, { method: body === undefined ? 'GET' : 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const community = await buildCommunity(server);
  // Enough rows that the list is worth compressing.
  for (let i = 0; i < 15; i++) {
    await server.service().from('projects').insert({
      title: `Compressible project ${i}`,
      description: 'A description long enough to make the JSON of a page of projects several kilobytes.',
      image_url: 'https://example.com/cover.png',
      tool: 'Lovable',
      category: 'App',
      creator_id: community.owner.id,
      status: 'approved',
    });
  }
});
afterAll(() => server?.close());

describe('API responses on the wire', () => {
  const listPath = '/rest/v1/projects?select=*,creators(id,name,bio)&order=created_at.desc';

  it('compresses a JSON list for a client that accepts gzip or br, and it decodes to the same rows', async () => {
    const headers = { apikey: server.anonKey };
    const plain = await raw(server.url + listPath, headers);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    const rows = JSON.parse(plain.body.toString());
    expect(rows.length).toBeGreaterThanOrEqual(15);

    const gz = await raw(server.url + listPath, { ...headers, 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(rows);
    expect(gz.body.length).toBeLessThan(plain.body.length / 3);

    const br = await raw(server.url + listPath, { ...headers, 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(rows);
  });

  it('is transparent to supabase-js', async () => {
    const { data, error } = await server.anon().from('projects').select('*,creators(id,name,bio)').order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThanOrEqual(15);
  });

  it('leaves small answers alone', async () => {
    const one = await raw(`${server.url}/rest/v1/projects?select=id&limit=1`, { apikey: server.anonKey, 'accept-encoding': 'gzip' });
    expect(one.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(one.body.toString())).toHaveLength(1);
  });

  it('never compresses auth responses, which carry tokens (BREACH)', async () => {
    const email = `breach-${Date.now()}@example.test`;
    const signup = await raw(
      `${server.url}/auth/v1/signup`,
      { apikey: server.anonKey, 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
      JSON.stringify({ email, password: 'a-long-enough-password-9', data: { name: 'Breach Tester', note: 'x'.repeat(900) } }),
    );
    expect(signup.status).toBe(200);
    expect(signup.body.length).toBeGreaterThan(1024);
    expect(signup.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(signup.body.toString()).access_token).toEqual(expect.any(String));
  });
});
