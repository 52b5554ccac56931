import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadBucketCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.ts';
import { removeDeadInstancesStaging, stagingFolderFor, sweepStagingFolder, type DerivedEntry, type ObjectRef, type PendingChange, type StorageBackend, type StoredObject } from './backend.ts';
import { StorageUnavailableError } from './errors.ts';
import type { StagedFile } from './receive.ts';

/** Derived files (thumbnails) live under this prefix; bucket ids cannot start with a dot. */
const DERIVED = '.derived/';
/** A row without a version (none written by this server) still needs a key. */
const NO_VERSION = 'null';

/**
 * Objects in one S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Supabase Storage's S3
 * endpoint), so several instances without a shared disk serve the same files. Each upload is
 * written under a key of its own version, <bucket>/<name>/<version> (the layout Supabase Storage
 * uses), because S3 has no rename: nobody reads the new bytes until the row that names that
 * version commits, and the version it replaced is deleted only after that (decision 111).
 * Thumbnails are cached in the bucket too, under .derived/<bucket>/<name>/<version>/.
 */
export class S3Backend implements StorageBackend {
  readonly kind = 's3';
  readonly replacesInPlace = false;
  readonly stagingDir: string;
  private readonly stagingRoot: string;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: Pick<Config, 'DATA_DIR' | 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE' | 'S3_CONNECT_TIMEOUT_SECONDS' | 'S3_REQUEST_TIMEOUT_SECONDS'>) {
    this.bucket = config.S3_BUCKET!;
    ({ root: this.stagingRoot, own: this.stagingDir } = stagingFolderFor(config.DATA_DIR));
    mkdirSync(this.stagingDir, { recursive: true, mode: 0o700 });
    // As on disk (decision 111): uploads a crashed process of this host was staging are dead.
    removeDeadInstancesStaging(this.stagingRoot, this.stagingDir);
    this.client = new S3Client({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
      // With the SDK's defaults a streamed upload goes out aws-chunked with a checksum trailer,
      // which stores that framing as the object's bytes on servers that do not know it.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // Bounded like the database (decision 114): without these a hung endpoint holds a request,
      // and its upload, for as long as the TCP connection lives. socketTimeout is silence, not
      // total time, so a large upload that keeps moving is never cut.
      requestHandler: {
        connectionTimeout: config.S3_CONNECT_TIMEOUT_SECONDS * 1000,
        socketTimeout: config.S3_REQUEST_TIMEOUT_SECONDS * 1000,
      },
      // One retry covers a keep-alive connection the endpoint dropped; more would multiply the
      // wait of a client in front of a store that hangs.
      maxAttempts: 2,
    });
  }

  /**
   * Every call to the store: an answer from S3 (a 404, a refusal) passes as it is; no answer
   * (refused, cut, timed out) or an S3 fault (5xx) becomes StorageUnavailableError, a 503.
   */
  private async send<T>(command: { readonly input: object }): Promise<T> {
    try {
      return (await this.client.send(command as never)) as T;
    } catch (err) {
      if (err instanceof S3ServiceException && (err.$metadata.httpStatusCode ?? 500) < 500) throw err;
      throw new StorageUnavailableError(`object store: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }

  /** For /readyz: resolves when the bucket answers, throws StorageUnavailableError when not. */
  async checkReachable(): Promise<void> {
    await this.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  private key(ref: ObjectRef): string {
    return `${ref.bucket}/${ref.key}/${ref.version ?? NO_VERSION}`;
  }

  private derivedPrefix(ref: ObjectRef): string {
    return `${DERIVED}${this.key(ref)}/`;
  }

  private async deleteKey(key: string): Promise<void> {
    await this.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Deletes one version's bytes and its thumbnails. */
  private async deleteVersion(ref: ObjectRef): Promise<void> {
    await this.deleteKey(this.key(ref));
    for await (const key of this.keys(this.derivedPrefix(ref))) await this.deleteKey(key);
  }

  private async *list(prefix: string): AsyncGenerator<{ key: string; modified: Date; size: number }> {
    let token: string | undefined;
    do {
      const page = await this.send<ListObjectsV2CommandOutput>(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, modified: o.LastModified ?? new Date(0), size: o.Size ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  private async *keys(prefix: string): AsyncGenerator<string> {
    for await (const o of this.list(prefix)) yield o.key;
  }

  async put(ref: ObjectRef, staged: StagedFile, contentType: string): Promise<PendingChange> {
    const key = this.key(ref);
    await this.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(staged.path),
        ContentLength: staged.size,
        ContentType: contentType,
        ContentMD5: Buffer.from(staged.md5, 'hex').toString('base64'),
      }),
    );
    return {
      finalize: async (replacedVersion) => {
        if (replacedVersion !== undefined && replacedVersion !== ref.version) {
          await this.deleteVersion({ ...ref, version: replacedVersion });
        }
      },
      rollback: () => this.deleteKey(key),
    };
  }

  async remove(ref: ObjectRef): Promise<PendingChange> {
    // The bytes stay until the row's deletion commits; a rollback has nothing to undo.
    return { finalize: () => this.deleteVersion(ref), rollback: async () => undefined };
  }

  private async get(key: string, range?: { start: number; end: number }) {
    try {
      return await this.send<GetObjectCommandOutput>(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
    } catch (err) {
      if (err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404)) return undefined;
      throw err;
    }
  }

  async read(ref: ObjectRef, range?: { start: number; end: number }): Promise<Readable | undefined> {
    return (await this.get(this.key(ref), range))?.Body as Readable | undefined;
  }

  async withLocalFile<T>(ref: ObjectRef, fn: (path: string) => Promise<T>): Promise<T | undefined> {
    const body = await this.read(ref);
    if (!body) return undefined;
    const path = join(this.stagingDir, `source-${randomUUID()}`);
    try {
      await pipeline(body, createWriteStream(path, { mode: 0o600 }));
      return await fn(path);
    } finally {
      await rm(path, { force: true });
    }
  }

  async readDerived(ref: ObjectRef, name: string): Promise<Buffer | undefined> {
    const found = await this.get(`${this.derivedPrefix(ref)}${name}`);
    return found?.Body ? Buffer.from(await found.Body.transformToByteArray()) : undefined;
  }

  async writeDerived(ref: ObjectRef, name: string, bytes: Buffer): Promise<void> {
    await this.send(new PutObjectCommand({ Bucket: this.bucket, Key: `${this.derivedPrefix(ref)}${name}`, Body: bytes, ContentLength: bytes.length }));
  }

  async removeDerived(ref: ObjectRef, name: string): Promise<void> {
    await this.deleteKey(`${this.derivedPrefix(ref)}${name}`);
  }

  /** S3 keeps no access time worth a request per read: eviction goes by when a thumbnail was made. */
  async touchDerived(): Promise<void> {}

  async listDerived(): Promise<DerivedEntry[]> {
    const entries: DerivedEntry[] = [];
    for await (const o of this.list(DERIVED)) {
      // .derived/<bucket>/<name…>/<version>/<variant>
      const parts = o.key.slice(DERIVED.length).split('/');
      if (parts.length < 4) continue;
      const variant = parts.pop()!;
      const version = parts.pop()!;
      const [bucket, ...key] = parts;
      entries.push({ ref: { bucket: bucket!, key: key.join('/'), version: version === NO_VERSION ? null : version }, variant, bytes: o.size, usedAt: o.modified.getTime() });
    }
    return entries;
  }

  async *listStored(before: Date): AsyncIterable<StoredObject> {
    for await (const o of this.list('')) {
      if (o.key.startsWith(DERIVED) || o.modified >= before) continue;
      const first = o.key.indexOf('/');
      const last = o.key.lastIndexOf('/');
      if (first <= 0 || last <= first) continue;
      const version = o.key.slice(last + 1);
      yield { ref: { bucket: o.key.slice(0, first), key: o.key.slice(first + 1, last), version: version === NO_VERSION ? null : version }, modified: o.modified };
    }
  }

  removeStored(ref: ObjectRef): Promise<void> {
    return this.deleteVersion(ref);
  }

  sweepStaging(before: Date): Promise<number> {
    return sweepStagingFolder(this.stagingRoot, before);
  }
}
