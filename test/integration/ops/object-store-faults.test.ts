import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3RVER_KEY, startS3rver } from '../../support/s3rver.ts';
import { startTestServer, type TestServer, type TestUser } from '../../support/server.ts';
import { TcpProxy } from '../../support/tcp-proxy.ts';

/**
 * The object store (S3) going away is bounded like the database: a refused or hung endpoint
 * answers 503 with Retry-After in Storage's error shape within the configured timeouts, /readyz
 * says the store is unreachable, and no row is left naming bytes that were never stored. A real
 * S3-compatible server (s3rver) sits behind a TCP proxy the test cuts and hangs.
 */
const png = (fill: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(4000, fill)]);

let s3: { endpoint: string; process: ChildProcess };
let s3Dir: string;
let proxy: TcpProxy;
let server: TestServer;
let user: TestUser;
let dataDir: string;
/** A staging folder of this host's process that has exited (as a kill -9 leaves it). */
let deadStaging: string;
/** One of a live process (this one) and one of another host: not ours to remove. */
let liveStaging: string;
let otherHostStaging: string;

beforeAll(async () => {
  s3Dir = mkdtempSync(join(tmpdir(), 'showcase-s3-faults-'));
  s3 = await startS3rver(s3Dir);
  const admin = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY } });
  await admin.send(new CreateBucketCommand({ Bucket: 'faults' }));
  admin.destroy();
  proxy = await TcpProxy.start({ host: '127.0.0.1', port: Number(new URL(s3.endpoint).port) });

  dataDir = mkdtempSync(join(tmpdir(), 'showcase-test-'));
  const staging = join(dataDir, 'storage', '.staging');
  const deadPid = spawnSync(process.execPath, ['-e', '']).pid!;
  deadStaging = join(staging, `${hostname()}.${deadPid}.0badc0de`);
  liveStaging = join(staging, `${hostname()}.${process.pid}.0123abcd`);
  otherHostStaging = join(staging, `elsewhere.${deadPid}.0123abcd`);
  for (const dir of [deadStaging, liveStaging, otherHostStaging]) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'upload-left-over'), 'x');
  }

  server = await startTestServer(
    {
      STORAGE_BACKEND: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`,
      S3_BUCKET: 'faults',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_CONNECT_TIMEOUT_SECONDS: '1',
      S3_REQUEST_TIMEOUT_SECONDS: '2',
    },
    { dataDir },
  );
  user = await server.createUser();
});

afterAll(async () => {
  await server?.close();
  await proxy?.close();
  s3?.process.kill();
  if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
});

const objectUrl = (name: string) => `${server.url}/storage/v1/object/project-images/${user.id}/${name}`;
const headers = () => ({ Authorization: `Bearer ${user.token}`, apikey: server.anonKey });

function upload(name: string, bytes: Buffer, upsert = false) {
  return fetch(objectUrl(name), { method: 'POST', headers: { ...headers(), 'Content-Type': 'image/png', 'x-upsert': String(upsert) }, body: new Uint8Array(bytes) });
}
function download(name: string) {
  return fetch(`${server.url}/storage/v1/object/authenticated/project-images/${user.id}/${name}`, { headers: headers() });
}
async function row(name: string) {
  const { rows } = await server.ctx.db.query<{ version: string; size: number }>(
    `select version, (metadata->>'size')::int as size from storage.objects where bucket_id = 'project-images' and name = $1`,
    [`${user.id}/${name}`],
  );
  return rows[0];
}
const readyz = async () => (await (await fetch(`${server.url}/readyz`)).json()) as { status: string; storage?: string };

async function expectUnavailable(response: Response) {
  expect(response.status).toBe(503);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await response.json()).toMatchObject({ statusCode: '503', error: 'StorageBackendError' });
}

describe('an S3 store that goes away', () => {
  it('clears the staging folders of dead processes of this host at start, like the disk store', () => {
    expect(existsSync(deadStaging)).toBe(false);
    expect(existsSync(join(liveStaging, 'upload-left-over'))).toBe(true);
    expect(existsSync(join(otherHostStaging, 'upload-left-over'))).toBe(true);
  });

  it('answers 503 with Retry-After while it refuses connections, says so on /readyz, and keeps rows and bytes in step', async () => {
    const kept = png(1);
    expect((await upload('kept.png', kept)).status).toBe(200);
    const before = await row('kept.png');
    expect(await readyz()).toMatchObject({ status: 'ready', storage: 'ok' });

    proxy.cut();
    try {
      await expectUnavailable(await upload('new.png', png(2)));
      await expectUnavailable(await upload('kept.png', png(3), true));
      await expectUnavailable(await download('kept.png'));
      // No half state: no row for bytes never stored, and the replaced row still names its bytes.
      expect(await row('new.png')).toBeUndefined();
      expect(await row('kept.png')).toEqual(before);
      await expect.poll(async () => (await readyz()).storage).toBe('unreachable');
    } finally {
      proxy.restore();
    }

    await expect.poll(async () => (await readyz()).storage, { timeout: 30_000 }).toBe('ok');
    const response = await download('kept.png');
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(kept);
  });

  it('answers 503 once the configured timeout passes while it hangs, instead of holding the request', async () => {
    const kept = png(4);
    expect((await upload('steady.png', kept)).status).toBe(200);
    const before = await row('steady.png');

    proxy.hang();
    try {
      await expectUnavailable(await upload('during-hang.png', png(5)));
      await expectUnavailable(await download('steady.png'));
      expect(await row('during-hang.png')).toBeUndefined();
      expect(await row('steady.png')).toEqual(before);
    } finally {
      proxy.resume();
    }
    const response = await download('steady.png');
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(kept);
  });
});
