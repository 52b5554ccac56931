import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { BULK_VOTERS, bulkVoterId, seedBulkProjects } from '../../db/seed/bulk.ts';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { migrate } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { createKeys } from '../../server/security/jwt.ts';
import type { Ready } from './protocol.ts';
import { REST_PATHS, REST_VOTE_PATH, restDetailPath, SCENARIOS, type Scenario } from './statements.ts';

/**
 * npm run bench:api — list, search, detail and vote at 1 and 16 connections against
 *   (a) our server, (b) @supabase/lite, (c) a bare node:http handler running the same SQL,
 * each in its own process over the same schema and 100,000 projects, on PGlite and (when one is
 * reachable) on Postgres. Load comes from this process (autocannon); the servers are children.
 *
 * Environment: BENCH_DURATION seconds per round (3), BENCH_ROUNDS per cell (5), BENCH_WARMUP seconds (1), BENCH_PROJECTS
 * (100000), BENCH_ENGINES (pglite,postgres), BENCH_TARGETS (ours,lite,bare), BENCH_CONNECTIONS (1,16),
 * BENCH_SCENARIOS (list,search,detail,vote), BENCH_PROFILE (a CPU profile file per target, see support/profile.ts),
 * BENCH_DATABASE_URL (a Postgres server to create and drop scratch databases on; default local).
 */
type Target = 'ours' | 'lite' | 'bare';
type Engine = 'pglite' | 'postgres';

const HERE = dirname(fileURLToPath(import.meta.url));
const list = (v: string | undefined, d: string) => (v ?? d).split(',').map((s) => s.trim()).filter(Boolean);
const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 100_000);
const ENGINES = list(process.env.BENCH_ENGINES, 'pglite,postgres') as Engine[];
const TARGETS = list(process.env.BENCH_TARGETS, 'ours,lite,bare') as Target[];
const ONLY = list(process.env.BENCH_SCENARIOS, SCENARIOS.join(',')) as Scenario[];
const CONNECTIONS = list(process.env.BENCH_CONNECTIONS, '1,16').map(Number);
const SECRET = randomBytes(32).toString('base64url');
const keys = await createKeys(SECRET);
const anonKey = keys.anonKey;
/** An access token per bulk voter (anonymous accounts, db/seed/bulk.ts), signed as the auth server would. */
const voterTokens = ONLY.includes('vote')
  ? await Promise.all(
      Array.from({ length: BULK_VOTERS }, (_, i) =>
        keys.sign({ role: 'authenticated', aud: 'authenticated', sub: bulkVoterId(i), is_anonymous: true }, 24 * 3600),
      ),
    )
  : [];
/** Counts votes across cells, so every request is a (voter, project) pair not voted before: an insert. */
let voteSeq = 0;

interface Cell {
  rps: number;
  p50: number;
  p95: number;
  errors: number;
  /** CPU time the target's process spent per request: robust to a busy machine, unlike req/s. */
  cpuMs?: number;
  /** On a local Postgres: CPU time all its processes spent per request while this target was served. */
  dbCpuMs?: number;
  /** Throughput of each round, in the order the rounds ran. */
  roundRps?: number[];
}

/** utime + stime of a process in ms, from /proc (Linux); undefined elsewhere. */
function cpuTimeMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // After "pid (comm) ": state is field 0, utime field 11, stime field 12, in clock ticks (100/s).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
/** utime + stime in ms of every local `postgres` process by pid (Linux); undefined when none is visible (a remote server). */
function postgresCpuTimes(): Map<number, number> | undefined {
  const times = new Map<number, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      const ms = cpuTimeMs(Number(pid));
      if (ms !== undefined) times.set(Number(pid), ms);
    } catch {
      // The process ended while we looked.
    }
  }
  return times.size > 0 ? times : undefined;
}

/**
 * The database's CPU time between two readings. Targets take turns, so it is the work the
 * measured target caused, plus a little background work (WAL writer, autovacuum). Counted per
 * process, so backends that start or end meanwhile (pools open and close connections) do not
 * skew the sum; the last moments of one that ended are lost.
 */
