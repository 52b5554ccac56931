import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeys } from '../../../server/security/jwt.ts';
import { PROCESS_ENV, spawnServer, type ServerProcess } from '../../support/process.ts';
import { startTestServer } from '../../support/server.ts';

/**
 * A disk that really fills up (reliability report F1, 4c, M2): DATA_DIR on a small tmpfs, the
 * free space taken by a ballast file. Needs root to mount; CI runs as root.
 */
const MB = 1024 * 1024;
const mnt = mkdtempSync(join(tmpdir(), 'disk-full-'));
execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', mnt]);
afterAll(() => {
  execFileSync('umount', ['-l', mnt]);
  rmSync(mnt, { recursive: true, force: true });
});

const freeBytes = (dir: string) => {
  const s = statfsSync(dir);
  return s.bavail * s.bsize;
};

/** Fills the disk until `leave` bytes are free. */
function fillTo(leave: number, name = 'ballast'): string {
  const file = join(mnt, name);
  const megabytes = Math.floor((freeBytes(mnt) - leave) / MB);
  if (megabytes > 0) execFileSync('dd', ['if=/dev/zero', `of=${file}`, 'bs=1M', `count=${megabytes}`], { stdio: 'ignore' });
  return file;
}

const keys = await createKeys(PROCESS_ENV.JWT_SECRET!);
const png = (size: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8, 7)]);

describe('PGlite on a disk that fills up', () => {
  let server: ServerProcess;
  let port: number;
  const headers = { apikey: keys.anonKey, authorization: `Bearer ${keys.anonKey}`, 'content-type': 'application/json' };
  let project: string;
  let voterToken: string;

  beforeAll(async () => {
    server = spawnServer({ DATA_DIR: join(mnt, 'data'), DISK_RESERVE_MB: '24', WATCHDOG_TIMEOUT_SECONDS: '10' });
    port = await server.ready;
    const service = { apikey: keys.serviceRoleKey, authorization: `Bearer ${keys.serviceRoleKey}`, 'content-type': 'application/json', prefer: 'return=representation' };
    const signup = await fetch(`http://127.0.0.1:${port}/auth/v1/signup`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'maker@example.test', password: 'a-long-password-1' }),
    });
    const signedUp = (await signup.json()) as { user: { id: string }; access_token: string };
    const maker = signedUp.user.id;
    // Votes are an account's (an anonymous one, for visitors): the maker's token toggles theirs.
    voterToken = signedUp.access_token;
    await fetch(`http://127.0.0.1:${port}/rest/v1/creators`, { method: 'POST', headers: service, body: JSON.stringify({ id: maker, name: 'Maker' }) });
    const res = await fetch(`http://127.0.0.1:${port}/rest/v1/projects`, {
      method: 'POST',
      headers: service,
      body: JSON.stringify({ title: 'Disk', description: 'd', tool: 'Cursor', category: 'App', status: 'approved', creator_id: maker }),
    });
    const body = (await res.json()) as Array<{ id: string }>;
    if (res.status !== 201) throw new Error(`project: ${res.status} ${JSON.stringify(body)}`);
    project = body[0]!.id;
  });
  afterAll(() => server?.kill());

  const vote = () =>
    fetch(`http://127.0.0.1:${port}/rest/v1/rpc/toggle_vote`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${voterToken}` },
      body: JSON.stringify({ project_id: project }),
      signal: AbortSignal.timeout(10_000),
    });

  it('refuses writes with 507 before PGlite runs out of room (it used to spin for good), keeps reading, and recovers when space returns', async () => {
    expect((await vote()).status).toBe(200);
    // 16 MB left under a 24 MB reserve: a WAL segment (16 MB) would not fit.
    const ballast = fillTo(16 * MB);
    // The guard looks once a second.
    let status = 200;
    for (let i = 0; i < 50 && status === 200; i++) {
      status = (await vote()).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(507);

    // Twenty writers keep trying for a while: every answer is a clean refusal, nothing hangs.
    const statuses = new Map<number, number>();
    const until = performance.now() + 5000;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (performance.now() < until) {
          const s = (await vote()).status;
          statuses.set(s, (statuses.get(s) ?? 0) + 1);
        }
      }),
    );
    expect([...statuses.keys()]).toEqual([507]);
    const read = await fetch(`http://127.0.0.1:${port}/rest/v1/projects?select=id&id=eq.${project}`, { headers });
    expect(read.status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    // An upload is refused whole: no staged or stored file remains.
    const upload = await fetch(`http://127.0.0.1:${port}/storage/v1/object/project-images/anything.png`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'image/png' },
      body: png(2 * MB),
    });
    expect(upload.status).toBe(507);
    expect(readdirSync(join(mnt, 'data', 'storage', '.staging')).flatMap((d) => readdirSync(join(mnt, 'data', 'storage', '.staging', d)))).toEqual([]);

    // Space comes back: writes are accepted again without a restart.
    rmSync(ballast);
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await vote()).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('disk almost full: writes are refused (507) until space is freed');
    expect(server.output()).toContain('disk space is back: writes are accepted again');
  });
});

describe('an upload that meets a full disk midway (no reserve)', () => {
  it('answers 507 with a clear message and leaves no partial file (it used to be 500 internal)', async () => {
    const dataDir = join(mnt, 'uploads');
    mkdirSync(dataDir);
    const server = await startTestServer({ DISK_RESERVE_MB: '0' }, { dataDir });
    try {
      const user = await server.createUser();
      const ballast = fillTo(1 * MB, 'ballast-uploads');
      const { error } = await user.client.storage.from('project-images').upload(`${user.id}/big.png`, png(3 * MB), { contentType: 'image/png' });
      expect(error).toMatchObject({ statusCode: '507' });
      expect(error!.message).toContain('disk is almost full');
      expect(readdirSync(server.ctx.storage.stagingDir)).toEqual([]);
      rmSync(ballast);
      const again = await user.client.storage.from('project-images').upload(`${user.id}/big.png`, png(3 * MB), { contentType: 'image/png' });
      expect(again.error).toBeNull();
    } finally {
      await server.close();
    }
  });
});
