import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../support/server.ts';
import { installFixtures } from './rest-fixtures.ts';

/** Write limits on /rest/v1: per client IP and per user, per kind of write; service_role exempt. */
async function write(server: TestServer, token: string, ip: string, path = 'rt_notes?id=eq.0', method = 'PATCH', body = '{"body":"x"}') {
  const res = await fetch(`${server.url}/rest/v1/${path}`, {
    method,
    headers: { apikey: server.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-forwarded-for': ip },
    body,
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() };
}

describe('default write limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    // An empty value leaves RATE_LIMIT_REST_WRITES at its default (120 writes / 60 s).
    server = await startTestServer({ RATE_LIMIT_REST_WRITES: '' });
    await installFixtures(server);
  });
  afterAll(() => server?.close());

  it('applies without configuration: the 121st write in a minute is refused with 429', async () => {
    expect(server.ctx.config.RATE_LIMIT_REST_WRITES).toEqual({ count: 120, seconds: 60 });
    const user = await server.createUser();
    for (let i = 0; i < 120; i++) expect((await write(server, user.token, '127.0.0.1')).status).toBe(204);
    const refused = await write(server, user.token, '127.0.0.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toEqual({
      code: 'over_request_rate_limit',
      message: 'Rate limit exceeded. Please try again later.',
      details: null,
      hint: null,
    });
    // Reads are not writes.
    const read = await fetch(`${server.url}/rest/v1/rt_notes`, { headers: { apikey: server.anonKey, authorization: `Bearer ${user.token}` } });
    expect(read.status).toBe(200);
    // The service_role key is exempt.
    for (let i = 0; i < 125; i++) expect((await write(server, server.serviceRoleKey, '127.0.0.1')).status).toBe(204);
  });
});

describe('per-IP and per-user keys', () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_REST_WRITES: '3/60', RATE_LIMIT_COMMENTS: '2/60', TRUST_PROXY: '127.0.0.1' });
    await installFixtures(server);
    // The product's comments table when the showcase schema is present; a stand-in otherwise.
    await server.ctx.db.exec('create table if not exists public.project_comments (id serial primary key, content text not null)');
    await server.ctx.schemaCache.reload();
    [alice, bob, carol] = await Promise.all([server.createUser(), server.createUser(), server.createUser()]);
  });
  afterAll(() => server?.close());

  it('counts per client IP: another user from the same address is refused too', async () => {
    for (let i = 0; i < 3; i++) expect((await write(server, alice.token, '10.0.0.1')).status).toBe(204);
    expect((await write(server, alice.token, '10.0.0.1')).status).toBe(429);
    expect((await write(server, bob.token, '10.0.0.1')).status).toBe(429);
  });

  it('counts per user: the same user from a new address is still refused; others are not', async () => {
    expect((await write(server, alice.token, '10.0.0.2')).status).toBe(429);
    expect((await write(server, carol.token, '10.0.0.3')).status).toBe(204);
  });

  it('counts anonymous writes per IP', async () => {
    for (let i = 0; i < 3; i++) expect((await write(server, server.anonKey, '10.0.0.4')).status).toBeLessThan(429);
    expect((await write(server, server.anonKey, '10.0.0.4')).status).toBe(429);
    expect((await write(server, server.anonKey, '10.0.0.5')).status).toBeLessThan(429);
  });

  it('comments have their own limit, separate from other writes', async () => {
    const post = () => write(server, carol.token, '10.0.0.6', 'project_comments', 'POST', '{}');
    expect((await post()).status).not.toBe(429);
    expect((await post()).status).not.toBe(429);
    expect((await post()).status).toBe(429);
    // Carol's generic write allowance (1 of 3 used above) is untouched by her comments.
    expect((await write(server, carol.token, '10.0.0.6')).status).toBe(204);
  });

  it('a write over the limit stores nothing: the refusal rolls back with it', async () => {
    const dave = await server.createUser();
    const post = (body: string) => write(server, dave.token, '10.0.0.7', 'rt_notes', 'POST', JSON.stringify({ body }));
    for (const body of ['first', 'second', 'third']) expect((await post(body)).status).toBe(201);
    const refused = await post('refused');
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).code).toBe('over_request_rate_limit');
    const { rows } = await server.ctx.db.query<{ body: string }>('select body from public.rt_notes where owner_id = $1 order by id', [dave.id]);
    expect(rows.map((r) => r.body)).toEqual(['first', 'second', 'third']);
  });

  it('counts writes that answer one object (checked before commit) the same way', async () => {
    const frank = await server.createUser();
    const post = (body: string) =>
      fetch(`${server.url}/rest/v1/rt_notes`, {
        method: 'POST',
        headers: {
          apikey: server.anonKey,
          authorization: `Bearer ${frank.token}`,
          'content-type': 'application/json',
          accept: 'application/vnd.pgrst.object+json',
          prefer: 'return=representation',
          'x-forwarded-for': '10.0.0.10',
        },
        body: JSON.stringify({ body }),
      });
    for (const body of ['one', 'two', 'three']) expect((await post(body)).status).toBe(201);
    const refused = await post('four');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const { rows } = await server.ctx.db.query<{ body: string }>('select body from public.rt_notes where owner_id = $1 order by id', [frank.id]);
    expect(rows.map((r) => r.body)).toEqual(['one', 'two', 'three']);
  });

  it('failed writes count as attempts: three refused by the database use up the allowance', async () => {
    const erin = await server.createUser();
    for (let i = 0; i < 3; i++) {
      const bad = await write(server, erin.token, '10.0.0.8', 'rt_notes', 'POST', '{"body":null}');
      expect(bad.status).toBe(400);
      expect(JSON.parse(bad.body).code).toBe('23502');
    }
    expect((await write(server, erin.token, '10.0.0.9')).status).toBe(429);
  });
});


describe('limit windows', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_REST_WRITES: '2/60', TRUST_PROXY: '127.0.0.1' });
    await installFixtures(server);
  });
  afterAll(() => server?.close());

  it('lifts a refusal once its window has run out, and counts afresh from there', async () => {
    const user = await server.createUser();
    for (let i = 0; i < 2; i++) expect((await write(server, user.token, '10.0.1.1')).status).toBe(204);
    const refused = await write(server, user.token, '10.0.1.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(55);
    // Still inside the window a second before it ends, on the database's clock too.
    await server.advanceClock(58_000);
    expect((await write(server, user.token, '10.0.1.1')).status).toBe(429);
    await server.advanceClock(2_500);
    for (let i = 0; i < 2; i++) expect((await write(server, user.token, '10.0.1.1')).status).toBe(204);
    expect((await write(server, user.token, '10.0.1.1')).status).toBe(429);
  });
});
