/**
 * npm run bench:fsync — what making PGlite's commits durable costs per write (decision 112).
 * Opens PGlite on this disk (not a tmpfs: /tmp may be one) with PGLITE_FSYNC off and on, and
 * times inserts through the server's two write paths: one writer after another (every commit
 * waits for its own fdatasync) and 16 writers at once (their commits share fdatasyncs).
 * BENCH_FSYNC_WRITES (default 300) sets the writes per run.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openPglite } from '../../server/db/pglite.ts';

const WRITES = Number(process.env.BENCH_FSYNC_WRITES ?? 300);
const CONCURRENCY = 16;
const root = join(process.cwd(), '.bench-data', `fsync-${process.pid}`);

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function run(durable: boolean) {
  const dir = join(root, durable ? 'on' : 'off');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const db = await openPglite({ dataDir: dir, durable });
  await db.exec(`create table comments (id bigserial primary key, project_id int not null, body text not null, created_at timestamptz default now())`);
  const insert = (i: number) =>
    db.pipeline([{ sql: 'insert into comments (project_id, body) values ($1, $2) returning id', params: [i % 40, `comment ${i} ${'x'.repeat(120)}`] }], {
      readOnly: false,
    });

  // One writer: each answer waits for its own commit to reach the disk.
  const latencies: number[] = [];
  let t = performance.now();
  for (let i = 0; i < WRITES; i++) {
    const s = performance.now();
    await insert(i);
    latencies.push(performance.now() - s);
  }
  const serialMs = performance.now() - t;
  latencies.sort((a, b) => a - b);

  // Sixteen writers at once.
  t = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < WRITES) await insert(WRITES + next++);
    }),
  );
  const concurrentMs = performance.now() - t;
  await db.close();
  rmSync(dir, { recursive: true, force: true });
  return {
    fsync: durable ? 'on' : 'off',
    serialWritesPerS: Math.round((WRITES / serialMs) * 1000),
    serialP50Ms: +pct(latencies, 50).toFixed(2),
    serialP99Ms: +pct(latencies, 99).toFixed(2),
    concurrentWritesPerS: Math.round((WRITES / concurrentMs) * 1000),
  };
}

const results = [await run(false), await run(true), await run(false), await run(true)];
rmSync(root, { recursive: true, force: true });
console.log(`PGlite commit durability, ${WRITES} writes per run, on ${process.cwd()}'s disk (two runs each)`);
console.table(results);
