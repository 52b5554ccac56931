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
}

export function targetEnv(): TargetEnv {
  const engine = process.env.BENCH_ENGINE === 'postgres' ? 'postgres' : 'pglite';
  return {
    engine,
    databaseUrl: process.env.BENCH_TARGET_DB,
    projects: Number(process.env.BENCH_PROJECTS ?? 100_000),
    jwtSecret: process.env.BENCH_JWT_SECRET ?? '',
  };
}

export const APPROVED_IDS_SQL =
  `select id from public.projects where status = 'approved' order by created_at desc, id desc limit 2000`;

export function announce(ready: Ready): void {
  process.stdout.write(`READY ${JSON.stringify(ready)}\n`);
}
