import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { createKeys } from '../../server/security/jwt.ts';

/**
 * npm run bench:realtime — our server in a child process (PGlite, and Postgres when one is
 * reachable); this process holds the sockets and the writer. Each socket joins one channel with a
 * postgres_changes binding on projects (UPDATE, `id=eq.<one of P projects>`, P = sockets / FANOUT,
 * so each change goes to FANOUT sockets), and one broadcast room. The writer updates projects at
 * a fixed rate through the REST API (service role); every receipt is timed against the change's
 * commit_timestamp. Then one sender broadcasts to the room, which every socket joined.
 *
 * Environment: BENCH_SOCKETS (500,1000,2000), BENCH_RATES changes/s (50,200,500), BENCH_FANOUT
 * sockets per change (10), BENCH_SECONDS per cell (5), BENCH_ENGINES (pglite,postgres),
 * BENCH_BROADCASTS per second in the broadcast cell (2), BENCH_DATABASE_URL (a Postgres server to
 * create and drop a scratch database on; default local). Quick try:
 *   BENCH_SOCKETS=500 BENCH_RATES=50 BENCH_SECONDS=3 BENCH_ENGINES=pglite npm run bench:realtime
 */
type Engine = 'pglite' | 'postgres';
const list = (v: string | undefined, d: string) => (v ?? d).split(',').map((s) => s.trim()).filter(Boolean);
const SOCKETS = list(process.env.BENCH_SOCKETS, '500,1000,2000').map(Number);
const RATES = list(process.env.BENCH_RATES, '50,200,500').map(Number);
const FANOUT = Number(process.env.BENCH_FANOUT ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ENGINES = list(process.env.BENCH_ENGINES, 'pglite,postgres') as Engine[];
const BROADCASTS = Number(process.env.BENCH_BROADCASTS ?? 2);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRET = randomBytes(32).toString('base64url');
const keys = await createKeys(SECRET);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface Server {
  url: string;
  child: ChildProcess;
  close(): Promise<void>;
}

async function startServer(engine: Engine): Promise<Server | undefined> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-realtime-'));
  let dbName: string | undefined;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: SECRET,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'error',
    RATE_LIMIT_REST_WRITES: '1000000/60',
    REALTIME_MAX_SOCKETS_PER_IP: '100000',
    // Every socket comes from this one address, and each websocket is an HTTP connection too.
    HTTP_MAX_CONNECTIONS_PER_IP: '100001',
  };
  if (engine === 'postgres') {
    dbName = `bench_realtime_${process.pid}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    try {
      await admin.connect();
      await admin.query(`create database ${dbName}`);
    } catch (err) {
      console.error(`postgres: skipped (${(err as Error).message})`);
      await admin.end().catch(() => undefined);
      return undefined;
    }
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (i > 600) throw new Error('the server did not become ready');
    const ok = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    async close() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
      if (dbName) {
        const admin = new pg.Client({ connectionString: ADMIN_URL });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
    },
  };
}

/** CPU seconds (user + system) and RSS bytes of a process, from /proc. */
function usage(pid: number): { cpu: number; rss: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rssPages = Number(fields[21]);
  return { cpu: ticks / 100, rss: rssPages * 4096 };
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : NaN);

interface Client {
  ws: WebSocket;
  ready: Promise<void>;
}

/** A vsn 1.0.0 socket (JSON) that joins its change channel and the room; `onMessage` gets every change and broadcast. */
function openClient(url: string, projectId: string, onChange: (committedMs: number) => void, onBroadcast: (sentMs: number) => void): Client {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${keys.anonKey}&vsn=1.0.0`, { perMessageDeflate: false });
  let resolveReady: () => void;
  let rejectReady: (e: Error) => void;
  const ready = new Promise<void>((res, rej) => ((resolveReady = res), (rejectReady = rej)));
  let pending = 2;
  ws.on('open', () => {
    const base = { broadcast: { self: false, ack: false }, presence: { key: '', enabled: false }, private: false };
    ws.send(
      JSON.stringify({
        topic: `realtime:p-${projectId}`,
        event: 'phx_join',
        ref: '1',
        join_ref: '1',
        payload: { config: { ...base, postgres_changes: [{ event: 'UPDATE', schema: 'public', table: 'projects', filter: `id=eq.${projectId}` }] }, access_token: keys.anonKey },
      }),
    );
    ws.send(JSON.stringify({ topic: 'realtime:room', event: 'phx_join', ref: '2', join_ref: '2', payload: { config: { ...base, postgres_changes: [] }, access_token: keys.anonKey } }));
  });
  ws.on('message', (data) => {
    const text = data.toString();
    if (text.includes('"postgres_changes"') && text.includes('"commit_timestamp"')) {
      const m = /"commit_timestamp":"([^"]+)"/.exec(text);
      if (m) onChange(Date.parse(m[1]!));
      return;
    }
    if (text.includes('"event":"broadcast"')) {
      const m = /"sent":(\d+)/.exec(text);
      if (m) onBroadcast(Number(m[1]));
      return;
    }
    if (text.includes('"phx_reply"') && text.includes('"ref":"2"')) {
      if (!text.includes('"status":"ok"')) rejectReady(new Error(text));
      else if (--pending === 0) resolveReady();
    }
    if (text.includes('"system"') && text.includes('Subscribed to PostgreSQL')) {
      if (--pending === 0) resolveReady();
    }
    if (text.includes('"system"') && text.includes('"status":"error"')) rejectReady(new Error(text));
  });
  ws.on('error', (err) => rejectReady(err));
  return { ws, ready };
}

