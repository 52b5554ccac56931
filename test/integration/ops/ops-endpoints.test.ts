import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { serviceProject } from '../schema-fixtures.ts';

const METRICS_TOKEN = 'metrics-token-for-the-test-suite';
let server: TestServer;
let bare: TestServer;
const lines: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN, RATE_LIMIT_VOTES: '2/60', LOG_LEVEL: 'debug' }, { log: (line) => lines.push(line) });
  bare = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  await bare?.close();
});

describe('/healthz and /readyz', () => {
  it('answers that the process is up and ready (database reachable, migrations applied)', async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'ok', disk: 'ok' });
  });

  it('is not ready while a migration is missing', async () => {
    const { rows } = await bare.ctx.db.query<{ name: string }>(`delete from platform.schema_migrations where name = (select max(name) from platform.schema_migrations) returning name`);
    try {
      const ready = await fetch(`${bare.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'unavailable', database: 'ok', migrations: 'pending', pending: [rows[0]!.name] });
    } finally {
      await bare.ctx.db.query(`insert into platform.schema_migrations (name) values ($1)`, [rows[0]!.name]);
    }
  });
});

describe('/metrics', () => {
  it('is absent (404) when METRICS_TOKEN is unset', async () => {
    expect((await fetch(`${bare.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${bare.url}/metrics`, { headers: { authorization: 'Bearer anything-at-all-here' } })).status).toBe(404);
  });

  it('refuses a missing or wrong token', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}x` } })).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${server.serviceRoleKey}` } })).status).toBe(401);
  });

  it('counts requests and latency per route group and status, rate-limit refusals and storage bytes', async () => {
    await server.anon().from('projects').select('id').limit(1);
    await fetch(`${server.url}/rest/v1/no_such_table`, { headers: { apikey: server.anonKey } });
    const voter = await server.signInAnonymously();
    const maker = await server.createUser({ name: 'Maker' });
    await server.service().from('creators').insert({ id: maker.id, name: 'Maker' });
    const project = await serviceProject(server, maker.id);
    for (let i = 0; i < 3; i++) await voter.client.rpc('toggle_vote', { project_id: project });

    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(/^http_requests_total\{group="rest",status="200"\} [1-9]\d*$/m);
    expect(text).toMatch(/^http_requests_total\{group="rest",status="404"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="\+Inf",group="rest",status="200"\} [1-9]\d*$/m);
    expect(text).toMatch(/^rate_limit_refusals_total\{group="rest"\} 1$/m);
    expect(text).toMatch(/^storage_bytes \d+$/m);
    expect(text).toMatch(/^disk_free_bytes [1-9]\d*$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
  });
});

describe('request ids and logs', () => {
  it('gives every answer an X-Request-Id, keeping one the caller sent, and logs requests with it at debug level', async () => {
    const generated = await fetch(`${server.url}/rest/v1/projects?select=id&limit=1`, { headers: { apikey: server.anonKey } });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const mine = 'trace-0123456789abcdef';
    const echoed = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': mine } });
    expect(echoed.headers.get('x-request-id')).toBe(mine);
    // Something that is not an id is replaced, not echoed.
    const odd = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'a b<script>' } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((r) => setImmediate(r));
    expect(lines.some((l) => l.startsWith('request ') && l.includes(`reqId=${mine}`) && l.includes('url=/healthz') && l.includes('status=200'))).toBe(true);
  });
});
