import { getRequestListener } from '@hono/node-server';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import type { ServerContext } from './context.ts';
import type { Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { withResponseHeaders } from './http/response-headers.ts';
import { createMailer } from './mail/mailer.ts';
import { createKeys } from './security/jwt.ts';
import { RateLimiter } from './security/rate-limit.ts';
import { SchemaCache } from './rest/schema-cache.ts';
import { DiskBackend } from './storage/backend.ts';
import { seedDemoData } from '../db/seed/seed.ts';

export interface RunningServer {
  url: string;
  ctx: ServerContext;
  close(): Promise<void>;
}

export interface StartOptions {
  /** An already-open database (tests pass a cloned template); otherwise opened from config. */
  db?: Database;
  /** Log lines go here; tests pass a no-op. */
  log?: (line: string) => void;
}

/** config → database → migrations → seed → HTTP. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const db = options.db ?? (await openDatabase(config));
  const applied = await migrate(db);
  if (applied.length) log(`applied migrations: ${applied.join(', ')}`);

  const ctx: ServerContext = {
    config,
    db,
    keys: await createKeys(config.JWT_SECRET),
    rateLimiter: new RateLimiter(db),
    mailer: createMailer(config, log),
    schemaCache: new SchemaCache(db),
    storage: new DiskBackend(config.DATA_DIR),
  };
  await ctx.schemaCache.reload();
  if (config.SEED_DEMO) {
    const seeded = await seedDemoData(ctx);
    if (seeded) log(seeded);
  }

  const app = createApp(ctx);
  const server = createServer(withResponseHeaders(getRequestListener(app.fetch)));
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url,
    ctx,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive sockets would hold close() open; end them once in-flight requests are done.
          server.closeIdleConnections();
        });
        await db.close();
      })();
      return closing;
    },
  };
}