interface Row {
  engine: Engine;
  sockets: number;
  rate: number;
  achieved: number;
  delivered: number;
  expected: number;
  p50: number;
  p95: number;
  p99: number;
  cpuPer1k: number;
  rssPer1k: number;
  rss: number;
}

async function runEngine(engine: Engine, rows: Row[], broadcastRows: string[]): Promise<void> {
  const server = await startServer(engine);
  if (!server) return;
  try {
    const service = { apikey: keys.serviceRoleKey, authorization: `Bearer ${keys.serviceRoleKey}`, 'content-type': 'application/json' };
    const maxProjects = Math.ceil(Math.max(...SOCKETS) / FANOUT);
    const existing = (await (await fetch(`${server.url}/rest/v1/projects?select=id,creator_id&status=eq.approved&limit=${maxProjects}`, { headers: service })).json()) as { id: string; creator_id: string }[];
    const creator = existing[0]!.creator_id;
    const extra = Array.from({ length: Math.max(0, maxProjects - existing.length) }, (_, i) => ({
      title: `Bench project ${i}`,
      description: 'A project for the realtime benchmark.',
      tool: 'Cursor',
      category: 'App',
      creator_id: creator,
      status: 'approved',
    }));
    let ids = existing.map((p) => p.id);
    if (extra.length) {
      const res = await fetch(`${server.url}/rest/v1/projects?select=id`, { method: 'POST', headers: { ...service, prefer: 'return=representation' }, body: JSON.stringify(extra) });
      if (!res.ok) throw new Error(`seeding projects: ${res.status} ${await res.text()}`);
      ids = ids.concat(((await res.json()) as { id: string }[]).map((p) => p.id));
    }

    const pid = server.child.pid!;
    for (const n of SOCKETS) {
      const projects = ids.slice(0, Math.max(1, Math.ceil(n / FANOUT)));
      const baseline = usage(pid);
      let lags: number[] = [];
      let delivered = 0;
      let counting = false;
      let broadcastLags: number[] = [];
      const clients: Client[] = [];
      for (let i = 0; i < n; i++) {
        clients.push(
          openClient(
            server.url,
            projects[i % projects.length]!,
            (committed) => {
              if (!counting) return;
              delivered++;
              lags.push(Date.now() - committed);
            },
            (sent) => broadcastLags.push(Date.now() - sent),
          ),
        );
        if (i % 100 === 99) await Promise.all(clients.slice(-100).map((c) => c.ready));
      }
      await Promise.all(clients.map((c) => c.ready));
      const connected = usage(pid);
      const rssPer1k = ((connected.rss - baseline.rss) / n) * 1000;

      for (const rate of RATES) {
        lags = [];
        delivered = 0;
        counting = true;
        const start = usage(pid);
        const t0 = performance.now();
        let sent = 0;
        let inFlight = 0;
        // The writer: `rate` updates a second, spread over the projects, up to 32 requests in flight.
        while (performance.now() - t0 < SECONDS * 1000) {
          const due = Math.floor(((performance.now() - t0) / 1000) * rate);
          while (sent < due && inFlight < 32) {
            const id = projects[sent % projects.length]!;
            sent++;
            inFlight++;
            void fetch(`${server.url}/rest/v1/projects?id=eq.${id}`, { method: 'PATCH', headers: service, body: JSON.stringify({ description: `Bench update ${sent}` }) })
              .then((r) => r.arrayBuffer())
              .finally(() => inFlight--);
          }
          await new Promise((r) => setTimeout(r, 2));
        }
        const elapsed = (performance.now() - t0) / 1000;
        // What was committed is delivered within moments; wait for the tail (at most 5 s).
        const expected = sent * FANOUT;
        for (let i = 0; i < 50 && (delivered < expected || inFlight > 0); i++) await new Promise((r) => setTimeout(r, 100));
        counting = false;
        const end = usage(pid);
        const sorted = lags.sort((a, b) => a - b);
        rows.push({
          engine,
          sockets: n,
          rate,
          achieved: Math.round(sent / elapsed),
          delivered: Math.round(delivered / elapsed),
          expected,
          p50: pct(sorted, 50),
          p95: pct(sorted, 95),
          p99: pct(sorted, 99),
          cpuPer1k: ((end.cpu - start.cpu) / elapsed / n) * 1000,
          rssPer1k,
          rss: connected.rss,
        });
        const r = rows.at(-1)!;
        console.error(`${engine} ${n} sockets, ${rate}/s: ${r.achieved} changes/s, ${r.delivered} msgs/s (${delivered}/${expected}), p50/p95/p99 ${r.p50}/${r.p95}/${r.p99} ms`);
      }

      // Broadcast fan-out: one sender, every socket in the room.
      broadcastLags = [];
      const sender = new WebSocket(`${server.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${keys.anonKey}&vsn=1.0.0`);
      await new Promise((r) => sender.once('open', r));
      sender.send(JSON.stringify({ topic: 'realtime:room', event: 'phx_join', ref: '1', join_ref: '1', payload: { config: { broadcast: { self: false }, presence: { key: '', enabled: false }, postgres_changes: [], private: false } } }));
      await new Promise((r) => setTimeout(r, 200));
      const b0 = performance.now();
      let bsent = 0;
      while (performance.now() - b0 < SECONDS * 1000) {
        bsent++;
        sender.send(JSON.stringify({ topic: 'realtime:room', event: 'broadcast', ref: String(bsent + 1), join_ref: '1', payload: { type: 'broadcast', event: 'tick', payload: { sent: Date.now() } } }));
        await new Promise((r) => setTimeout(r, 1000 / BROADCASTS));
      }
      for (let i = 0; i < 50 && broadcastLags.length < bsent * n; i++) await new Promise((r) => setTimeout(r, 100));
      const bsorted = broadcastLags.sort((a, b) => a - b);
      broadcastRows.push(
        `| ${engine} | ${n} | ${bsent} | ${broadcastLags.length} of ${bsent * n} | ${Math.round(broadcastLags.length / ((performance.now() - b0) / 1000))} | ${pct(bsorted, 50)} / ${pct(bsorted, 95)} / ${pct(bsorted, 99)} |`,
      );
      sender.terminate();
      for (const c of clients) c.ws.terminate();
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await server.close();
  }
}

const rows: Row[] = [];
const broadcastRows: string[] = [];
for (const engine of ENGINES) await runEngine(engine, rows, broadcastRows);

console.log(`\nbench:realtime — ${SECONDS} s per cell, each change to ${FANOUT} sockets; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
console.log('| engine | sockets | writer changes/s (asked → done) | delivered msgs/s | commit→receipt p50 / p95 / p99 ms | server CPU s/s per 1,000 sockets | server RSS (growth per 1,000 sockets) |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.engine} | ${r.sockets} | ${r.rate} → ${r.achieved} | ${r.delivered} | ${r.p50} / ${r.p95} / ${r.p99} | ${r.cpuPer1k.toFixed(2)} | ${(r.rss / 1024 / 1024).toFixed(0)} MB (${(r.rssPer1k / 1024 / 1024).toFixed(1)} MB) |`,
  );
}
console.log(`\nBroadcast fan-out (one sender, ${BROADCASTS}/s, to every socket):\n`);
console.log('| engine | sockets | sent | received | delivered msgs/s | send→receipt p50 / p95 / p99 ms |');
console.log('|---|---|---|---|---|---|');
for (const line of broadcastRows) console.log(line);
