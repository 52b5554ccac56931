import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite as PGlite17 } from 'pglite-pg17';
import { pg_trgm } from 'pglite-pg17/contrib/pg_trgm';
import { unaccent } from 'pglite-pg17/contrib/unaccent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../../server/db/database.ts';
import { migrate, readMigrations } from '../../../server/db/migrate.ts';
import { createKeys } from '../../../server/security/jwt.ts';
import { PROCESS_ENV, spawnServer, type ServerProcess } from '../../support/process.ts';

/**
 * Issue 36 item 3: a DATA_DIR written by the previous PGlite (0.4.6, PostgreSQL 17, installed as
 * the "pglite-pg17" alias) against this version's PGlite (PostgreSQL 18): two real versions.
 */
const run = promisify(execFile);
const root = mkdtempSync(join(tmpdir(), 'upgrade-data-test-'));
const dataDir = join(root, 'data');
const running: ServerProcess[] = [];
const keys = await createKeys(PROCESS_ENV.JWT_SECRET!);

afterAll(async () => {
  for (const p of running) await p.kill();
  rmSync(root, { recursive: true, force: true });
});

/** Runs a script as `npm run …` would, with this DATA_DIR; resolves with its exit code and output either way. */
async function tool(script: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...PROCESS_ENV, DATA_DIR: dataDir, DATABASE_URL: '' } });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const pgVersion = (dir: string) => readFileSync(join(dir, 'PG_VERSION'), 'utf8').trim();

beforeAll(async () => {
  // What the previous release left: every migration applied by PostgreSQL 17, and a maker's project.
  mkdirSync(dataDir);
  const old = new PGlite17({ dataDir: join(dataDir, 'pglite'), extensions: { pg_trgm, unaccent } });
  await old.waitReady;
  const conn: Queryable = {
    query: async <Row,>(sql: string, params: readonly unknown[] = []) => {
      const r = await old.query<Row>(sql, params as unknown[]);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    exec: async (sql: string) => {
      await old.exec(sql);
    },
  };
  await migrate({ withAdvisoryLock: (_key, fn) => fn(conn) }, readMigrations());
  await old.exec(`
    insert into auth.users (id, email, aud, role) values ('00000000-0000-4000-8000-00000000a001', 'old-maker@example.com', 'authenticated', 'authenticated');
    insert into public.creators (id, name) values ('00000000-0000-4000-8000-00000000a001', 'Old Maker');
    insert into public.projects (title, description, tool, category, creator_id, status)
      values ('Made on Seventeen', 'Written by the previous PGlite', 'Cursor', 'Website', '00000000-0000-4000-8000-00000000a001', 'approved');`);
  await old.close();
}, 480_000);

describe('npm run upgrade:data (PGlite 0.4.6, PostgreSQL 17 → this version)', () => {
  it('the server refuses the old directory with what to do, and changes nothing', async () => {
    const server = spawnServer({ DATA_DIR: dataDir });
    running.push(server);
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain('was written by PostgreSQL 17; this version runs PGlite');
    expect(server.output()).toContain(`DATA_DIR=${dataDir} npm run upgrade:data`);
    expect(pgVersion(join(dataDir, 'pglite'))).toBe('17');
    expect(existsSync(join(dataDir, 'pglite-version.json'))).toBe(false);
  }, 120_000);

  it('copies every row into PostgreSQL 18, keeps the old directory, and the server serves the old rows', async () => {
    const upgraded = await tool('scripts/upgrade-data.ts');
    expect(upgraded.stderr).toBe('');
    expect(upgraded.code).toBe(0);
    expect(upgraded.stdout).toMatch(/public\.projects\s+1\s+[0-9a-f]{32}\s+ok/);
    expect(upgraded.stdout).not.toMatch(/DIFFERS/);
    expect(upgraded.stdout).toContain('from PostgreSQL 17 to PostgreSQL 18');
    expect(pgVersion(join(dataDir, 'pglite'))).toBe('18');
    expect(pgVersion(join(dataDir, 'pglite-pg17'))).toBe('17');
    expect(JSON.parse(readFileSync(join(dataDir, 'pglite-version.json'), 'utf8'))).toMatchObject({ postgres: 18 });

    const server = spawnServer({ DATA_DIR: dataDir });
    running.push(server);
    const port = await server.ready;
    const res = await fetch(`http://127.0.0.1:${port}/rest/v1/projects?select=title,creators(name,handle)`, { headers: { apikey: keys.anonKey } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ title: 'Made on Seventeen', creators: { name: 'Old Maker', handle: expect.any(String) } }]);
    await server.kill();

    // Once is enough: a second run finds the directory on this version's major.
    const again = await tool('scripts/upgrade-data.ts');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('is already PostgreSQL 18');
  }, 480_000);
});
