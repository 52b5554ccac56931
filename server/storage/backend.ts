import { randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync, rmSync } from 'node:fs';
import { link, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { StagedFile } from './receive.ts';

/**
 * A change to stored files made while the metadata transaction is open: `finalize` after the
 * commit, `rollback` if the transaction fails, so the row and the file never disagree.
 */
export interface PendingChange {
  finalize(): Promise<void>;
  rollback(): Promise<void>;
}

/**
 * Where object bytes live. The disk implementation is the default; an S3-compatible one (for
 * several server instances) implements the same operations.
 */
export interface StorageBackend {
  /** Local directory for staging uploads before they are committed. */
  readonly stagingDir: string;
  /** Puts a staged file in place of the object (atomically replacing any previous version). */
  put(bucket: string, key: string, staged: StagedFile): Promise<PendingChange>;
  remove(bucket: string, key: string): Promise<PendingChange>;
  /** Bytes [start, end] inclusive, or the whole object; undefined when the file is missing. */
  read(bucket: string, key: string, range?: { start: number; end: number }): Promise<Readable | undefined>;
  /** A local path to the whole object (for image processing). */
  localPath(bucket: string, key: string): Promise<string | undefined>;
  /** Directory for derived files (thumbnails) of one object; removed when the object changes. */
  derivedDir(bucket: string, key: string): string;
}

/**
 * Files under DATA_DIR/storage/<bucket>/<object name>, the layout the demo seed also writes.
 * Staging and trash live in ".staging" and derived files in ".derived" at the root; bucket ids
 * cannot start with a dot, so they never collide with a bucket.
 */
export class DiskBackend implements StorageBackend {
  readonly root: string;
  readonly stagingDir: string;
  private readonly derivedRoot: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'storage');
    this.stagingDir = join(this.root, '.staging');
    this.derivedRoot = join(this.root, '.derived');
    // One process owns a data directory; whatever a crash left in staging was never committed
    // (or is a spare link to a file still in place), so it can go.
    rmSync(this.stagingDir, { recursive: true, force: true });
    mkdirSync(this.stagingDir, { recursive: true, mode: 0o700 });
    mkdirSync(this.derivedRoot, { recursive: true });
  }

  /** The file for an object; refuses anything that would resolve outside its bucket's directory. */
  pathFor(bucket: string, key: string): string {
    const bucketDir = resolve(this.root, bucket);
    const path = resolve(bucketDir, key);
    if (!bucketDir.startsWith(this.root + sep) || !path.startsWith(bucketDir + sep)) {
      throw new Error(`object path escapes the storage root: ${bucket}/${key}`);
    }
    return path;
  }

  derivedDir(bucket: string, key: string): string {
    return join(this.derivedRoot, Buffer.from(`${bucket}/${key}`).toString('base64url'));
  }

  async put(bucket: string, key: string, staged: StagedFile): Promise<PendingChange> {
    const target = this.pathFor(bucket, key);
    await mkdir(dirname(target), { recursive: true });
    // A hard link keeps the previous version reachable without ever removing the served file;
    // rename() then swaps the new file in atomically.
    let backup: string | undefined = join(this.stagingDir, `previous-${randomUUID()}`);
    try {
      await link(target, backup);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      backup = undefined;
    }
    try {
      await rename(staged.path, target);
    } catch (err) {
      if (backup) await rm(backup, { force: true });
      throw err;
    }
    const derived = this.derivedDir(bucket, key);
    return {
      async finalize() {
        if (backup) await rm(backup, { force: true });
        await rm(derived, { recursive: true, force: true });
      },
      async rollback() {
        if (backup) await rename(backup, target);
        else await rm(target, { force: true });
      },
    };
  }

  async remove(bucket: string, key: string): Promise<PendingChange> {
    const target = this.pathFor(bucket, key);
    const trash = join(this.stagingDir, `removed-${randomUUID()}`);
    let moved = true;
    try {
      await rename(target, trash);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      moved = false;
    }
    const derived = this.derivedDir(bucket, key);
    return {
      async finalize() {
        if (moved) await rm(trash, { force: true });
        await rm(derived, { recursive: true, force: true });
      },
      async rollback() {
        if (moved) await rename(trash, target);
      },
    };
  }

  async read(bucket: string, key: string, range?: { start: number; end: number }): Promise<Readable | undefined> {
    const path = this.pathFor(bucket, key);
    const stream = createReadStream(path, range ? { start: range.start, end: range.end } : {});
    return new Promise((resolvePromise, reject) => {
      stream.once('open', () => resolvePromise(stream));
      stream.once('error', (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' || err.code === 'ENOTDIR' ? resolvePromise(undefined) : reject(err)));
    });
  }

  async localPath(bucket: string, key: string): Promise<string | undefined> {
    const path = this.pathFor(bucket, key);
    try {
      return (await stat(path)).isFile() ? path : undefined;
    } catch {
      return undefined;
    }
  }
}
