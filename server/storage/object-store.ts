import { randomUUID } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import type { Queryable } from '../db/database.ts';
import { asCaller, type RequestAuth } from '../security/request-auth.ts';
import type { PendingChange } from './backend.ts';
import { errors } from './errors.ts';
import type { StagedFile } from './receive.ts';
import type { StorageDeps } from './request.ts';
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
 * Writes the row as the caller (RLS: insert, and for upsert also select and update), then swaps the
 * file in while the row is still locked, and commits. A failure anywhere undoes both.
 */
export async function storeObject(deps: StorageDeps, auth: RequestAuth, req: StoreRequest): Promise<{ id: string }> {
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
  let pending: PendingChange | undefined;
  try {
    const id = await asCaller(deps.ctx.db, auth, async (tx) => {
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
      pending = await putFile(deps, req);
      return rows[0]!.id;
    });
    await pending!.finalize();
    return { id };
  } catch (err) {
    await pending?.rollback().catch((e) => console.error('storage: could not roll back a file change', e));
    throw err;
  }
}

async function putFile(deps: StorageDeps, req: StoreRequest): Promise<PendingChange> {
  try {
    return await deps.backend.put(req.bucket, req.key, req.staged);
  } catch (err) {
    // "a" cannot be a file when "a/b" is one, and the other way round.
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EISDIR' || code === 'ENOTDIR' || code === 'EEXIST' || code === 'ENOTEMPTY') throw errors.duplicate();
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
  try {
    const rows = await asCaller(deps.ctx.db, auth, async (tx: Queryable) => {
      const { rows } = await tx.query<ObjectRow>(
        names === null
          ? `delete from storage.objects where bucket_id = $1 returning ${OBJECT_COLUMNS}`
          : `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
        names === null ? [bucket] : [bucket, names],
      );
      for (const row of rows) pending.push(await deps.backend.remove(bucket, row.name));
      return rows;
    });
    await Promise.all(pending.map((p) => p.finalize()));
    return rows;
  } catch (err) {
    for (const p of pending) await p.rollback().catch((e) => console.error('storage: could not restore a removed file', e));
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
      : await asCaller(
          deps.ctx.db,
          auth,
          async (tx) => (await tx.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucket, key])).rows[0],
          { readOnly: true },
        );
  if (!row) throw errors.objectNotFound();
  return row;
}
