/**
 * Stands in for @supabase/storage-js inside supabase-js in the browser build (vite.config.ts),
 * as realtime-stub.ts does for realtime: supabase-js constructs a storage client on every page,
 * and the real one adds about 7 KB gzip to `/`, which uploads nothing. The app's storage calls go
 * through web/lib/storage.ts, which loads the real client with the pages that need it.
 */
export class StorageApiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageApiError';
  }
}

export class StorageClient {
  constructor(..._args: unknown[]) {}
  from(): never {
    throw new Error('supabase.storage is not in this build: use storage() from web/lib/storage.ts');
  }
}
