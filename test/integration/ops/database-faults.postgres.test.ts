import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { openPostgres } from '../../../server/db/postgres.ts';
import { cloneTemplate, cloneUrl } from '../../support/databases.ts';
import { serviceProject } from '../schema-fixtures.ts';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { TcpProxy } from '../../support/tcp-proxy.ts';

/**
 * The database failing under a running server (reliability report F4, M1, M4): reached through a
 * TCP proxy the test cuts (database down, connections reset) or hangs (database frozen).
 */
let clone: Database;
let proxy: TcpProxy;
let server: TestServer;
let alice: TestUser;
let projectId: string;
const logLines: string[] = [];

const rest = (path: string, init: RequestInit = {}, token = server.anonKey) =>
  fetch(`${server.url}/rest/v1${path}`, {
    ...init,
    headers: { apikey: server.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
    signal: AbortSignal.timeout(20_000),
  });

beforeAll(async () => {
  clone = await cloneTemplate();
  const direct = new URL(cloneUrl(clone));
  proxy = await TcpProxy.start({ host: direct.hostname, port: Number(direct.port || 5432) });
  const viaProxy = new URL(direct);
  viaProxy.port = String(proxy.port);
  const db = await openPostgres(viaProxy.toString(), {
    poolSize: 4,
    acquireTimeoutMs: 1000,
    queryTimeoutMs: 1500,
    onConnectionError: (err) => logLines.push(`connection lost: ${err.message}`),
  });
  server = await startTestServer({ LOG_LEVEL: 'info' }, { db, log: (line) => logLines.push(line) });
  alice = await server.createUser({ name: 'Alice' });
  await server.service().from('creators').insert({ id: alice.id, name: 'Alice' });
  projectId = await serviceProject(server, alice.id);
}, 120_000);

afterAll(async () => {
  proxy?.restore();
  proxy?.resume();
  await server?.close();
  await proxy?.close();
  await clone?.close();
});

describe('database down (connections cut, new ones refused)', () => {
  it('answers 503 with Retry-After on /rest, /auth and /storage, keeps running, and recovers by itself', async () => {
    expect((await rest('/projects?select=id&limit=1')).status).toBe(200);
    proxy.cut();
    logLines.length = 0;

    const read = await rest('/projects?select=id&limit=1');
    expect(read.status).toBe(503);
    expect(read.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await read.json()).toMatchObject({ code: 'PGRST000' });

    const write = await rest('/project_comments', { method: 'POST', body: JSON.stringify({ project_id: projectId, content: 'during outage' }) }, alice.token);
    expect(write.status).toBe(503);

    const { error: authError } = await server.anon().auth.signInWithPassword({ email: alice.email, password: 'whatever-password' });
    expect(authError?.status).toBe(503);

    const storage = await fetch(`${server.url}/storage/v1/object/info/project-images/some/file.png`, {
      headers: { apikey: server.anonKey, authorization: `Bearer ${alice.token}` },
    });
    expect(storage.status).toBe(503);
    expect(storage.headers.get('retry-after')).toMatch(/^\d+$/);

    // Many failing requests, few log lines (the report saw 16,371 stack traces in 20 s).
    await Promise.all(Array.from({ length: 100 }, () => rest('/projects?select=id&limit=1').then((r) => r.arrayBuffer())));
    const unavailableLines = logLines.filter((l) => l.includes('database unavailable'));
    expect(unavailableLines.length).toBeGreaterThan(0);
    expect(unavailableLines.length).toBeLessThanOrEqual(3);
    expect(logLines.join('\n')).not.toMatch(/\n\s+at /);

    proxy.restore();
    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) {
      status = (await rest('/projects?select=id&limit=1')).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    const again = await rest('/project_comments', { method: 'POST', body: JSON.stringify({ project_id: projectId, content: 'after outage' }) }, alice.token);
    expect(again.status).toBe(201);
  });
});

describe('connections cut while requests are using them', () => {
  it('fails those requests with 503 and the process lives on (an error event from a busy pg client used to end it)', async () => {
    proxy.hang();
    // Requests that hold their pooled connections while the database says nothing…
    const inFlight = Array.from({ length: 4 }, () => rest('/projects?select=id&limit=1'));
    await new Promise((r) => setTimeout(r, 300));
    // …when the connections are reset under them.
    proxy.cut();
    const statuses = await Promise.all(inFlight.map((p) => p.then((r) => r.status)));
    expect(statuses).toEqual([503, 503, 503, 503]);
    proxy.restore();
    proxy.resume();
    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) {
      status = (await rest('/projects?select=id&limit=1')).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
  });
});

describe('database hanging (nothing answers, connections stay open)', () => {
  it('answers 503 PGRST003 within the configured waits instead of hanging, and a write given up on never lands', async () => {
    proxy.hang();
    try {
      // No timing asserted: with nothing answering, only the query and acquire timeouts can end
      // these requests (without them, the test's own timeout would).
      const [read, write] = await Promise.all([
        rest('/projects?select=id&limit=1'),
        rest('/project_comments', { method: 'POST', body: JSON.stringify({ project_id: projectId, content: 'given up on' }) }, alice.token),
      ]);
      expect(read.status).toBe(503);
      expect(await read.json()).toMatchObject({ code: 'PGRST003' });
      expect(read.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(write.status).toBe(503);
      // Files and pages that need no database are still served.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
    } finally {
      proxy.resume();
    }
    let status = 0;
    for (let i = 0; i < 30 && status !== 200; i++) {
      status = (await rest('/projects?select=id&limit=1')).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    // The connection that carried the write was closed, so its transaction never committed.
    const { data } = await server.service().from('project_comments').select('id').eq('content', 'given up on');
    expect(data).toEqual([]);
  });
});
