import { randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { link, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pidRuns } from '../ops/data-dir-lock.ts';
import type { StagedFile } from './receive.ts';

/** One stored object as its row names it; the version tells apart the bytes of successive uploads. */
export interface ObjectRef {
  bucket: string;
  key: string;
  version: string | null;
}

/**
 * A change to stored bytes around the row's transaction: `finalize` after the commit (with the
 * version the row named before, so a versioned store can drop those bytes), `rollback` if the
 * transaction fails, so the row and the bytes never disagree.
 */
export interface PendingChange {
  finalize(replacedVersion?: string | null): Promise<void>;
  rollback(): Promise<void>;
}

export interface StoredObject {
  ref: ObjectRef;
  modified: Date;
}

/**
 * Where object bytes live: files under DATA_DIR/storage (one machine, or a shared volume), or an
 * S3-compatible bucket (several machines). Uploads are always staged and checked on local disk
 * first, in a folder of this process's own.
 */
/** One stored rendition of an object version. */
export interface DerivedEntry {
  ref: ObjectRef;
  /** The rendition's file name: a hash of the object version and options, with its extension. */
  variant: string;
  bytes: number;
  /** When it was last served (or written), for least-recently-used eviction. */
  usedAt: number;
}

export interface StorageBackend {
  readonly kind: 'disk' | 's3';
  /** This process's own staging folder (other instances sharing DATA_DIR have theirs). */
  readonly stagingDir: string;
  /**
   * true: put() replaces the bytes readers get (a rename on disk), so it runs after the row's
   * permission check, inside the transaction. false: put() writes a new version nobody reads
   * until a committed row names it, so it runs before the transaction (decision 111).
   */
  readonly replacesInPlace: boolean;
  put(ref: ObjectRef, staged: StagedFile, contentType: string): Promise<PendingChange>;
  remove(ref: ObjectRef): Promise<PendingChange>;
  /** Bytes [start, end] inclusive, or the whole object; undefined when it is missing. */
  read(ref: ObjectRef, range?: { start: number; end: number }): Promise<Readable | undefined>;
  /** Runs fn with a local file holding the whole object (image processing); undefined when missing. */
  withLocalFile<T>(ref: ObjectRef, fn: (path: string) => Promise<T>): Promise<T | undefined>;
  /** A derived file (a thumbnail) of one object version, cached beside it; undefined when absent. */
  readDerived(ref: ObjectRef, name: string): Promise<Buffer | undefined>;
  writeDerived(ref: ObjectRef, name: string, bytes: Buffer): Promise<void>;
  removeDerived(ref: ObjectRef, name: string): Promise<void>;
  /** Records that a derived file was used, for least-recently-used eviction (best effort). */
  touchDerived(ref: ObjectRef, name: string): Promise<void>;
  /** Every derived file, to rebuild the size-capped cache's index at start (derived-cache.ts). */
  listDerived(): Promise<DerivedEntry[]>;
  /** Every stored object last written before `before`: candidates for the orphan sweep. */
  listStored(before: Date): AsyncIterable<StoredObject>;
  /** Removes bytes that no row names (and what was derived from them). */
  removeStored(ref: ObjectRef): Promise<void>;
  /** Removes what dead or stuck uploads left in any instance's staging folder; answers how many. */
  sweepStaging(before: Date): Promise<number>;
  /** A remote store (S3): resolves when it answers, for /readyz. Absent: nothing to reach. */
  checkReachable?(): Promise<void>;
}

/** Staging folders are named after their process, so each instance cleans only its own. */
function instanceFolderName(): string {
  return `${hostname()}.${process.pid}.${randomUUID().slice(0, 8)}`;
}

/** The process an instance folder belongs to, when it is on this host. */
function folderOwner(name: string): { host: string; pid: number } | undefined {
  const m = /^(.+)\.(\d+)\.[0-9a-f]{8}$/.exec(name);
  return m ? { host: m[1]!, pid: Number(m[2]) } : undefined;
}

async function* walkFiles(dir: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) yield* walkFiles(path);
    else if (e.isFile()) yield path;
  }
}

/**
 * Files under DATA_DIR/storage/<bucket>/<object name>, the layout the demo seed also writes.
 * Staging and trash live in ".staging/<instance>" and derived files in ".derived" at the root;
 * bucket ids cannot start with a dot, so they never collide with a bucket. Several instances may
 * share the folder (a shared volume): each stages in its own subfolder.
 */