function postgresCpuBetween(before: Map<number, number> | undefined, after: Map<number, number> | undefined): number | undefined {
  if (!before || !after) return undefined;
  let total = 0;
  for (const [pid, ms] of after) total += Math.max(0, ms - (before.get(pid) ?? 0));
  return total;
}
type Results = Map<string, Cell>;
const key = (engine: Engine, scenario: Scenario, connections: number, target: Target) => `${engine}/${scenario}/${connections}/${target}`;

// ---- target processes ----------------------------------------------------------------------------
async function startTarget(target: Target, engine: Engine, databaseUrl?: string, snapshot?: string): Promise<{ ready: Ready; child: ChildProcess }> {
  // BENCH_NODE_FLAGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the targets while they serve.
  const flags = list(process.env.BENCH_NODE_FLAGS, '').flatMap((f) => f.split(/\s+/));
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', join(HERE, 'targets', `${target}.ts`)], {
    env: {
      ...process.env,
      BENCH_ENGINE: engine,
      BENCH_TARGET_DB: databaseUrl ?? '',
      BENCH_SNAPSHOT: snapshot ?? '',
      BENCH_PROJECTS: String(PROJECTS),
      BENCH_JWT_SECRET: SECRET,
      BENCH_PROFILE: process.env.BENCH_PROFILE ? `${process.env.BENCH_PROFILE}.${engine}.${target}.cpuprofile` : '',
      LITE_TELEMETRY: '0',
      DO_NOT_TRACK: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const ready = await new Promise<Ready>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${target} did not start in 10 minutes`)), 600_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('READY ')) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice(6)) as Ready);
      }
    });
    child.on('exit', (code) => reject(new Error(`${target} exited with ${code} before it was ready:\n${stderr}`)));
  });
  return { ready, child };
}

async function stopTarget(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

// ---- requests --------------------------------------------------------------------------------------
/**
 * Every target is sent the same requests, as supabase-js sends them: the load generator shares
 * this machine, so bigger requests for one target would cost the others' CPU too. The bare floor
 * tells them apart by path and ignores the rest.
 */
function requestFor(_target: Target, scenario: Scenario, ready: Ready): autocannon.Options['requests'] {
  const headers: Record<string, string> = { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'x-client-info': 'supabase-js/bench' };
  const detailId = ready.projectIds[Math.min(500, ready.projectIds.length - 1)]!;
  switch (scenario) {
    case 'list':
      return [{ method: 'GET', path: REST_PATHS.list, headers }];
    case 'search':
      return [{ method: 'GET', path: REST_PATHS.search, headers }];
    case 'detail':
      return [{ method: 'GET', path: restDetailPath(detailId), headers: { ...headers, accept: 'application/vnd.pgrst.object+json' } }];
    case 'vote': {
      // Each request one of the bulk voters on one of 2,000 projects, a pair not voted before, so
      // every call inserts a vote row (as a visitor's first upvote would, after signing in anonymously).
      return [{
        method: 'POST',
        path: REST_VOTE_PATH,
        headers: { ...headers, 'content-type': 'application/json' },
        setupRequest: (req) => {
          const i = voteSeq++;
          const voter = i % BULK_VOTERS;
          const project = ready.projectIds[(i + Math.floor(i / BULK_VOTERS)) % ready.projectIds.length];
          return {
            ...req,
            headers: { ...req.headers, authorization: `Bearer ${voterTokens[voter]}` },
            body: JSON.stringify({ project_id: project }),
          };
        },
      }];
    }
  }
}

/**
 * Waits until the target has worked off requests autocannon gave up on when a cell ended (a
 * single-threaded PGlite keeps executing them), so the next cell does not pay for the last one.
 */
async function drain(target: Target, ready: Ready): Promise<void> {
  const [req] = requestFor(target, 'list', ready)!;
  await (await fetch(ready.url + req!.path, { headers: req!.headers as Record<string, string> })).text();
}

/** One request through each scenario, checked, so a broken target is not timed. */
async function fingerprint(target: Target, scenario: Scenario, ready: Ready): Promise<string> {
  const [req] = requestFor(target, scenario, ready)!;
  const r = (req!.setupRequest ? (req!.setupRequest as (r: object) => object)({ ...req }) : req!) as { body?: string; headers?: Record<string, string> };
  const res = await fetch(ready.url + req!.path, {
    method: req!.method,
    headers: r.headers ?? (req!.headers as Record<string, string>),
    body: r.body,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${target} ${scenario}: HTTP ${res.status} ${text.slice(0, 300)}`);
  const json = JSON.parse(text) as unknown;
  if (scenario === 'vote') return Object.keys(json as object).sort().join(',');
  const rows = (Array.isArray(json) ? json : [json]) as { title: string; creators?: { name: string }; creator_name?: string }[];
  return `${rows.length} rows: ${rows.slice(0, 3).map((r) => `${r.title} (${r.creators?.name ?? r.creator_name})`).join(', ')}`;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : NaN);

