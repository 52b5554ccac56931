/**
 * npm run bench:web — Lighthouse on the public routes of a freshly started server.
 *
 * Builds the SPA, starts `server/main.ts` on a new PGlite data directory with the demo content,
 * then runs Lighthouse (Debian's Chromium) BENCH_WEB_RUNS times (3) per route and form factor
 * (mobile: Lighthouse's default simulated throttling — 4× CPU, 150 ms RTT, 1.6 Mbps; desktop: its
 * desktop preset) and prints the medians: the four category scores, LCP, CLS, TBT and bytes.
 *
 *   BENCH_WEB_RUNS=3 BENCH_WEB_ROUTES=/,/projects npm run bench:web
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const ROOT = resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const PORT = Number(process.env.BENCH_WEB_PORT ?? 8790);
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Sample {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  bytes: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  // Ready when /readyz says so (database reachable, migrations applied, demo content seeded).
  for (;;) {
    if (exited !== undefined) throw new Error(`server exited with ${exited}`);
    const ready = await fetch(`http://127.0.0.1:${PORT}/readyz`).then((r) => r.ok, () => false);
    if (ready) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function firstProjectPath(origin: string): Promise<string> {
  const html = await (await fetch(`${origin}/`)).text();
  const anonKey = /name="supabase-anon-key" content="([^"]+)"/.exec(html)![1]!;
  const rows = (await (await fetch(`${origin}/rest/v1/project_listing?select=id&order=created_at.desc&limit=1`, { headers: { apikey: anonKey } })).json()) as Array<{ id: string }>;
  return `/projects/${rows[0]!.id}`;
}

async function audit(url: string, port: number, formFactor: 'mobile' | 'desktop'): Promise<Sample> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  const lhr = result!.lhr;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Sample['scores'],
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    bytes: numeric('total-byte-weight'),
  };
}

async function main() {
  console.log('building the web app…');
  const build = spawnSync('npm', ['run', 'build:web'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('npm run build:web failed');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const server = await startServer(dataDir);
  const origin = `http://127.0.0.1:${PORT}`;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const routes = process.env.BENCH_WEB_ROUTES?.split(',') ?? ['/', '/projects', await firstProjectPath(origin), '/signin'];
    const rows: string[] = [];
    for (const formFactor of ['mobile', 'desktop'] as const) {
      for (const route of routes) {
        const samples: Sample[] = [];
        // One unmeasured load first, so every measured run finds the server warm.
        await audit(origin + route, chrome.port, formFactor);
        for (let i = 0; i < RUNS; i++) samples.push(await audit(origin + route, chrome.port, formFactor));
        const m = (pick: (s: Sample) => number) => median(samples.map(pick));
        const label = route.startsWith('/projects/') ? '/projects/{id}' : route;
        rows.push(
          `| ${formFactor.padEnd(7)} | ${label.padEnd(14)} | ${CATEGORIES.map((c) => String(m((s) => s.scores[c])).padStart(3)).join(' | ')} | ` +
            `${(m((s) => s.lcpMs) / 1000).toFixed(2)} s | ${m((s) => s.cls).toFixed(3)} | ${Math.round(m((s) => s.tbtMs))} ms | ${(m((s) => s.bytes) / 1000).toFixed(0)} kB |`,
        );
        console.log(rows.at(-1));
      }
    }
    console.log(`\nLighthouse ${RUNS} runs per cell, medians (${new Date().toISOString()})`);
    console.log('| profile | route          | perf | a11y | best | seo | LCP | CLS | TBT | bytes |');
    console.log('|---------|----------------|------|------|------|-----|-----|-----|-----|-------|');
    for (const row of rows) console.log(row);
  } finally {
    await chrome.kill();
    // The server closes its database (and syncs its files) before exiting: wait, then remove them.
    await new Promise((exited) => {
      server.once('exit', exited);
      server.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
