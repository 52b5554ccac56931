import { getRequestListener } from '@hono/node-server';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { ServerContext } from './context.ts';
import type { Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { limitConnectionsPerIp, maxConnectionsFor, readOpenFileLimit, RECOMMENDED_OPEN_FILES } from './http/connection-limits.ts';
import { withResponseHeaders } from './http/response-headers.ts';
import { productJobs } from './jobs/jobs.ts';
import { Previews } from './previews/previews.ts';
import { LinkPreviews } from './link-preview/autofill.ts';
import { Scheduler } from './jobs/scheduler.ts';
import { createMailer } from './mail/create-mailer.ts';
import { createOutbox } from './notifications/create-outbox.ts';
import { UnsubscribeTokens } from './notifications/unsubscribe-token.ts';
import { Realtime } from './realtime/realtime.ts';
import { acquireDataDirLock, type DataDirLock } from './ops/data-dir-lock.ts';
import { DiskGuard } from './ops/disk-guard.ts';
import { HttpObserver } from './ops/http-observer.ts';
import { createLogger, type Logger } from './ops/log.ts';
import { Metrics } from './ops/metrics.ts';
import { readBackupHealth } from './ops/backup-status.ts';
import { createKeys } from './security/jwt.ts';
import { RateLimiter } from './security/rate-limit.ts';
import { SessionLiveness } from './security/session-liveness.ts';
import { LocalWriteCounts } from './rest/local-write-counts.ts';
import { SchemaCache } from './rest/schema-cache.ts';
import { createStorageBackend } from './storage/create-backend.ts';
import { PublicUrls } from './storage/public-urls.ts';
import { seedDemoData } from '../db/seed/seed.ts';
import { PageCache } from './web/page-cache.ts';

export interface RunningServer {
  url: string;
  ctx: ServerContext;
  /**
   * Graceful shutdown: stops accepting, answers what is in flight with `Connection: close`, closes
   * idle keep-alive connections at once and busy ones after SHUTDOWN_TIMEOUT_SECONDS, then closes
   * the database and lets go of DATA_DIR.
   */
  close(): Promise<void>;
}

export interface StartOptions {
  /** An already-open database (tests pass a cloned template); otherwise opened from config. */
  db?: Database;
  /** Log lines go here as text; tests pass a no-op. Otherwise LOG_FORMAT and LOG_LEVEL decide. */
  log?: (line: string) => void;
}

const MB = 1024 * 1024;
/** While draining, keep-alive connections that went idle are closed this often… */
const DRAIN_SWEEP_MS = 200;
/** …and first this soon after shutdown begins. */
const FIRST_SWEEP_MS = 20;

function loggerFor(config: Config, log: StartOptions['log']): Logger {
  if (log) return createLogger({ level: config.LOG_LEVEL, format: 'text', write: (line) => log(line) });
  return createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT });
}

