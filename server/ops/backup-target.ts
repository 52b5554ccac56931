import { DeleteObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, type ListObjectsV2CommandOutput, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { chmodSync, copyFileSync, createReadStream, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BackupLocation, Config } from '../config.ts';

/**
 * Where scheduled backups are kept (BACKUP_DIR): a local directory (mode 0700, files 0600), or a
 * bucket and key prefix in any S3-compatible store reached with the S3_* settings. A file appears
 * under its final name only once it is whole.
 */
export interface BackupTarget {
  /** "/srv/backups" or "s3://bucket/prefix/", for the status and the log. */
  readonly describe: string;
  /** Checks (and makes) the place before a backup is taken, so a wrong BACKUP_DIR fails at once. */
  prepare(): Promise<void>;
  /** Stores the finished local file under `name`; answers the stored size. */
  store(localFile: string, name: string): Promise<number>;
  /** Every name under the target (this server's and anything else). */
  list(): Promise<string[]>;
  remove(name: string): Promise<void>;
}

class LocalTarget implements BackupTarget {
  readonly describe: string;
  constructor(private readonly dir: string) {
    this.describe = dir;
  }

  async prepare(): Promise<void> {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
  }

  async store(localFile: string, name: string): Promise<number> {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const partial = join(this.dir, `.${name}.partial`);
    try {
      try {
        renameSync(localFile, partial);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        copyFileSync(localFile, partial);
      }
      chmodSync(partial, 0o600);
      renameSync(partial, join(this.dir, name));
    } catch (err) {
      rmSync(partial, { force: true });
      throw err;
    }
    return statSync(join(this.dir, name)).size;
  }

  async list(): Promise<string[]> {
    try {
      return readdirSync(this.dir, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
    } catch {
      return [];
    }
  }

  async remove(name: string): Promise<void> {
    rmSync(join(this.dir, name), { force: true });
  }
}

class S3Target implements BackupTarget {
  readonly describe: string;
  private readonly client: S3Client;

  constructor(
    config: Pick<Config, 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE' | 'S3_CONNECT_TIMEOUT_SECONDS' | 'S3_REQUEST_TIMEOUT_SECONDS'>,
    private readonly bucket: string,
    private readonly prefix: string,
  ) {
    this.describe = `s3://${bucket}/${prefix}`;
    this.client = new S3Client({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
      // As the storage backend (s3-backend.ts): a plain body, bounded waits.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        connectionTimeout: config.S3_CONNECT_TIMEOUT_SECONDS * 1000,
        socketTimeout: config.S3_REQUEST_TIMEOUT_SECONDS * 1000,
      },
    });
  }

  async prepare(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async store(localFile: string, name: string): Promise<number> {
    const size = statSync(localFile).size;
    const key = this.prefix + name;
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: createReadStream(localFile), ContentLength: size, ContentType: 'application/octet-stream' }),
    );
    // What the store says it holds, not what was sent.
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    if (head.ContentLength !== size) throw new Error(`the object store holds ${head.ContentLength} bytes of ${key}, ${size} were sent`);
    rmSync(localFile, { force: true });
    return size;
  }

  async list(): Promise<string[]> {
    const names: string[] = [];
    let token: string | undefined;
    do {
      const page: ListObjectsV2CommandOutput = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) {
        const rest = o.Key?.slice(this.prefix.length);
        if (rest && !rest.includes('/')) names.push(rest);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return names;
  }

  async remove(name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.prefix + name }));
  }
}

export function createBackupTarget(location: BackupLocation, config: Config): BackupTarget {
  return location.kind === 'local' ? new LocalTarget(location.dir) : new S3Target(config, location.bucket, location.prefix);
}
