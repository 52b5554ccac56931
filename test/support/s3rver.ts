import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { inject } from 'vitest';

/**
 * s3rver (an S3-compatible server, npm) as a real server process, for running the storage suites
 * against STORAGE_BACKEND=s3: the vitest project integration-s3 starts one for the whole run and
 * each test server gets a bucket of its own.
 */
export const S3RVER_KEY = 'S3RVER';

export async function startS3rver(dir: string): Promise<{ endpoint: string; process: ChildProcess }> {
  const bin = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');
  const child = spawn(process.execPath, [bin, '-d', dir, '-a', '127.0.0.1', '-p', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on 127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}): ${out}`)));
  });
  return { endpoint: `http://127.0.0.1:${port}`, process: child };
}

/** STORAGE_BACKEND=s3 settings with a fresh bucket, when this run tests the S3 backend; else nothing. */
export async function s3Env(): Promise<Record<string, string>> {
  if (process.env.TEST_STORAGE_BACKEND !== 's3') return {};
  const endpoint = inject('s3Endpoint');
  const bucket = `test-${randomUUID().slice(0, 13)}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    STORAGE_BACKEND: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: S3RVER_KEY,
    S3_SECRET_ACCESS_KEY: S3RVER_KEY,
  };
}