/** config → lock → database → migrations → seed → HTTP. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = loggerFor(config, options.log);
  // PGlite: one process per data directory (Postgres mode shares DATA_DIR by design).
  const lock: DataDirLock | undefined = !options.db && !config.DATABASE_URL ? acquireDataDirLock(config.DATA_DIR) : undefined;
  let db: Database;
  try {
    db =
      options.db ??
      (await openDatabase(config, {
        onConnectionError: (err) => logger.errorThrottled('postgres-connection', `postgres connection lost: ${err.message}`),
      }));
  } catch (err) {
    lock?.release();
    throw err;
  }
  const applied = await migrate(db);
  if (applied.length) logger.info(`applied migrations: ${applied.join(', ')}`);

  const clock = new Clock();
  await clock.load(db);
  const diskGuard = new DiskGuard(config.DATA_DIR, config.DISK_RESERVE_MB * MB, logger);
  await diskGuard.start();
  const storage = await createStorageBackend(config);
  const log = (line: string) => logger.info(line);
  const mailer = createMailer(config, log);
  const unsubscribeTokens = new UnsubscribeTokens(config.JWT_SECRET, clock);
  const keys = await createKeys(config.JWT_SECRET, clock);
  const ctx: ServerContext = {
    config,
    db,
    clock,
    // On PGlite every job run writes to the disk the guard watches (a checkpoint may need a new WAL segment).
    scheduler: new Scheduler(db, clock, log, () => db.kind === 'pglite' && diskGuard.low),
    keys,
    rateLimiter: new RateLimiter(db),
    writeCounts: db.kind === 'pglite' ? new LocalWriteCounts(clock) : undefined,
    readCounts: new LocalWriteCounts(clock),
    sessions: new SessionLiveness(clock, config.SESSION_CHECK_SECONDS * 1000),
    mailer,
    outbox: createOutbox(db, config, mailer, unsubscribeTokens, log),
    unsubscribeTokens,
    schemaCache: new SchemaCache(db),
    storage,
    realtime: new Realtime({ config, db, keys, clock, log }),
    logger,
    diskGuard,
    publicUrls: await PublicUrls.load(db, config.SITE_URL),
    pageCache: new PageCache(config, db, clock, (line) => logger.warn(line)),
    previews: new Previews({ db, storage, clock, config }),
    linkPreviews: new LinkPreviews(config, clock),
  };
  if (config.METRICS_TOKEN) {
    ctx.metrics = new Metrics({
      pool: () => db.poolStats?.(),
      storage: async () => {
        const { rows } = await db.query<{ bytes: number; objects: number }>(
          `select coalesce(sum((metadata->>'size')::bigint), 0)::float8 as bytes, count(*)::int as objects from storage.objects`,
        );
        return rows[0]!;
      },
      diskFree: () => diskGuard.freeBytes,
      backup: config.BACKUP_DIR ? () => readBackupHealth(db) : undefined,
      realtime: {
        sockets: () => ctx.realtime.stats().sockets,
        channels: () => ctx.realtime.stats().channels,
        counters: ctx.realtime.counters,
      },
    });
  }
  await ctx.schemaCache.reload();
  if (config.SEED_DEMO) {
    const seeded = await seedDemoData(ctx);
    if (seeded) logger.info(seeded);
  }

  await ctx.realtime.start();
  await ctx.pageCache.start();
  for (const job of productJobs(ctx)) ctx.scheduler.register(job);
  ctx.scheduler.start(config.JOBS_TICK_SECONDS * 1000);
  // A queued e-mail goes out as soon as its transaction commits; the drain job is the safety net.
  const stopListening = await db.listen('email_outbox', () => ctx.outbox.kick(), () => ctx.outbox.kick());

  const observer = new HttpObserver(ctx.metrics, logger);
  const app = createApp(ctx, { draining: () => observer.draining });
  const server = createServer(
    {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeout: config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveTimeout: config.HTTP_KEEPALIVE_TIMEOUT_SECONDS * 1000,
      // Node checks those timeouts on this interval (30 s by default): a quarter of the shortest.
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, (config.HTTP_HEADERS_TIMEOUT_SECONDS * 1000) / 4)),
    },
    observer.wrap(withResponseHeaders(getRequestListener(app.fetch))),
  );
  if (config.FETCH_ALLOW_HOSTS.length > 0) {
    logger.warn(`FETCH_ALLOW_HOSTS lets the fetcher reach these local hosts: ${config.FETCH_ALLOW_HOSTS.join(', ')} (decision 250)`);
  }
  const fdLimit = readOpenFileLimit();
  if (fdLimit && fdLimit.soft < RECOMMENDED_OPEN_FILES) {
    logger.warn(`open file limit is ${fdLimit.soft}, below ${RECOMMENDED_OPEN_FILES}: raise it (systemd LimitNOFILE=65536, docker --ulimit nofile=65536) or a few hundred slow clients fill it`);
  }
  const maxConnections = maxConnectionsFor(fdLimit);
  if (maxConnections) server.maxConnections = maxConnections;
  limitConnectionsPerIp(server, {
    maxPerIp: config.HTTP_MAX_CONNECTIONS_PER_IP,
    exempt: config.TRUST_PROXY,
    onRefused: (address) => logger.errorThrottled('connections-per-ip', `refused a connection from ${address}: it holds ${config.HTTP_MAX_CONNECTIONS_PER_IP} already`),
  });
  server.on('upgrade', ctx.realtime.upgrade);
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const { port } = server.address() as AddressInfo;
  lock?.setPort(port);
  const url = `http://localhost:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url,
    ctx,
    close() {
      closing ??= (async () => {
        observer.drain();
        await ctx.realtime.close();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // Idle keep-alive connections go at once (after one turn of the event loop, so requests
        // already waiting to be read are read, and answered with Connection: close, rather than
        // cut), and again as busy ones finish their request.
        const sweep = setInterval(() => server.closeIdleConnections(), DRAIN_SWEEP_MS);
        setTimeout(() => server.closeIdleConnections(), FIRST_SWEEP_MS).unref();
        const deadline = setTimeout(() => {
          logger.info(`shutdown: cutting the connections still busy after ${config.SHUTDOWN_TIMEOUT_SECONDS} s`);
          server.closeAllConnections();
        }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000);
        try {
          await closed;
        } finally {
          clearInterval(sweep);
          clearTimeout(deadline);
        }
        await stopListening();
        await ctx.pageCache.close();
        diskGuard.stop();
        await ctx.scheduler.stop();
        await ctx.outbox.stop();
        await db.close();
        lock?.release();
      })();
      return closing;
    },
  };
}
