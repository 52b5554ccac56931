import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { DiskGuard } from './ops/disk-guard.ts';
import type { Logger } from './ops/log.ts';
import type { Metrics } from './ops/metrics.ts';
import type { Scheduler } from './jobs/scheduler.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Outbox } from './notifications/outbox.ts';
import type { UnsubscribeTokens } from './notifications/unsubscribe-token.ts';
import type { Keys } from './security/jwt.ts';
import type { Realtime } from './realtime/realtime.ts';
import type { RateLimiter } from './security/rate-limit.ts';
import type { SessionLiveness } from './security/session-liveness.ts';
import type { LocalWriteCounts } from './rest/local-write-counts.ts';
import type { SchemaCache } from './rest/schema-cache.ts';
import type { StorageBackend } from './storage/backend.ts';
import type { PublicUrls } from './storage/public-urls.ts';
import type { PageCache } from './web/page-cache.ts';
import type { PreviewService } from './previews/subjects.ts';
import type { LinkPreviews } from './link-preview/autofill.ts';

/** What every HTTP module receives: built once in createServerContext, shared by all requests. */
export interface ServerContext {
  config: Config;
  db: Database;
  /** The time every rule reads; tests move it (and the database's with it). */
  clock: Clock;
  /** Timed jobs (server/jobs), run once across instances. */
  scheduler: Scheduler;
  keys: Keys;
  rateLimiter: RateLimiter;
  /** /rest/v1's write counts, kept in this process on PGlite (one process by construction); undefined on Postgres, whose database counts. */
  writeCounts?: LocalWriteCounts;
  /** Counts of the few limited reads (search suggestions), in this process on every database (server/rest/read-limits.ts). */
  readCounts: LocalWriteCounts;
  /** Whether a signed-in token's session is still live (data calls refuse ended sessions). */
  sessions: SessionLiveness;
  /** SMTP, or the dev mailbox when SMTP_URL is unset. Auth e-mails go straight here. */
  mailer: Mailer;
  /** Every other e-mail: queued in the database, sent from here (server/notifications). */
  outbox: Outbox;
  /** Signs and checks the links that stop an e-mail stream. */
  unsubscribeTokens: UnsubscribeTokens;
  /** /rest/v1's view of schema public; call reload() after changing the schema at run time. */
  schemaCache: SchemaCache;
  /** Object bytes: files under DATA_DIR, or an S3-compatible bucket. */
  storage: StorageBackend;
  /** /realtime/v1: WebSocket channels and the change fan-out (server/realtime). */
  realtime: Realtime;
  logger: Logger;
  /** Moves this server's own image URLs to the origin a request came to. */
  publicUrls: PublicUrls;
  /** Refuses writes while the disk holding DATA_DIR is almost full. */
  diskGuard: DiskGuard;
  /** The shared copies of the pages the server draws (server/web/page-cache.ts). */
  pageCache: PageCache;
  /** The preview images of shared links (server/previews, decision 251). */
  previews: PreviewService;
  /** Auto-fill of the submit form from a URL (server/link-preview, decision 261). */
  linkPreviews: LinkPreviews;
  /** Prometheus metrics; only when METRICS_TOKEN is set. */
  metrics?: Metrics;
}
