import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../server/config.ts';
import { startServer } from '../../server/server.ts';

/**
 * npx tsx bench/pages/render-cpu.ts — CPU milliseconds per uncached page render (issue 31 item 2).
 * One in-process server on PGlite with the demo content, the page cache off and the built app
 * (npm run build:web first); each page is asked for BENCH_RENDERS times, one at a time, and
 * process.cpuUsage() (user + system, this process: HTTP, database and React together) is read
 * around each request. CPU time, not wall time: the machine is shared. Prints the load average.
 *
 * Environment: BENCH_RENDERS (20), BENCH_ROUTES (/,/projects,project,leaderboard).
 */
process.env.NODE_ENV ??= 'production';
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const RENDERS = Number(process.env.BENCH_RENDERS ?? 20);
const ROUTES = (process.env.BENCH_ROUTES ?? '/,/projects,project,leaderboard').split(',').map((s) => s.trim()).filter(Boolean);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-render-cpu-'));
  Object.assign(process.env, {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'error',
    JOBS_TICK_SECONDS: '0',
    WATCHDOG_TIMEOUT_SECONDS: '0',
    WEB_DIST_DIR: resolve(ROOT, 'dist/web'),
    PAGE_CACHE: 'false',
    PAGE_RENDER_DEADLINE_MS: '60000',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
  });
  const server = await startServer(loadConfig(), { log: () => undefined });
  try {
    const { url } = server;
    const headers = { apikey: server.ctx.keys.anonKey, authorization: `Bearer ${server.ctx.keys.anonKey}` };
    const project = ((await (await fetch(`${url}/rest/v1/projects?select=id&status=eq.approved&order=title.asc&limit=1`, { headers })).json()) as { id: string }[])[0]!.id;
    const today = new Date().toISOString().slice(0, 10);
    const pathOf = (route: string) => (route === 'project' ? `/projects/${project}` : route === 'leaderboard' ? `/leaderboard/daily/${today}` : route);
    console.log(`render-cpu — ${RENDERS} uncached renders per page, load average at start ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log('| page | drawn | CPU ms median | CPU ms mean | wall ms median |');
    console.log('|---|---|---|---|---|');
    for (const route of ROUTES) {
      const path = pathOf(route);
      let drawn = false;
      for (let i = 0; i < 3; i++) drawn = (await (await fetch(url + path)).text()).includes('id="server-queries"');
      const cpu: number[] = [];
      const wall: number[] = [];
      for (let i = 0; i < RENDERS; i++) {
        const start = process.cpuUsage();
        const t0 = performance.now();
        const res = await fetch(url + path);
        await res.text();
        wall.push(performance.now() - t0);
        const used = process.cpuUsage(start);
        cpu.push((used.user + used.system) / 1000);
      }
      const mean = cpu.reduce((a, b) => a + b, 0) / cpu.length;
      console.log(`| ${route} | ${drawn} | ${median(cpu).toFixed(1)} | ${mean.toFixed(1)} | ${median(wall).toFixed(1)} |`);
    }
    console.log(`load average at end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
