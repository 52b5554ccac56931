import { createHash, randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import type { Queryable } from '../../server/db/database.ts';
import type { StorageBackend } from '../../server/storage/backend.ts';
import { tempPath } from '../../server/storage/receive.ts';
import { ALLOWED_IMAGE_TYPES, IMAGE_BUCKET, IMAGE_MAX_BYTES, STORAGE_CACHE_SECONDS } from '../../domain/limits.ts';

export interface ImageStoreTarget {
  /** Where object bytes live (DATA_DIR/storage, or an S3 bucket). */
  storage: StorageBackend;
  siteUrl: string;
  /** The seeding transaction: the object rows commit or roll back with the rest of the demo data. */
  tx: Queryable;
}

/**
 * Puts one image where /storage/v1 serves it from: the bytes through the storage backend, a
 * storage.objects row shaped as Supabase Storage writes it, and the bucket if it does not exist
 * yet. Returns the image's public URL.
 */
export async function storeProjectImage(target: ImageStoreTarget, name: string, bytes: Buffer, mimetype: string): Promise<string> {
  const md5 = createHash('md5').update(bytes).digest('hex');
  const staged = { path: tempPath(target.storage.stagingDir), size: bytes.length, md5 };
  await writeFile(staged.path, bytes, { mode: 0o600 });
  const version = randomUUID();
  // Seeding runs once on an empty database, so there is no earlier version to replace. Bytes
  // whose rows roll back are removed later by the orphan sweep.
  try {
    const pending = await target.storage.put({ bucket: IMAGE_BUCKET, key: name, version }, staged, mimetype);
    await pending.finalize();
  } finally {
    await rm(staged.path, { force: true });
  }

  await target.tx.query(
    `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
     values ($1, $1, true, $2, $3) on conflict (id) do nothing`,
    [IMAGE_BUCKET, IMAGE_MAX_BYTES, [...ALLOWED_IMAGE_TYPES]],
  );
  const metadata = {
    mimetype,
    size: bytes.length,
    cacheControl: `max-age=${STORAGE_CACHE_SECONDS}`,
    eTag: `"${md5}"`,
    contentLength: bytes.length,
    lastModified: new Date().toISOString(),
  };
  await target.tx.query(
    `insert into storage.objects (bucket_id, name, owner, metadata, version) values ($1, $2, null, $3, $4)
     on conflict (bucket_id, name) do update set metadata = excluded.metadata, version = excluded.version, updated_at = now()`,
    [IMAGE_BUCKET, name, metadata, version],
  );
  return `${target.siteUrl}/storage/v1/object/public/${IMAGE_BUCKET}/${name}`;
}