export class DiskBackend implements StorageBackend {
  readonly kind = 'disk';
  readonly replacesInPlace = true;
  readonly root: string;
  readonly stagingDir: string;
  private readonly stagingRoot: string;
  private readonly derivedRoot: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'storage');
    ({ root: this.stagingRoot, own: this.stagingDir } = stagingFolderFor(dataDir));
    this.derivedRoot = join(this.root, '.derived');
    mkdirSync(this.stagingDir, { recursive: true, mode: 0o700 });
    mkdirSync(this.derivedRoot, { recursive: true });
    removeDeadInstancesStaging(this.stagingRoot, this.stagingDir);
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

  private derivedDir(ref: ObjectRef): string {
    return join(this.derivedRoot, Buffer.from(`${ref.bucket}/${ref.key}`).toString('base64url'));
  }

  async put(ref: ObjectRef, staged: StagedFile): Promise<PendingChange> {
    const target = this.pathFor(ref.bucket, ref.key);
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
    const derived = this.derivedDir(ref);
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

  async remove(ref: ObjectRef): Promise<PendingChange> {
    const target = this.pathFor(ref.bucket, ref.key);
    const trash = join(this.stagingDir, `removed-${randomUUID()}`);
    let moved = true;
    try {
      await rename(target, trash);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      moved = false;
    }
    const derived = this.derivedDir(ref);
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

  async read(ref: ObjectRef, range?: { start: number; end: number }): Promise<Readable | undefined> {
    const path = this.pathFor(ref.bucket, ref.key);
    const stream = createReadStream(path, range ? { start: range.start, end: range.end } : {});
    return new Promise((resolvePromise, reject) => {
      stream.once('open', () => resolvePromise(stream));
      stream.once('error', (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' || err.code === 'ENOTDIR' ? resolvePromise(undefined) : reject(err)));
    });
  }

  async withLocalFile<T>(ref: ObjectRef, fn: (path: string) => Promise<T>): Promise<T | undefined> {
    const path = this.pathFor(ref.bucket, ref.key);
    try {
      if (!(await stat(path)).isFile()) return undefined;
    } catch {
      return undefined;
    }
    return fn(path);
  }

  async readDerived(ref: ObjectRef, name: string): Promise<Buffer | undefined> {
    try {
      return await readFile(join(this.derivedDir(ref), name));
    } catch {
      return undefined;
    }
  }

  async writeDerived(ref: ObjectRef, name: string, bytes: Buffer): Promise<void> {
    const dir = this.derivedDir(ref);
    await mkdir(dir, { recursive: true });
    const tmp = join(dir, `.${randomUUID()}`);
    await writeFile(tmp, bytes);
    await rename(tmp, join(dir, name)).catch(() => rm(tmp, { force: true }));
  }

  async removeDerived(ref: ObjectRef, name: string): Promise<void> {
    await rm(join(this.derivedDir(ref), name), { force: true });
  }

  async touchDerived(ref: ObjectRef, name: string): Promise<void> {
    const now = new Date();
    await utimes(join(this.derivedDir(ref), name), now, now).catch(() => undefined);
  }

  /** Derived files live per object (not per version: their names carry the version's hash). */
  async listDerived(): Promise<DerivedEntry[]> {
    const entries: DerivedEntry[] = [];
    for (const folder of await readdir(this.derivedRoot).catch(() => [] as string[])) {
      const object = Buffer.from(folder, 'base64url').toString('utf8');
      const slash = object.indexOf('/');
      if (slash <= 0) continue;
      const ref: ObjectRef = { bucket: object.slice(0, slash), key: object.slice(slash + 1), version: null };
      for (const variant of await readdir(join(this.derivedRoot, folder)).catch(() => [] as string[])) {
        if (variant.startsWith('.')) continue;
        const info = await stat(join(this.derivedRoot, folder, variant)).catch(() => undefined);
        if (info?.isFile()) entries.push({ ref, variant, bytes: info.size, usedAt: info.mtimeMs });
      }
    }
    return entries;
  }

  async *listStored(before: Date): AsyncIterable<StoredObject> {
    let buckets;
    try {
      buckets = await readdir(this.root, { withFileTypes: true });
    } catch {
      return;
    }
    for (const b of buckets) {
      if (!b.isDirectory() || b.name.startsWith('.')) continue;
      const bucketDir = join(this.root, b.name);
      for await (const path of walkFiles(bucketDir)) {
        let modified: Date;
        try {
          modified = (await stat(path)).mtime;
        } catch {
          continue;
        }
        if (modified >= before) continue;
        yield { ref: { bucket: b.name, key: relative(bucketDir, path).split(sep).join('/'), version: null }, modified };
      }
    }
  }

  async removeStored(ref: ObjectRef): Promise<void> {
    await rm(this.pathFor(ref.bucket, ref.key), { force: true });
    await rm(this.derivedDir(ref), { recursive: true, force: true });
  }

  sweepStaging(before: Date): Promise<number> {
    return sweepStagingFolder(this.stagingRoot, before);
  }
}

/** The staging folder every instance sharing DATA_DIR stages in, each in a subfolder of its own. */
export function stagingFolderFor(dataDir: string): { root: string; own: string } {
  const root = join(resolve(dataDir, 'storage'), '.staging');
  return { root, own: join(root, instanceFolderName()) };
}

/**
 * What a crashed process on this host left in staging was never committed (or is a spare link
 * to a file still in place), so it can go. Folders of live processes, and of other hosts, stay:
 * the staging sweep job removes what is old in those. Both backends call it at start.
 */
export function removeDeadInstancesStaging(stagingRoot: string, own: string): void {
  for (const name of readdirSync(stagingRoot)) {
    const path = join(stagingRoot, name);
    const owner = folderOwner(name);
    if (owner && (owner.host !== hostname() || pidRuns(owner.pid))) continue;
    // Left by this host's dead processes, or by versions that staged at the root.
    if (path !== own) rmSync(path, { recursive: true, force: true });
  }
}

/** Removes staged files older than `before` in every instance's subfolder; answers how many. */
export async function sweepStagingFolder(root: string, before: Date): Promise<number> {
  let removed = 0;
  for await (const path of walkFiles(root)) {
    try {
      if (statSync(path).mtime < before) {
        await rm(path, { force: true });
        removed++;
      }
    } catch {
      // gone meanwhile
    }
  }
  return removed;
}
