import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { testDbKind } from './databases.ts';

/**
 * The server as operators run it: `node --import tsx server/main.ts` in a process of its own, for
 * what only a real process shows (signals, exit codes, a second process on one DATA_DIR).
 */
export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the port once it prints that it runs (rejects if it exits first). */
  ready: Promise<number>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL if still running (tests' cleanup). */
  kill(): Promise<void>;
}

export const PROCESS_ENV: Record<string, string> = {
  HOST: '127.0.0.1',
  PORT: '0',
  JWT_SECRET: 'process-test-secret-that-is-long-enough-for-hs256',
  AUTH_AUTOCONFIRM: 'true',
  SEED_DEMO: 'false',
  JOBS_TICK_SECONDS: '0',
  RATE_LIMIT_REST_WRITES: '100000/60',
  RATE_LIMIT_VOTES: '100000/60',
  RATE_LIMIT_COMMENTS: '100000/60',
  RATE_LIMIT_UPLOADS: '100000/60',
  RATE_LIMIT_SIGNUP: '100000/60',
  RATE_LIMIT_TOKEN: '100000/60',
  RATE_LIMIT_TOKEN_BURST: '100000',
};

export function spawnServer(env: Record<string, string>, script = 'server/main.ts'): ServerProcess {
  const fullEnv: Record<string, string | undefined> = { ...process.env, ...PROCESS_ENV, ...env };
  if (!env.DATABASE_URL) delete fullEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const ready = new Promise<number>((resolve, reject) => {
    const check = () => {
      const m = /\(port (\d+),/.exec(out);
      if (m) {
        child.stdout!.off('data', check);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on('data', check);
    void exited.then(({ code, signal }) => reject(new Error(`server exited (${code ?? signal}) before it was ready:\n${out}`)));
  });
  ready.catch(() => undefined);
  return {
    child,
    pid: child.pid!,
    output: () => out,
    ready,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

/**
 * An empty database for a spawned server on the suite's engine: Postgres gets a fresh database of
 * its own (dropped by `drop`), PGlite needs nothing beyond DATA_DIR.
 */
export async function freshDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (testDbKind() !== 'postgres') return { env: {}, drop: async () => undefined };
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `${base.pathname.slice(1) || 'showcase_test'}_proc_${randomUUID().slice(0, 8)}`;
  const admin = async (sql: string) => {
    const url = new URL(base);
    url.pathname = '/postgres';
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { env: { DATABASE_URL: url.toString() }, drop: () => admin(`drop database if exists "${name}" with (force)`) };
}
