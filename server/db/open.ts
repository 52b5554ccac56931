import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** DATABASE_URL selects node-postgres; otherwise embedded PGlite persisted under DATA_DIR. */
export function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): Promise<Database> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL);
  return openPglite({ dataDir: join(config.DATA_DIR, 'pglite') });
}
