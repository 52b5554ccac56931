import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createKeys } from '../../../server/security/jwt.ts';
import { PROCESS_ENV, spawnServer, type ServerProcess } from '../../support/process.ts';

const run = promisify(execFile);
const root = mkdtempSync(join(tmpdir(), 'data-dir-test-'));
const running: ServerProcess[] = [];
afterAll(async () => {
  for (const p of running) await p.kill();
  rmSync(root, { recursive: true, force: true });
});

function start(dataDir: string, env: Record<string, string> = {}): ServerProcess {
  const p = spawnServer({ DATA_DIR: dataDir, ...env });
  running.push(p);
  return p;
}

/** Runs an npm script's file as `npm run <name>` would, with this DATA_DIR. */
function tool(script: string, args: string[], dataDir: string, env: Record<string, string> = {}) {
  return run(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, ...PROCESS_ENV, DATA_DIR: dataDir, DATABASE_URL: '', ...env },
  });
}

let keys = await createKeys(PROCESS_ENV.JWT_SECRET!);
const api = (port: number, path: string, init: RequestInit = {}, key = keys.serviceRoleKey) =>
  fetch(`http://127.0.0.1:${port}${path}`, { ...init, headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', ...(init.headers ?? {}) } });

describe('one process per PGlite data directory (reliability report F2)', () => {
  const dataDir = join(root, 'shared');

  it('refuses a second server on a DATA_DIR in use, naming the PID that holds it; admin goes through the running one', async () => {
    const first = start(dataDir);
    const port = await first.ready;
    expect(readFileSync(join(dataDir, 'server.pid'), 'utf8').split('\n')[0]).toBe(String(first.pid));

    const second = start(dataDir);
    const exit = await second.exited;
    expect(exit.code).toBe(1);
    expect(second.output()).toContain(`is in use by process ${first.pid}`);

    // npm run admin while the server runs: through its API, never opening the files.
    const email = `owner-${Date.now()}@example.test`;
    expect((await api(port, '/auth/v1/signup', { method: 'POST', body: JSON.stringify({ email, password: 'a-long-password-1' }) }, keys.anonKey)).status).toBe(200);
    const { stdout } = await tool('scripts/admin.ts', ['grant', email], dataDir);
    expect(stdout).toContain(`${email} is now an admin.`);
    const users = (await (await api(port, '/auth/v1/admin/users?per_page=100')).json()) as { users: Array<{ email: string; app_metadata: { role?: string } }> };
    expect(users.users.find((u) => u.email === email)?.app_metadata.role).toBe('admin');

    // npm run admin -- reset-mfa, also through the server: the owner lost their authenticator.
    const session = (await (await api(port, '/auth/v1/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email, password: 'a-long-password-1' }) }, keys.anonKey)).json()) as {
      access_token: string;
      user: { id: string };
    };
    const enrolled = await api(port, '/auth/v1/factors', { method: 'POST', body: JSON.stringify({ factor_type: 'totp' }), headers: { authorization: `Bearer ${session.access_token}` } }, keys.anonKey);
    expect(enrolled.status).toBe(200);
    const factors = () => api(port, `/auth/v1/admin/users/${session.user.id}/factors`).then((r) => r.json() as Promise<unknown[]>);
    expect(await factors()).toHaveLength(1);
    expect((await tool('scripts/admin.ts', ['reset-mfa', email], dataDir)).stdout).toContain(`${email} has no two-factor factor now`);
    expect(await factors()).toHaveLength(0);

    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);
  }, 180_000);

  it('takes over the lock of a server that was killed (kill -9), and keeps its data', async () => {
    const killed = start(dataDir);
    await killed.ready;
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(true);

    const next = start(dataDir);
    const port = await next.ready;
    const users = (await (await api(port, '/auth/v1/admin/users?per_page=100')).json()) as { users: unknown[] };
    expect(users.users.length).toBe(1);
    next.child.kill('SIGTERM');
    expect((await next.exited).code).toBe(0);
  }, 180_000);

  it('admin opens the files itself when no server runs', async () => {
    const { stdout } = await tool('scripts/admin.ts', ['revoke', 'nobody@example.test'], dataDir).catch((e: { stdout: string; stderr: string }) => e);
    expect(stdout + '').not.toContain('refused');
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);
  });
});

describe('backup through the running server, restore into an empty directory', () => {
  it('backs up the demo data and restores it where a new server finds every project and image', async () => {
    const source = join(root, 'demo');
    // No JWT_SECRET: the server makes one in DATA_DIR, which the backup must carry along.
    const ownSecret = { JWT_SECRET: '' };
    const server = start(source, { SEED_DEMO: 'true', ...ownSecret });
    const port = await server.ready;
    keys = await createKeys(readFileSync(join(source, 'jwt-secret'), 'utf8').trim());
    const projects = (await (await api(port, '/rest/v1/projects?select=id,title,image_url&order=title')).json()) as Array<{ id: string; title: string; image_url: string }>;
    expect(projects.length).toBeGreaterThanOrEqual(30);
    const imagePath = new URL(projects[0]!.image_url).pathname;
    const image = Buffer.from(await (await fetch(`http://127.0.0.1:${port}${imagePath}`)).arrayBuffer());
    expect(image.length).toBeGreaterThan(1000);

    const file = join(root, 'demo-backup.tar.gz');
    const backup = await tool('scripts/backup.ts', [file], source, ownSecret);
    expect(backup.stdout).toMatch(/backup written to .*: [\d.]+ MB in [\d.]+ s/);
    expect(statSync(file).size).toBeGreaterThan(100_000);
    expect(statSync(file).mode & 0o077).toBe(0);
    server.child.kill('SIGTERM');
    await server.exited;

    // Not into a directory that holds anything (here: the source itself).
    const refused = await tool('scripts/restore.ts', [file], source, ownSecret).catch((e: { code: number; stderr: string }) => e);
    expect((refused as { code: number }).code).toBe(1);
    expect((refused as { stderr: string }).stderr).toContain('is not empty');

    const target = join(root, 'restored');
    const restored = await tool('scripts/restore.ts', [file], target, ownSecret);
    expect(restored.stdout).toMatch(/restored .* in [\d.]+ s: database, \d+ stored files/);

    const copy = start(target, ownSecret);
    const copyPort = await copy.ready;
    const after = (await (await api(copyPort, '/rest/v1/projects?select=id,title,image_url&order=title')).json()) as typeof projects;
    expect(after.map((p) => p.id)).toEqual(projects.map((p) => p.id));
    const served = Buffer.from(await (await fetch(`http://127.0.0.1:${copyPort}${imagePath}`)).arrayBuffer());
    expect(served.equals(image)).toBe(true);
    // The same JWT secret came along, so keys and sessions stay valid.
    expect(readFileSync(join(target, 'jwt-secret'), 'utf8')).toBe(readFileSync(join(source, 'jwt-secret'), 'utf8'));
    copy.child.kill('SIGTERM');
    expect((await copy.exited).code).toBe(0);
  }, 240_000);
});
