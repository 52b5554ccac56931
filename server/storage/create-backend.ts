import type { Config } from '../config.ts';
import { DiskBackend, type StorageBackend } from './backend.ts';

// The factory lives beside the interface, not in it: the S3 backend imports the interface.
/** STORAGE_BACKEND decides; the S3 client is loaded only when it is used. */
export async function createStorageBackend(config: Config): Promise<StorageBackend> {
  if (config.STORAGE_BACKEND === 's3') {
    const { S3Backend } = await import('./s3-backend.ts');
    return new S3Backend(config);
  }
  return new DiskBackend(config.DATA_DIR);
}
