import { randomUUID } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import type { Queryable } from '../db/database.ts';
import type { RequestAuth } from '../security/request-auth.ts';
import type { ObjectRef, PendingChange } from './backend.ts';
import { errors } from './errors.ts';
import type { StagedFile } from './receive.ts';
import { asStorageCaller, type StorageDeps } from './request.ts';
import { contentMatchesDeclared, SNIFF_BYTES } from './sniff.ts';
import { mimeAllowed } from './validation.ts';

/** The metadata Supabase Storage keeps on storage.objects.metadata; serving reads it back. */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  metadata: ObjectMetadata;
  user_metadata: Record<string, unknown> | null;
  version: string | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

/** The stored bytes a row names. */
export function refOf(row: Pick<ObjectRow, 'bucket_id' | 'name' | 'version'>): ObjectRef {
  return { bucket: row.bucket_id, key: row.name, version: row.version };
}

export interface BucketLimits {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

/**
 * Bucket limits are read with the server's own connection, as Supabase Storage does: anyone may
 * learn that a bucket exists and what it accepts; whether they may write is RLS's decision.
 */
export async function bucketLimits(deps: StorageDeps, bucket: string): Promise<BucketLimits> {
  const { rows } = await deps.ctx.db.query<BucketLimits>(
    `select id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types from storage.buckets where id = $1`,
    [bucket],
  );
  if (!rows[0]) throw errors.bucketNotFound();
  return rows[0];
}

export function effectiveSizeLimit(deps: StorageDeps, bucket: BucketLimits): number {
  const max = deps.ctx.config.STORAGE_MAX_FILE_SIZE;
  return bucket.file_size_limit === null ? max : Math.min(bucket.file_size_limit, max);
}

/** Size, allow-list and magic-byte checks on a staged file, before any transaction opens. */
export async function checkUpload(bucket: BucketLimits, limit: number, staged: StagedFile, contentType: string): Promise<void> {
  if (staged.size > limit) throw errors.tooLarge();
  if (!mimeAllowed(contentType, bucket.allowed_mime_types)) throw errors.mimeNotSupported(contentType);
  if (contentType === 'image/svg+xml') throw errors.mimeNotSupported(contentType);
  const head = Buffer.alloc(Math.min(SNIFF_BYTES, staged.size));
  const fh = await open(staged.path, 'r');
  try {
    await fh.read(head, 0, head.length, 0);
  } finally {
    await fh.close();
  }
  if (!contentMatchesDeclared(contentType, head)) throw errors.contentMismatch(contentType);
}

export interface StoreRequest {
  bucket: string;
  key: string;
  staged: StagedFile;
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
  /** Replace an existing object (x-upsert: true, or PUT). */
  upsert: boolean;
}

/**
 * Writes the row as the caller (RLS: insert, and for upsert also select and update) and the bytes,
 * in the order the backend needs (decision 111): on disk the file is swapped in while the row is
 * still locked, after the permission check; a versioned store (S3) writes the new version first,
 * nobody reading it until the row commits, and drops the version it replaced afterwards. A
 * failure anywhere undoes both.
 */
export async function storeObject(deps: StorageDeps, auth: RequestAuth, req: StoreRequest): Promise<Pick<ObjectRow, 'id' | 'bucket_id' | 'name' | 'version' | 'metadata'>> {
  const metadata: ObjectMetadata = {
    eTag: `"${req.staged.md5}"`,
    size: req.staged.size,
    mimetype: req.contentType,
    cacheControl: req.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: req.staged.size,
    httpStatusCode: 200,
  };
  const owner = auth.userId ?? null;
  const version = randomUUID();
  const ref: ObjectRef = { bucket: req.bucket, key: req.key, version };
  const inPlace = deps.backend.replacesInPlace;
  let pending: PendingChange | undefined;
  let committed = false;
  let committedId: string | undefined;
  try {
    if (!inPlace) pending = await putFile(deps, ref, req);
    const { id, replaced } = await asStorageCaller(deps, auth, async (tx) => {
      // The version this upload replaces, so a versioned store can drop its bytes after the commit.
      let replaced: string | null | undefined;
      if (!inPlace && req.upsert) {
        const { rows } = await tx.query<{ version: string | null }>(`select version from storage.objects where bucket_id = $1 and name = $2`, [req.bucket, req.key]);
        replaced = rows.length ? rows[0]!.version : undefined;
      }
      const sql = req.upsert
        ? `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           values ($1, $2, $3::uuid, $7::text, $4::jsonb, $5::jsonb, $6)
           on conflict (bucket_id, name) do update set
             metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
             updated_at = now(), last_accessed_at = now()
           returning id`
        : `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           values ($1, $2, $3::uuid, $7::text, $4::jsonb, $5::jsonb, $6) returning id`;
      const { rows } = await tx.query<{ id: string }>(sql, [
        req.bucket,
        req.key,
        owner,
        JSON.stringify(metadata),
        req.userMetadata === null ? null : JSON.stringify(req.userMetadata),
        version,
        owner,
      ]);
      if (inPlace) pending = await putFile(deps, ref, req);
      return { id: rows[0]!.id, replaced };
    });
    committedId = id;
    committed = true;
    await pending!.finalize(replaced);
    return { id, bucket_id: req.bucket, name: req.key, version, metadata };
  } catch (err) {
    // After the commit the row names the new bytes: undoing them would leave a row without bytes.
    // What finalize could not drop (the replaced version, on a store that went away) is an orphan
    // the sweep removes; the upload itself succeeded.
    if (committed) {
      deps.ctx.logger.errorThrottled('storage-finalize', `storage: could not drop the replaced bytes of ${req.bucket}/${req.key} (the orphan sweep will): ${(err as Error).message}`);
      return { id: committedId!, bucket_id: req.bucket, name: req.key, version, metadata };
    }
    await pending?.rollback().catch((e) => deps.ctx.logger.error('storage: could not roll back a file change', { err: e }));
    throw err;
  }
}

async function putFile(deps: StorageDeps, ref: ObjectRef, req: StoreRequest): Promise<PendingChange> {
  try {
    return await deps.backend.put(ref, req.staged, req.contentType);
  } catch (err) {
    // "a" cannot be a file when "a/b" is one, and the other way round. Linux refuses the hard link
    // the disk backend makes of an existing "a" with EPERM when "a" is such a folder.
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EISDIR' || code === 'ENOTDIR' || code === 'EEXIST' || code === 'ENOTEMPTY' || code === 'EPERM') throw errors.duplicate();
    throw err;
  }
}

export async function discard(staged: StagedFile | undefined): Promise<void> {
  if (staged) await rm(staged.path, { force: true });
}

const OBJECT_COLUMNS = `id, bucket_id, name, owner, owner_id, metadata, user_metadata, version, created_at, updated_at, last_accessed_at`;

/**
 * Deletes objects as the caller (RLS hides what they may not delete, so those are skipped, as on
 * Supabase) and moves their files away inside the same transaction. names = null empties the bucket.
 */
export async function removeObjects(deps: StorageDeps, auth: RequestAuth, bucket: string, names: string[] | null): Promise<ObjectRow[]> {
  const pending: PendingChange[] = [];
  let committed = false;
  let committedRows: ObjectRow[] = [];
  try {
    const rows = await asStorageCaller(deps, auth, async (tx: Queryable) => {
      const { rows } = await tx.query<ObjectRow>(
        names === null
          ? `delete from storage.objects where bucket_id = $1 returning ${OBJECT_COLUMNS}`
          : `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
        names === null ? [bucket] : [bucket, names],
      );
      for (const row of rows) pending.push(await deps.backend.remove(refOf(row)));
      return rows;
    });
    committedRows = rows;
    committed = true;
    await Promise.all(pending.map((p) => p.finalize()));
    return rows;
  } catch (err) {
    // The rows are gone once committed: restoring their bytes would only make orphans, and the
    // deletion did happen. Bytes the store kept are swept as orphans.
    if (committed) {
      deps.ctx.logger.errorThrottled('storage-finalize', `storage: could not drop the bytes of deleted objects in ${bucket} (the orphan sweep will): ${(err as Error).message}`);
      return committedRows;
    }
    for (const p of pending) await p.rollback().catch((e) => deps.ctx.logger.error('storage: could not restore a removed file', { err: e }));
    throw err;
  }
}

/** One object as the caller may see it (RLS), or as anyone may see it in a public bucket. */
export async function findObject(deps: StorageDeps, auth: RequestAuth | 'public', bucket: string, key: string): Promise<ObjectRow> {
  const row =
    auth === 'public'
      ? (
          await deps.ctx.db.query<ObjectRow>(
            `select ${OBJECT_COLUMNS} from storage.objects o
             where o.bucket_id = $1 and o.name = $2
               and exists (select 1 from storage.buckets b where b.id = o.bucket_id and b.public)`,
            [bucket, key],
          )
        ).rows[0]
      : await asStorageCaller(
          deps,
          auth,
          async (tx) => (await tx.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucket, key])).rows[0],
          { readOnly: true },
        );
  if (!row) throw errors.objectNotFound();
  return row;
}
