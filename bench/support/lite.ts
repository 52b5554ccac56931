import { serve, type ServerType } from '@hono/node-server';
import { App } from '@supabase/lite';
import { createPgliteConnection } from '@supabase/lite/pglite';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Database, Queryable } from '../../server/db/database.ts';
import { readMigrations } from '../../server/db/migrate.ts';

/**
 * @supabase/lite, booted as our reference and benchmark peer: its own database (its own PGlite
 * 0.4.5, or a Postgres database of its own), its auth schema provisioned first, then our
 * migrations applied verbatim on top, so both servers answer over the same schema and policies.
 */
export interface LiteServer {
  url: string;
  /** Runs SQL on lite's database as its owner (to load the same data). */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  exec(sql: string): Promise<void>;
  /** Lite's database behind our small Database interface (for the bulk seed). */
  database: Pick<Database, 'query' | 'exec' | 'transaction'>;
  /** Makes lite re-read the catalog after data-definition changes made behind its back. */
  refreshSchema(): Promise<void>;
  close(): Promise<void>;
}

export interface LiteOptions {
  jwtSecret: string;
  /** A Postgres URL; omitted, lite runs on its own in-memory PGlite. */
  databaseUrl?: string;
  /** Migration file names to leave out (those for features lite's schema already provides). */
  skipMigrations?: (name: string) => boolean;
  /** Extra [auth] settings merged over the defaults (the auth conformance suite enables sign-up). */
  auth?: Record<string, unknown>;
}

/**
 * The extensions our migrations create (server/db/pglite.ts loads the same two: pg_trgm and
 * unaccent), from lite's own PGlite build (0.4.5), not ours (0.5.x): the WASM ABIs differ.
 */
async function liteExtensions(): Promise<Record<string, unknown>> {
  // The package's exports map hides its own files, so resolve the entry point and walk up.
  const entry = fileURLToPath(import.meta.resolve('@supabase/lite'));
  const contrib = join(dirname(entry), '..', 'node_modules/@electric-sql/pglite/dist/contrib');
  const load = async (name: string) => ((await import(pathToFileURL(join(contrib, `${name}.js`)).href)) as Record<string, unknown>)[name];
  return { pg_trgm: await load('pg_trgm'), unaccent: await load('unaccent') };
}

type RawDriver = {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
  exec(sql: string): Promise<unknown>;
  transaction<T>(fn: (tx: RawDriver) => Promise<T>): Promise<T>;
};

type PgliteLike = {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
  transaction<T>(fn: (tx: PgliteLike) => Promise<T>): Promise<T>;
};
type PostgresJsLike = {
  unsafe(q: string, p?: unknown[]): Promise<unknown[] & { count?: number }> & { simple(): Promise<unknown> };
  begin<T>(fn: (tx: PostgresJsLike) => Promise<T>): Promise<T>;
};

function fromPglite(db: PgliteLike): RawDriver {
  return {
    async query(q, p = []) {
      const r = await db.query(q, p);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    exec: (q) => db.exec(q),
    transaction: (fn) => db.transaction((tx) => fn(fromPglite(tx))),
  };
}

function fromPostgresJs(sql: PostgresJsLike): RawDriver {
  return {
    async query(q, p = []) {
      const r = await sql.unsafe(q, p as never[]);
      return { rows: [...r], rowCount: r.count ?? r.length };
    },
    async exec(q) {
      // The simple protocol: several statements (a whole migration) in one round trip.
      await sql.unsafe(q).simple();
    },
    transaction: (fn) => sql.begin((tx) => fn(fromPostgresJs(tx))),
  };
}

function asQueryable(raw: RawDriver): Queryable {
  return {
    async query<Row>(q: string, p: readonly unknown[] = []) {
      const r = await raw.query(q, [...p]);
      return { rows: r.rows as Row[], rowCount: r.rowCount };
    },
    async exec(q: string) {
      await raw.exec(q);
    },
  };
}

function rawAccess(connection: unknown, kind: 'pglite' | 'postgres'): RawDriver {
  const driver = (connection as { driver: unknown }).driver;
  return kind === 'pglite' ? fromPglite(driver as PgliteLike) : fromPostgresJs(driver as PostgresJsLike);
}

export async function startLite(options: LiteOptions): Promise<LiteServer> {
  const kind = options.databaseUrl ? 'postgres' : 'pglite';
  const connection = options.databaseUrl
    ? // postgres.js is an optional peer of lite: loaded only for a Postgres run.
      (await import('@supabase/lite/postgres')).createPostgresConnection({ url: options.databaseUrl } as never)
    : await createPgliteConnection({ pgliteOptions: { extensions: await liteExtensions() } } as never);
  const app = new App({
    connection,
    auth: { enabled: true, jwt_secret: options.jwtSecret, enable_signup: false, ...options.auth },
    // No opaque sb_* keys: requests carry our HS256 anon JWT / user JWTs, which lite verifies
    // with the shared secret and maps to roles, as PostgREST does.
    options: { server: { apiKeys: false, disableStudio: true, admin: false } },
  } as never) as unknown as App;
  await app.init();
  await app.ensureSystemSchema();

  const raw = rawAccess(connection, kind);
  for (const m of readMigrations()) {
    if (options.skipMigrations?.(m.name)) continue;
    try {
      await raw.transaction((tx) => tx.exec(m.sql));
    } catch (err) {
      throw new Error(`lite: migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
    }
  }
  const refreshSchema = async () => {
    await (connection as unknown as { introspect(o: { useCache: boolean }): Promise<unknown> }).introspect({ useCache: false });
  };
  await refreshSchema();

  const server: ServerType = await new Promise((resolve) => {
    const s = serve(
      {
        port: 0,
        hostname: '127.0.0.1',
        fetch: (request: Request, env: { incoming: { socket: { remoteAddress?: string } } }) =>
          app.fetch(request, { peerAddress: env.incoming.socket.remoteAddress ?? null }),
      } as never,
      () => resolve(s),
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async query<Row>(sql: string, params: unknown[] = []) {
      return (await raw.query(sql, params)).rows as Row[];
    },
    async exec(sql: string) {
      await raw.exec(sql);
    },
    database: {
      ...asQueryable(raw),
      transaction: (fn) => raw.transaction((tx) => fn(asQueryable(tx))),
    },
    refreshSchema,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await (connection as unknown as { close(): Promise<void> }).close();
    },
  };
}
