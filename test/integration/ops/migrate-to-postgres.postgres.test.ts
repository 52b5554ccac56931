import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../../server/db/pglite.ts';
import { createKeys } from '../../../server/security/jwt.ts';
import { spawnServer, type ServerProcess } from '../../support/process.ts';
import { S3RVER_KEY, startS3rver } from '../../support/s3rver.ts';
import { clientFor } from '../../support/server.ts';

/**
 * npm run migrate:postgres (issue 36, item 1; decision 240): a PGlite DATA_DIR with the demo data,
 * an upload and a signed-in session moves into an empty Postgres database, and a server started
 * there with the command the tool prints serves the same projects, the same session and the same
 * image. A target that is not empty, or a DATA_DIR a server holds, is refused with nothing changed.
 */
const run = promisify(execFile);
const root = mkdtempSync(join(tmpdir(), 'migrate-postgres-test-'));
const dataDir = join(root, 'data');
const running: ServerProcess[] = [];
let s3rver: ChildProcess | undefined;
const scratch: string[] = [];

const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://localhost/showcase_test');
const urlOf = (database: string) => Object.assign(new URL(base), { pathname: `/${database}` }).toString();

async function onServer<T>(database: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlOf(database) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new empty database on the test server, dropped after the suite. */
async function scratchDatabase(): Promise<string> {
  const name = `${base.pathname.slice(1) || 'showcase_test'}_move_${randomUUID().slice(0, 8)}`;
  await onServer('postgres', (c) => c.query(`create database "${name}"`));
  scratch.push(name);
  return name;
}

/** npm run migrate:postgres -- <url>, as an operator runs it, on this DATA_DIR. */
function migratePostgres(targetUrl: string, from = dataDir, env: Record<string, string> = {}, args: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(process.execPath, ['--import', 'tsx', 'scripts/migrate-postgres.ts', targetUrl, ...args], {
    env: { ...process.env, DATA_DIR: from, DATABASE_URL: '', JWT_SECRET: '', ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
  );
}

function start(env: Record<string, string>): ServerProcess {
  const p = spawnServer({ DATA_DIR: dataDir, PAGE_WARM_UP: 'false', ...env });
  running.push(p);
  return p;
}

async function stop(p: ServerProcess): Promise<void> {
  p.child.kill('SIGTERM');
  expect((await p.exited).code).toBe(0);
}

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(3000, 7)]);
const projectsOf = async (url: string, anonKey: string) => {
  const { data, error } = await clientFor(url, anonKey).from('projects').select('id, title, status, image_url, creator_id').order('id');
  if (error) throw new Error(error.message);
  // Our own image URLs are answered under the origin asked (reliability issue 13, item 8): compare their paths.
  return data.map((p) => ({ ...p, image_url: p.image_url?.startsWith(url) ? p.image_url.slice(url.length) : p.image_url }));
};

/** What the PGlite server served before the move. */
const before = {
  projects: [] as unknown[],
  userId: '',
  accessToken: '',
  refreshToken: '',
  imagePath: '',
};
let anonKey = '';

beforeAll(async () => {
  // JWT_SECRET unset: the PGlite server makes DATA_DIR/jwt-secret, which the move must carry over.
  const source = start({ SEED_DEMO: 'true', JWT_SECRET: '' });
  const port = await source.ready;
  const url = `http://127.0.0.1:${port}`;
  anonKey = (await createKeys(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim())).anonKey;
  before.projects = await projectsOf(url, anonKey);
  expect(before.projects.length).toBeGreaterThan(30);

  const email = `mover-${randomUUID().slice(0, 8)}@example.test`;
  const { data, error } = await clientFor(url, anonKey).auth.signUp({ email, password: 'a-long-password-1' });
  if (error || !data.session) throw new Error(`sign-up: ${error?.message ?? 'no session'}`);
  before.userId = data.session.user.id;
  before.accessToken = data.session.access_token;
  before.refreshToken = data.session.refresh_token;
  before.imagePath = `${before.userId}/moved.png`;
  const upload = await clientFor(url, anonKey, before.accessToken).storage.from('project-images').upload(before.imagePath, png, { contentType: 'image/png' });
  expect(upload.error).toBeNull();

  // While the server runs, its DATA_DIR is refused: a copy of files being written is no copy.
  const target = await scratchDatabase();
  const refused = await migratePostgres(urlOf(target));
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain(`is in use by process ${source.pid}`);
  expect(refused.stderr).toContain('stop the server first');
  expect(await onServer(target, (c) => c.query(`select count(*)::int as n from pg_namespace where nspname = 'auth'`))).toMatchObject({ rows: [{ n: 0 }] });

  await stop(source);
}, 240_000);

afterAll(async () => {
  for (const p of running) await p.kill();
  s3rver?.kill();
  for (const name of scratch) await onServer('postgres', (c) => c.query(`drop database if exists "${name}" with (force)`)).catch(() => undefined);
  rmSync(root, { recursive: true, force: true });
});

describe('npm run migrate:postgres', () => {
  it('moves the demo data, the upload and the session; a server on Postgres serves them as before', async () => {
    const target = await scratchDatabase();
    const moved = await migratePostgres(urlOf(target));
    expect(moved.stderr).toBe('');
    expect(moved.code).toBe(0);
    // The verification table names every table, each ok, and the command to start with.
    expect(moved.stdout).toMatch(/public\.projects\s+\d+\s+[0-9a-f]{32}\s+ok/);
    expect(moved.stdout).toMatch(/auth\.sessions\s+1\s+[0-9a-f]{32}\s+ok/);
    expect(moved.stdout).not.toMatch(/DIFFERS/);
    expect(moved.stdout).toContain(`JWT_SECRET="$(cat '${join(dataDir, 'jwt-secret')}')"`);

    // Started as the printed command says: the database on Postgres, the same DATA_DIR and secret.
    const server = start({ DATABASE_URL: urlOf(target), SEED_DEMO: 'true', JWT_SECRET: readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim() });
    const url = `http://127.0.0.1:${await server.ready}`;
    expect(server.output()).not.toContain('seeded demo data');

    expect(await projectsOf(url, anonKey)).toEqual(before.projects);

    // The session signed on PGlite: its access token is still good, then its refresh token.
    const user = await clientFor(url, anonKey, before.accessToken).auth.getUser(before.accessToken);
    expect(user.error).toBeNull();
    expect(user.data.user?.id).toBe(before.userId);
    const refreshed = await clientFor(url, anonKey).auth.refreshSession({ refresh_token: before.refreshToken });
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.user.id).toBe(before.userId);

    // The uploaded image and a demo project's image are served from the files that stayed.
    const image = await fetch(`${url}/storage/v1/object/public/project-images/${before.imagePath}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
    const demoImage = (before.projects as Array<{ image_url: string | null }>).find((p) => p.image_url?.startsWith('/storage/v1/'))!.image_url!;
    expect((await fetch(`${url}${demoImage}`)).status).toBe(200);

    // Sequences went along: a new write takes the next numbers (realtime's change log is an identity column).
    const seqBefore = await onServer(target, (c) => c.query<{ n: string }>('select max(seq)::text as n from platform.realtime_changes'));
    const session = refreshed.data.session!;
    const project = (before.projects as Array<{ id: string; status: string }>).find((p) => p.status === 'approved')!;
    const comment = await clientFor(url, anonKey, session.access_token)
      .from('project_comments')
      .insert({ project_id: project.id, user_id: before.userId, content: 'Still here after the move.' })
      .select('id')
      .single();
    expect(comment.error).toBeNull();
    const seqAfter = await onServer(target, (c) => c.query<{ n: string }>('select max(seq)::text as n from platform.realtime_changes'));
    expect(BigInt(seqAfter.rows[0]!.n)).toBeGreaterThan(BigInt(seqBefore.rows[0]!.n));

    await stop(server);
  }, 240_000);

  it('--to-s3 puts the stored files into a bucket: a server on Postgres and S3 serves them without the old DATA_DIR', async () => {
    const s3 = await startS3rver(join(root, 's3'));
    s3rver = s3.process;
    const bucket = `moved-${randomUUID().slice(0, 8)}`;
    const client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY } });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    client.destroy();
    const s3Settings = { S3_ENDPOINT: s3.endpoint, S3_BUCKET: bucket, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: S3RVER_KEY, S3_SECRET_ACCESS_KEY: S3RVER_KEY };

    const target = await scratchDatabase();
    const moved = await migratePostgres(urlOf(target), dataDir, s3Settings, ['--to-s3']);
    // (The AWS SDK warns on stderr about Node versions; only our own lines matter.)
    expect(moved.stderr).not.toContain('migrate:postgres');
    expect(moved.code).toBe(0);
    expect(moved.stdout).toMatch(/Copied \d+ stored files into the bucket/);

    // A new, empty DATA_DIR: every byte served comes from the bucket.
    const elsewhere = join(root, 'elsewhere');
    const server = start({
      DATA_DIR: elsewhere,
      DATABASE_URL: urlOf(target),
      JWT_SECRET: readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim(),
      STORAGE_BACKEND: 's3',
      ...s3Settings,
    });
    const url = `http://127.0.0.1:${await server.ready}`;
    const image = await fetch(`${url}/storage/v1/object/public/project-images/${before.imagePath}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
    const demoImage = (before.projects as Array<{ image_url: string | null }>).find((p) => p.image_url?.startsWith('/storage/v1/'))!.image_url!;
    expect((await fetch(`${url}${demoImage}`)).status).toBe(200);
    await stop(server);
  }, 240_000);

  it('refuses a target that is not empty, and changes nothing in it', async () => {
    const target = await scratchDatabase();
    await onServer(target, (c) => c.query(`create table public.keep (x int); insert into public.keep values (1), (2)`));
    const refused = await migratePostgres(urlOf(target));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('the target database is not empty (table public.keep)');
    const after = await onServer(target, async (c) => ({
      rows: (await c.query('select x from public.keep order by x')).rows,
      schemas: (await c.query(`select nspname from pg_namespace where nspname in ('auth', 'storage', 'platform', 'realtime', 'showcase_private')`)).rows,
      tables: (await c.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`)).rows[0],
    }));
    expect(after).toEqual({ rows: [{ x: 1 }, { x: 2 }], schemas: [], tables: { n: 1 } });
  });

  it('commits nothing when a row cannot be copied: the target stays empty', async () => {
    // A copy of the data whose rows the migrations' constraints refuse (a key twice).
    const drifted = join(root, 'drifted');
    cpSync(dataDir, drifted, { recursive: true });
    const db = await openPglite({ dataDir: join(drifted, 'pglite') });
    await db.exec(`alter table showcase_private.notification_types drop constraint notification_types_pkey cascade;
                   insert into showcase_private.notification_types select * from showcase_private.notification_types limit 1`);
    await db.close();

    const target = await scratchDatabase();
    const failed = await migratePostgres(urlOf(target), drifted);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('copying showcase_private.notification_types failed: duplicate key');
    const inside = await onServer(target, async (c) => ({
      schemas: (await c.query(`select nspname from pg_namespace where nspname not like 'pg\\_%' and nspname not in ('public', 'information_schema')`)).rows,
      tables: (await c.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`)).rows[0],
    }));
    expect(inside).toEqual({ schemas: [], tables: { n: 0 } });
  }, 240_000);
});
