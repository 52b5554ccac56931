import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Queryable } from '../../server/db/database.ts';
import { ALLOWED_IMAGE_TYPES, IMAGE_BUCKET, IMAGE_MAX_BYTES, STORAGE_CACHE_SECONDS } from '../../domain/limits.ts';

export interface ImageStoreTarget {
  dataDir: string;
  siteUrl: string;
  /** The seeding transaction: the object rows commit or roll back with the rest of the demo data. */
  tx: Queryable;
}

/**
 * Puts one image where /storage/v1 serves it from: the file under
 * DATA_DIR/storage/project-images/<name>, a storage.objects row shaped as Supabase Storage writes
 * it, and the bucket if it does not exist yet. Returns the image's public URL.
 */
export async function storeProjectImage(target: ImageStoreTarget, name: string, bytes: Buffer, mimetype: string): Promise<string> {
  const file = join(target.dataDir, 'storage', IMAGE_BUCKET, ...name.split('/'));
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, bytes);

  await target.tx.query(
    `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
     values ($1, $1, true, $2, $3) on conflict (id) do nothing`,
    [IMAGE_BUCKET, IMAGE_MAX_BYTES, [...ALLOWED_IMAGE_TYPES]],
  );
  const metadata = {
    mimetype,
    size: bytes.length,
    cacheControl: `max-age=${STORAGE_CACHE_SECONDS}`,
    eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
    contentLength: bytes.length,
    lastModified: new Date().toISOString(),
  };
  await target.tx.query(
    `insert into storage.objects (bucket_id, name, owner, metadata) values ($1, $2, null, $3)
     on conflict (bucket_id, name) do update set metadata = excluded.metadata, updated_at = now()`,
    [IMAGE_BUCKET, name, metadata],
  );
  return `${target.siteUrl}/storage/v1/object/public/${IMAGE_BUCKET}/${name}`;
}
