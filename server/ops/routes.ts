import { Hono, type Context } from 'hono';
import { timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ServerContext } from '../context.ts';
import { readMigrations } from '../db/migrate.ts';
import { authenticate } from '../security/request-auth.ts';
import { StorageReachability } from '../storage/reachability.ts';
import { createBackup } from './backup.ts';
import { readBackupHealth } from './backup-status.ts';

/** How long /readyz waits for the database before it calls it unreachable. */
const READY_TIMEOUT_MS = 2000;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export interface OpsState {
  /** True once shutdown has begun: the load balancer should stop sending traffic. */
  draining(): boolean;
  /** True until the server-drawn pages have been drawn once (server/web/warm-up.ts). */
  warming?(): boolean;
}

/**
 * What operators and their tools call: /healthz (the process answers), /readyz (it can serve:
 * database reachable, migrations applied, not shutting down), /metrics (Prometheus, only with
 * METRICS_TOKEN) and /ops/v1/backup (service role).
 */
export function opsRoutes(ctx: ServerContext, state: OpsState): Hono {
  const app = new Hono();
  const expected = readMigrations().map((m) => m.name);
  const storageReach = new StorageReachability(ctx.storage, READY_TIMEOUT_MS, (err) =>
    ctx.logger.errorThrottled('readyz-storage', `readyz: object store unreachable: ${(err as Error).message}`),
  );

  const backupDetail = async () => {
    try {
      const health = await withTimeout(readBackupHealth(ctx.db), READY_TIMEOUT_MS);
      return { state: health.alert ?? 'ok', lastGoodAt: health.lastGoodAt?.toISOString() ?? null };
    } catch {
      return { state: 'unknown', lastGoodAt: null };
    }
  };

  app.get('/healthz', (c) => c.json({ status: 'ok' }));

  app.get('/readyz', async (c) => {
    const disk = ctx.diskGuard.low ? 'low' : 'ok';
    if (state.draining()) return c.json({ status: 'draining', database: 'unknown', migrations: 'unknown', disk }, 503);
    try {
      const { rows } = await withTimeout(ctx.db.query<{ name: string }>('select name from platform.schema_migrations'), READY_TIMEOUT_MS);
      const applied = new Set(rows.map((r) => r.name));
      const pending = expected.filter((name) => !applied.has(name));
      if (pending.length) return c.json({ status: 'unavailable', database: 'ok', migrations: 'pending', pending, disk }, 503);
      if (state.warming?.()) return c.json({ status: 'warming', database: 'ok', migrations: 'ok', pages: 'warming', disk }, 503);
      // An object store every instance shares being down is reported, not a reason to take this
      // instance out of rotation: the others could not serve files either, and everything but
      // files still works here (decision 114; like a low disk).
      const storage = await storageReach.state();
      // Scheduled backups are reported and never make the instance unready (decision 247): taking
      // it out of rotation would not bring a backup back, and every instance would say the same.
      const backup = ctx.config.BACKUP_DIR ? await backupDetail() : undefined;
      return c.json({ status: 'ready', database: 'ok', migrations: 'ok', disk, ...(storage ? { storage } : {}), ...(backup ? { backup } : {}) });
    } catch (err) {
      ctx.logger.errorThrottled('readyz', `readyz: database unreachable: ${(err as Error).message}`);
      return c.json({ status: 'unavailable', database: 'unreachable', migrations: 'unknown', disk }, 503);
    }
  });

  app.get('/metrics', async (c) => {
    const token = ctx.config.METRICS_TOKEN;
    if (!token || !ctx.metrics) return c.json({ message: 'Not found' }, 404);
    const given = (c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, '');
    if (!sameSecret(given, token)) return c.json({ message: 'Unauthorized' }, 401, { 'WWW-Authenticate': 'Bearer' });
    return c.body(await ctx.metrics.text(), 200, { 'Content-Type': ctx.metrics.registry.contentType, 'Cache-Control': 'no-store' });
  });

  app.post('/ops/v1/backup', async (c: Context) => {
    let role: string;
    try {
      role = (await authenticate(c, ctx.keys)).role;
    } catch {
      role = 'none';
    }
    if (role !== 'service_role') return c.json({ message: 'Backups need the service_role key' }, 403);
    const stream = await createBackup({ db: ctx.db, dataDir: ctx.config.DATA_DIR, storageKind: ctx.storage.kind });
    ctx.logger.info('backup started');
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      status: 200,
      headers: {
        'Content-Type': 'application/gzip',
        'Content-Disposition': `attachment; filename="showcase-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz"`,
        'Cache-Control': 'no-store',
      },
    });
  });

  return app;
}
