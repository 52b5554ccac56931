/** What a benchmark target prints once it listens, and the environment it is started with. */
export interface Ready {
  url: string;
  /** Approved project ids, newest first: the detail and vote requests pick from these. */
  projectIds: string[];
}

export interface TargetEnv {
  engine: 'pglite' | 'postgres';
  /** Postgres only: the database this target serves (already migrated and seeded for ours/bare). */
  databaseUrl?: string;
  projects: number;
  jwtSecret: string;
  /** PGlite only: a migrated, seeded data directory dump to start from (ours and bare). */
  snapshot?: string;
}

export function targetEnv(): TargetEnv {
  const engine = process.env.BENCH_ENGINE === 'postgres' ? 'postgres' : 'pglite';
  return {
    engine,
    databaseUrl: process.env.BENCH_TARGET_DB,
    projects: Number(process.env.BENCH_PROJECTS ?? 100_000),
    jwtSecret: process.env.BENCH_JWT_SECRET ?? '',
    snapshot: process.env.BENCH_SNAPSHOT || undefined,
  };
}

export const APPROVED_IDS_SQL =
  `select id from public.projects where status = 'approved' order by created_at desc, id desc limit 2000`;

/** The PGlite database a target serves: loaded from the orchestrator's snapshot, else built here. */
export async function benchPglite(env: TargetEnv) {
  const { readFileSync } = await import('node:fs');
  const { openPglite } = await import('../../server/db/pglite.ts');
  const { migrate } = await import('../../server/db/migrate.ts');
  const { seedBulkProjects } = await import('../../db/seed/bulk.ts');
  if (env.snapshot) return openPglite({ loadDataDir: new Blob([readFileSync(env.snapshot)]) });
  const db = await openPglite();
  await migrate(db);
  await seedBulkProjects(db, env.projects);
  return db;
}

export function announce(ready: Ready): void {
  process.stdout.write(`READY ${JSON.stringify(ready)}\n`);
}
