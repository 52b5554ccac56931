import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstScreenRequests } from '../../domain/public-routes.ts';

/**
 * npm run bench:pages — the drawn pages with and without the page cache (decision 206), in one
 * run on one machine: for `/`, `/projects`, a project page and a leaderboard, autocannon at 1, 16
 * and 64 connections against
 *   static    a static file of the page's size, served by the same server (the floor),
 *   cached    the page from the page cache (PAGE_CACHE=true),
 *   uncached  the page drawn for every request (PAGE_CACHE=false, another server process),
 *   rest      the REST call behind the page, on the uncached server.
 * Each server is a child process on PGlite with the demo content and the built app (npm run
 * build:web first); the load comes from this process. Medians of the rounds; p97.5 latency is
 * what autocannon reports (stricter than p95).
 *
 * Environment: BENCH_ROUNDS (3), BENCH_DURATION seconds per round (3), BENCH_ROUTES (/,/projects,project,leaderboard),
 * BENCH_CONNECTIONS (1,16,64), BENCH_PORT (41400; the next port too).
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = resolve(ROOT, 'dist/web');
const list = (v: string | undefined, d: string) => (v ?? d).split(',').map((s) => s.trim()).filter(Boolean);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const ROUTES = list(process.env.BENCH_ROUTES, '/,/projects,project,leaderboard');
const CONNECTIONS = list(process.env.BENCH_CONNECTIONS, '1,16,64').map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 41400);
const TARGETS = ['static', 'cached', 'uncached', 'rest'] as const;
type Target = (typeof TARGETS)[number];

interface Server {
  url: string;
  child: ChildProcess;
  dataDir: string;
}

async function startServer(port: number, pageCache: boolean): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pages-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'error',
      JOBS_TICK_SECONDS: '0',
      // Uncached pages at 64 connections on a loaded machine hold the main thread for long stretches.
      WATCHDOG_TIMEOUT_SECONDS: '0',
      WEB_DIST_DIR: DIST,
      PAGE_CACHE: String(pageCache),
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  // A benchmark, not a test: it waits for the server by asking until it answers.
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${url}/robots.txt`).then((r) => r.ok, () => false);
    if (ok) return { url, child, dataDir };
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server on ${port} did not start`);
}

async function stop(server: Server): Promise<void> {
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await exited;
  rmSync(server.dataDir, { recursive: true, force: true });
}

interface Cell {
  rps: number;
  p50: number;
  p975: number;
  errors: number;
}

async function round(url: string, connections: number, headers: Record<string, string>): Promise<Cell> {
  const result = await autocannon({ url, connections, duration: DURATION, headers });
  return { rps: result.requests.average, p50: result.latency.p50, p975: result.latency.p97_5, errors: result.errors + result.non2xx };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  console.log(`bench:pages — rounds ${ROUNDS} × ${DURATION} s, connections ${CONNECTIONS.join(',')}, load average at start ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const cached = await startServer(PORT, true);
  const uncached = await startServer(PORT + 1, false);
  const floorDir = join(DIST, 'bench-floor');
  mkdirSync(floorDir, { recursive: true });
  const anonKey = /<meta name="supabase-anon-key" content="([^"]+)"/.exec(await (await fetch(`${cached.url}/`)).text())![1]!;
  const apiHeaders = { apikey: anonKey, authorization: `Bearer ${anonKey}` };
  try {
    // Each server seeded its own demo data: the same project by title, under its own id.
    const projectOn = async (server: Server) =>
      ((await (await fetch(`${server.url}/rest/v1/projects?select=id&status=eq.approved&order=title.asc&limit=1`, { headers: apiHeaders })).json()) as { id: string }[])[0]!.id;
    const projects = { cached: await projectOn(cached), uncached: await projectOn(uncached) };
    const today = new Date().toISOString().slice(0, 10);
    const paths: Record<string, (server: 'cached' | 'uncached') => { page: string; rest: string }> = {
      '/': () => ({ page: '/', rest: firstScreenRequests('/', '')[1]!.url }),
      '/projects': () => ({ page: '/projects', rest: firstScreenRequests('/projects', '')[0]!.url }),
      project: (s) => ({ page: `/projects/${projects[s]}`, rest: firstScreenRequests(`/projects/${projects[s]}`, '')[0]!.url }),
      leaderboard: () => ({ page: `/leaderboard/daily/${today}`, rest: `/rest/v1/rpc/launch_leaderboard?period=day&period_start=${today}&max_rows=100` }),
    };
    const rows: string[] = [];
    for (const route of ROUTES) {
      const on = { cached: paths[route]!('cached'), uncached: paths[route]!('uncached') };
      const first = await fetch(cached.url + on.cached.page);
      const html = await first.text();
      if (first.status !== 200) throw new Error(`${on.cached.page} answered ${first.status}`);
      const floorFile = `${route.replace(/[^a-z]/g, '') || 'home'}.txt`;
      writeFileSync(join(floorDir, floorFile), html);
      const urls: Record<Target, { url: string; headers: Record<string, string> }> = {
        static: { url: `${cached.url}/bench-floor/${floorFile}`, headers: {} },
        cached: { url: cached.url + on.cached.page, headers: {} },
        uncached: { url: uncached.url + on.uncached.page, headers: {} },
        rest: { url: uncached.url + on.uncached.rest, headers: apiHeaders },
      };
      for (const connections of CONNECTIONS) {
        const cells = {} as Record<Target, Cell>;
        for (const target of TARGETS) {
          const runs: Cell[] = [];
          for (let r = 0; r < ROUNDS; r++) runs.push(await round(urls[target].url, connections, urls[target].headers));
          cells[target] = {
            rps: median(runs.map((c) => c.rps)),
            p50: median(runs.map((c) => c.p50)),
            p975: median(runs.map((c) => c.p975)),
            errors: runs.reduce((n, c) => n + c.errors, 0),
          };
        }
        const f = (c: Cell) => `${c.rps.toFixed(0)} (${c.p975} ms)${c.errors ? ` ${c.errors} err` : ''}`;
        const row = `| ${route} | ${html.length} | ${connections} | ${f(cells.static)} | ${f(cells.cached)} | ${f(cells.uncached)} | ${f(cells.rest)} | ${(cells.cached.rps / cells.static.rps).toFixed(2)} | ${(cells.uncached.rps / cells.rest.rps).toFixed(2)} |`;
        rows.push(row);
        console.log(row);
      }
    }
    console.log(`\nmedian req/s (p97.5 latency) of ${ROUNDS} rounds; load average at end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log('| route | HTML bytes | conn | static (floor) | cached HTML | uncached HTML | REST behind it | cached/static | uncached/REST |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    rmSync(floorDir, { recursive: true, force: true });
    await Promise.all([stop(cached), stop(uncached)]);
  }
}

await main();
