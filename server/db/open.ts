import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import { openPglite } from './pglite.ts';
import { recordPgliteVersion } from './pglite-version.ts';
import { openPostgres } from './postgres.ts';

export interface OpenOptions {
  /** Told when a pooled Postgres connection breaks. */
  onConnectionError?: (err: Error) => void;
}

type OpenConfig = Pick<Config, 'DATABASE_URL' | 'DATA_DIR'> &
  Partial<Pick<Config, 'DATABASE_ACQUIRE_TIMEOUT_SECONDS' | 'DATABASE_QUERY_TIMEOUT_SECONDS' | 'PGLITE_FSYNC'>>;

/** DATABASE_URL selects node-postgres; otherwise embedded PGlite persisted under DATA_DIR. */
export async function openDatabase(config: OpenConfig, options: OpenOptions = {}): Promise<Database> {
  if (config.DATABASE_URL) {
    return openPostgres(config.DATABASE_URL, {
      acquireTimeoutMs: (config.DATABASE_ACQUIRE_TIMEOUT_SECONDS ?? 0) * 1000,
      queryTimeoutMs: (config.DATABASE_QUERY_TIMEOUT_SECONDS ?? 0) * 1000,
      onConnectionError: options.onConnectionError,
    });
  }
  const db = await openPglite({ dataDir: join(config.DATA_DIR, 'pglite'), durable: config.PGLITE_FSYNC ?? true });
  // Which PGlite wrote this directory, so a later release with another PostgreSQL major can say so.
  recordPgliteVersion(config.DATA_DIR);
  return db;
}
