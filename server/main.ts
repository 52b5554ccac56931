import { ConfigError, loadConfig } from './config.ts';
import { startServer } from './server.ts';

async function main() {
  const config = loadConfig();
  const server = await startServer(config);
  const database = config.DATABASE_URL ? 'Postgres (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`;
  console.log(`\nAI Showcase is running at ${config.SITE_URL}  (port ${new URL(server.url).port}, ${database})`);
  console.log(`Supabase URL: ${config.SITE_URL}`);
  console.log(`anon key:     ${server.ctx.keys.anonKey}\n`);

  const shutdown = (signal: string) => {
    console.log(`${signal} received, shutting down…`);
    server.close().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