/** One timed run; the latencies of every answered request come back for pooling across rounds. */
async function measureRecorded(url: string, requests: autocannon.Options['requests'], connections: number, seconds: number): Promise<{ cell: Cell; latencies: number[] }> {
  const latencies: number[] = [];
  let errors = 0;
  // Without a callback autocannon returns its event emitter, which is also a promise of the result.
  const instance = autocannon({ url, connections, duration: seconds, requests, timeout: 30 }) as unknown as autocannon.Instance &
    PromiseLike<autocannon.Result>;
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status >= 400) errors++;
    latencies.push(ms);
  });
  const result = await instance;
  errors += result.errors + result.timeouts;
  const sorted = [...latencies].sort((a, b) => a - b);
  return { cell: { rps: latencies.length / seconds, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), errors }, latencies };
}

/** A warm-up run: answers are not recorded. */
async function warmUp(url: string, requests: autocannon.Options['requests'], connections: number, seconds: number): Promise<void> {
  await autocannon({ url, connections, duration: seconds, requests, timeout: 30 });
}

// ---- Postgres scratch databases ---------------------------------------------------------------------
function postgresBase(): string {
  return process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}
const withDb = (base: string, name: string) => {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
};

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresBase(), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresBase() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// ---- the run ---------------------------------------------------------------------------------------
const log = (line: string) => process.stderr.write(`${line}\n`);
const results: Results = new Map();
const fingerprints = new Map<string, string>();
const started = Date.now();
log(`bench:api — ${PROJECTS} projects, ${ROUNDS} rounds of ${DURATION}s per cell after ${WARMUP}s warm-up, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

/**
 * A database just bulk-loaded is not one a site serves from: autovacuum would start on it in the
 * middle of the measured rounds, billing whichever target runs then, and the first reader of each
 * row would pay for setting its hint bits. Vacuumed and analysed, every target reads the same
 * steady state.
 */
async function settle(db: { query: (sql: string) => Promise<unknown> }) {
  await db.query('vacuum (analyze)');
  await db.query('checkpoint');
}

for (const engine of ENGINES) {
  const scratch: string[] = [];
  let databases: Partial<Record<Target, string>> = {};
  let snapshot: string | undefined;
  if (engine === 'pglite' && TARGETS.some((t) => t !== 'lite')) {
    // Seeded once and loaded by ours and bare (same PGlite build), so both serve the same rows and ids.
    const db = await openPglite();
    await migrate(db);
    await seedBulkProjects(db, PROJECTS);
    await settle(db);
    snapshot = join(tmpdir(), `showcase-bench-${process.pid}.tar.gz`);
    writeFileSync(snapshot, Buffer.from(await (await db.pglite.dumpDataDir('gzip')).arrayBuffer()));
    await db.close();
  }
  if (engine === 'postgres') {
    if (!(await postgresReachable())) {
      log('postgres: not reachable (set BENCH_DATABASE_URL); skipped');
      continue;
    }
    const name = `showcase_bench_${process.pid}`;
    // ours and bare share one database (same rows, same ids); lite provisions its own auth schema
    // and re-grants privileges on start, so it gets a second database on the same server.
    for (const db of [name, `${name}_lite`]) {
      await admin(`drop database if exists "${db}" with (force)`);
      await admin(`create database "${db}"`);
      scratch.push(db);
    }
    const url = withDb(postgresBase(), name);
    const db = await openPostgres(url, 2);
    await migrate(db);
    await seedBulkProjects(db, PROJECTS);
    await settle(db);
    await db.close();
    databases = { ours: url, bare: url, lite: withDb(postgresBase(), `${name}_lite`) };
  }
  const readDbCpu = engine === 'postgres' ? postgresCpuTimes : () => undefined;
  // All targets run side by side, idle except while measured, and each cell measures them in
  // turn: on a shared machine, load that comes and goes then hits all three alike.
  const running: { target: Target; ready: Ready; child: ChildProcess }[] = [];
  try {
    for (const target of TARGETS) {
      const t0 = Date.now();
      const { ready, child } = await startTarget(target, engine, databases[target], target === 'lite' ? undefined : snapshot);
      running.push({ target, ready, child });
      log(`${engine}/${target}: ready in ${((Date.now() - t0) / 1000).toFixed(1)} s at ${ready.url}`);
    }
    for (const scenario of ONLY) {
      for (const { target, ready } of running) fingerprints.set(`${engine}/${scenario}/${target}`, await fingerprint(target, scenario, ready));
      for (const connections of CONNECTIONS) {
        // Rounds alternate the targets, and each target's median round is reported: a burst of
        // load from elsewhere on the machine then spoils one round, not the comparison.
        const rounds = new Map<Target, { cells: Cell[]; latencies: number[]; cpuMs: number; dbCpuMs: number; requests: number }>();
        for (let round = 0; round < ROUNDS; round++) {
          for (const { target, ready, child } of running) {
            const requests = requestFor(target, scenario, ready);
            await drain(target, ready);
            if (round === 0 && WARMUP > 0) await warmUp(ready.url, requests, connections, WARMUP);
            const [cpuBefore, dbCpuBefore] = [cpuTimeMs(child.pid), readDbCpu()];
            const { cell, latencies } = await measureRecorded(ready.url, requests, connections, DURATION);
            await drain(target, ready);
            const [cpuAfter, dbCpuAfter] = [cpuTimeMs(child.pid), readDbCpu()];
            const acc = rounds.get(target) ?? { cells: [], latencies: [], cpuMs: 0, dbCpuMs: 0, requests: 0 };
            acc.cells.push(cell);
            acc.latencies.push(...latencies);
            if (cpuBefore !== undefined && cpuAfter !== undefined) {
              acc.cpuMs += cpuAfter - cpuBefore;
              acc.dbCpuMs += postgresCpuBetween(dbCpuBefore, dbCpuAfter) ?? 0;
              acc.requests += cell.rps * DURATION;
            }
            rounds.set(target, acc);
          }
        }
        for (const { target } of running) {
          const acc = rounds.get(target)!;
          const rpsSorted = acc.cells.map((c) => c.rps).sort((a, b) => a - b);
          acc.latencies.sort((a, b) => a - b);
          const cell: Cell = {
            rps: rpsSorted[Math.floor(rpsSorted.length / 2)]!,
            p50: percentile(acc.latencies, 0.5),
            p95: percentile(acc.latencies, 0.95),
            errors: acc.cells.reduce((n, c) => n + c.errors, 0),
            roundRps: acc.cells.map((c) => c.rps),
            cpuMs: acc.requests > 0 ? acc.cpuMs / acc.requests : undefined,
            dbCpuMs: acc.requests > 0 && engine === 'postgres' && acc.dbCpuMs > 0 ? acc.dbCpuMs / acc.requests : undefined,
          };
          results.set(key(engine, scenario, connections, target), cell);
          log(`  ${scenario.padEnd(6)} c=${String(connections).padStart(2)} ${target.padEnd(4)} ${cell.rps.toFixed(0).padStart(6)} req/s (rounds in order ${acc.cells.map((c) => c.rps.toFixed(0)).join(' ')})  p50 ${cell.p50.toFixed(1)} ms  p95 ${cell.p95.toFixed(1)} ms${cell.cpuMs !== undefined ? `  cpu ${cell.cpuMs.toFixed(2)} ms/req` : ''}${cell.dbCpuMs !== undefined ? `  db cpu ${cell.dbCpuMs.toFixed(2)} ms/req` : ''}${cell.errors ? `  ERRORS ${cell.errors}` : ''}`);
        }
      }
    }
  } finally {
    for (const { child } of running) await stopTarget(child);
    for (const db of scratch) await admin(`drop database if exists "${db}" with (force)`).catch(() => undefined);
    if (snapshot) rmSync(snapshot, { force: true });
  }
}

// ---- report ----------------------------------------------------------------------------------------
const fmt = (c: Cell | undefined) => (c ? `${c.rps.toFixed(0)} r/s ${c.p50.toFixed(1)}/${c.p95.toFixed(1)} ms${c.errors ? ` (${c.errors} err)` : ''}` : '—');
/**
 * Throughput ratio of two targets: the median of their ratios round by round. The targets take
 * turns within a round, so each round's ratio compares them over the same minute of a machine
 * whose speed drifts; the median drops a round that a burst of outside load hit on one side only.
 */
function ratio(a: Cell | undefined, b: Cell | undefined): string {
  if (!a?.roundRps || !b?.roundRps || a.roundRps.length !== b.roundRps.length) return '—';
  const perRound = a.roundRps.map((rps, i) => rps / b.roundRps![i]!).filter(Number.isFinite).sort((x, y) => x - y);
  return perRound.length ? perRound[Math.floor(perRound.length / 2)]!.toFixed(2) : '—';
}
const cpuRatio = (a: Cell | undefined, c: Cell | undefined) => (a?.cpuMs && c?.cpuMs ? (c.cpuMs / a.cpuMs).toFixed(2) : '—');
const cpu = (c: Cell | undefined) => (c?.cpuMs !== undefined ? c.cpuMs.toFixed(2) : '—');
const dbCpu = (c: Cell | undefined) => (c?.dbCpuMs !== undefined ? c.dbCpuMs.toFixed(2) : '—');
const header = ['engine', 'request', 'conns', '(a) ours', '(b) lite', '(c) bare', 'a/c', 'a/b', 'cpu ms/req a|b|c', 'cpu c/a', 'db cpu ms/req a|b|c'];
const rows: string[][] = [];
for (const engine of ENGINES) {
  for (const scenario of SCENARIOS) {
    for (const connections of CONNECTIONS) {
      const get = (t: Target) => results.get(key(engine, scenario, connections, t));
      if (!get('ours') && !get('lite') && !get('bare')) continue;
      rows.push([engine, scenario, String(connections), fmt(get('ours')), fmt(get('lite')), fmt(get('bare')), ratio(get('ours'), get('bare')), ratio(get('ours'), get('lite')),
        `${cpu(get('ours'))} | ${cpu(get('lite'))} | ${cpu(get('bare'))}`, cpuRatio(get('ours'), get('bare')),
        engine === 'postgres' ? `${dbCpu(get('ours'))} | ${dbCpu(get('lite'))} | ${dbCpu(get('bare'))}` : '—']);
    }
  }
}
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(`\nthroughput (requests/s, median round) and latency median/p95 (ms, all rounds); a/c and a/b are throughput ratios,`);
console.log(`the median over rounds of the two targets' ratio within a round;`);
console.log(`cpu ms/req is the target process's CPU time per request (on Postgres, without the database's own CPU); cpu c/a = bare/ours;`);
console.log(`db cpu ms/req is a local Postgres server's CPU time per request (PGlite runs inside the target: its share is in cpu ms/req)`);
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of rows) console.log(line(r));

const mismatched = [...new Set([...fingerprints.keys()].map((k) => k.split('/').slice(0, 2).join('/')))].filter((prefix) => {
  const seen = new Set(TARGETS.map((t) => fingerprints.get(`${prefix}/${t}`)).filter(Boolean));
  return seen.size > 1;
});
for (const m of mismatched) {
  console.log(`\nnote: targets answered ${m} differently:`);
  for (const t of TARGETS) console.log(`  ${t}: ${fingerprints.get(`${m}/${t}`)}`);
}
console.log(`\n${PROJECTS} projects; ${ROUNDS} rounds of ${DURATION}s per cell (median round shown); load average at the end ${loadavg().map((l) => l.toFixed(2)).join(' ')}; total ${((Date.now() - started) / 1000).toFixed(0)} s`);
