import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Keys } from './security/jwt.ts';
import type { RateLimiter } from './security/rate-limit.ts';
import type { SchemaCache } from './rest/schema-cache.ts';
import type { StorageBackend } from './storage/backend.ts';

/** What every HTTP module receives: built once in createServerContext, shared by all requests. */
export interface ServerContext {
  config: Config;
  db: Database;
  keys: Keys;
  rateLimiter: RateLimiter;
  /** Auth e-mails: SMTP, or the dev mailbox when SMTP_URL is unset. */
  mailer: Mailer;
  /** /rest/v1's view of schema public; call reload() after changing the schema at run time. */
  schemaCache: SchemaCache;
  /** Object bytes; one instance per data directory (its constructor clears the staging area). */
  storage: StorageBackend;
}
