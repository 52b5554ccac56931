import { ConfigError, loadConfig } from './config.ts';
import { mailNotice } from './mail/create-mailer.ts';
import { PgliteVersionError } from './db/pglite-version.ts';
import { DataDirLockedError } from './ops/data-dir-lock.ts';
import { startWatchdog } from './ops/watchdog.ts';
import { startServer } from './server.ts';

// The renderer of first screens (decision 203) loads React's production build unless told otherwise.
process.env.NODE_ENV ??= 'production';

async function main() {
  const config = loadConfig();
  const server = await startServer(config);
  const { logger } = server.ctx;
  // Only once started: migrations and the first seed may keep the main thread busy for a while.
  const watchdog = config.WATCHDOG_TIMEOUT_SECONDS > 0 ? startWatchdog({ timeoutMs: config.WATCHDOG_TIMEOUT_SECONDS * 1000, json: config.LOG_FORMAT === 'json' }) : undefined;
  const database = config.DATABASE_URL ? 'Postgres (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`;
  logger.info(`\nAI Showcase is running at ${config.SITE_URL}  (port ${new URL(server.url).port}, ${database})`);
  logger.info(`Supabase URL: ${config.SITE_URL}`);
  logger.info(`anon key:     ${server.ctx.keys.anonKey}`);
  logger.info(`${mailNotice(config, server.ctx.mailer)}\n`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      logger.info(`${signal} received again: stopping now`);
      process.exit(1);
    }
    stopping = true;
    logger.info(`${signal} received, shutting down (in-flight requests get up to ${config.SHUTDOWN_TIMEOUT_SECONDS} s)…`);
    server.close().then(
      () => {
        watchdog?.stop();
        logger.info('shut down cleanly');
        process.exit(0);
      },
      (err: unknown) => {
        logger.error('shutdown failed', { err });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof PgliteVersionError ? err.message : err);
  process.exit(1);
});
