import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { decodeJwt } from 'jose';
import { loadConfig } from '../../server/config.ts';
import { startServer, type RunningServer } from '../../server/server.ts';
import type { Database } from '../../server/db/database.ts';
import { cloneTemplate } from './databases.ts';
import { s3Env } from './s3rver.ts';

/** Generous limits so suites are not throttled unless they mean to be. */
const TEST_ENV: Record<string, string> = {
  PORT: '0',
  HOST: '127.0.0.1',
  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
  SEED_DEMO: 'false',
  AUTH_AUTOCONFIRM: 'true',
  LOG_LEVEL: 'silent',
  // Suites run jobs themselves (runJobs), on a clock they set.
  JOBS_TICK_SECONDS: '0',
  // Suites that read pages draw them when they ask; the start-up drawing is its own suite's.
  PAGE_WARM_UP: 'false',
  // A drawn page's reads may take long on a busy machine; the deadline's own suite sets a short one.
  PAGE_RENDER_DEADLINE_MS: '30000',
  // Node's fetch drops an idle connection a second before the server's Keep-Alive timeout says. With the
  // default 5 s, a busy test process (server and client in one event loop) can send a request on a
  // connection the server has just closed: "fetch failed: other side closed", which a browser would
  // retry and fetch does not. Idle gaps of a minute do not happen inside a suite; the shutdown suite
  // sets its own.
  HTTP_KEEPALIVE_TIMEOUT_SECONDS: '60',
  RATE_LIMIT_REST_WRITES: '100000/60',
  RATE_LIMIT_VOTES: '100000/60',
  RATE_LIMIT_COMMENTS: '100000/60',
  RATE_LIMIT_PROJECTS: '100000/60',
  RATE_LIMIT_UPLOADS: '100000/60',
  RATE_LIMIT_REPORTS: '100000/60',
  RATE_LIMIT_TOKEN: '100000/60',
  RATE_LIMIT_TOKEN_BURST: '100000',
  RATE_LIMIT_SIGNUP: '100000/60',
  RATE_LIMIT_ANONYMOUS: '100000/60',
  RATE_LIMIT_VERIFY: '100000/60',
  RATE_LIMIT_EMAIL: '100000/60',
  RATE_LIMIT_BEACONS: '100000/60',
  RATE_LIMIT_NEWSLETTER: '100000/60',
  RATE_LIMIT_RENDERS: '100000/60',
  RATE_LIMIT_SIGNIN_FAILURES: '100000/60',
  // Suites change data and read pages at once; page-cache.test.ts turns the cache on.
  PAGE_CACHE: 'false',
};

export interface TestUser {
  id: string;
  email: string;
  token: string;
  /** A supabase-js client that sends this user's access token. */
  client: SupabaseClient;
}

export interface TestServer extends RunningServer {
  dataDir: string;
  anonKey: string;
  serviceRoleKey: string;
  /** A client as a signed-out visitor. */
  anon(): SupabaseClient;
  /** A client holding the service_role key (bypasses RLS). */
  service(): SupabaseClient;
  /** Client for an arbitrary bearer token (forged-JWT tests). */
  withToken(token: string): SupabaseClient;
  /** Another client of a test user, sending `headers` with every request; its token renews as user.client's does. */
  clientOf(user: Pick<TestUser, 'token'>, headers?: Record<string, string>): SupabaseClient;
  /**
   * Inserts a confirmed user straight into auth.users and mints their access token, so data
   * suites do not depend on the sign-up flow. appRole sets app_metadata.role.
   */
  createUser(options?: { email?: string; name?: string; appRole?: 'admin' | 'moderator'; bannedUntil?: Date }): Promise<TestUser>;
  /**
   * A visitor's anonymous session, through the real supabase.auth.signInAnonymously(). headers go
   * with every request of the client (an X-Forwarded-For, for suites that trust a proxy).
   */
  signInAnonymously(headers?: Record<string, string>): Promise<TestUser>;
  /** A new session for a user, as signing in again would give (without auth's checks: a ban does not stop it). */
  newSession(user: TestUser): Promise<TestUser>;
  /** Moves the server's and the database's clock to `at` (never sleep in a test). */
  setClock(at: Date): Promise<void>;
  /** Moves both clocks forward. */
  advanceClock(ms: number): Promise<void>;
  /** Runs the scheduler's due jobs now, as a tick would. */
  runJobs(): ReturnType<RunningServer['ctx']['scheduler']['runDue']>;
  /** The bytes the storage backend holds for an object's current row (disk or S3). */
  storedBytes(key: string, bucket?: string): Promise<Buffer | undefined>;
  /** Whether the storage backend holds any bytes under this object name. */
  isStored(key: string, bucket?: string): Promise<boolean>;
}

/** Later than any file's time: listStored(EVER) lists everything. */
const EVER = new Date(8_640_000_000_000_000);

export function clientFor(
  url: string,
  key: string,
  accessToken?: string,
  headers: Record<string, string> = {},
  fetchWith?: typeof fetch,
): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
    global: { headers: { ...headers, ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}) }, ...(fetchWith ? { fetch: fetchWith } : {}) },
  });
}

/**
 * A signed-in browser's supabase-js renews its access token before it expires; a test user's client
 * does the same against the server's clock, so a suite may move that clock by days and go on
 * acting as its users. The token is re-signed with the same claims (the same session), as a
 * refresh would issue it.
 */
function renewingFetch(keys: RunningServer['ctx']['keys'], first: string): typeof fetch {
  let current = first;
  return async (input, init) => {
    const request = new Request(input, init);
    if (request.headers.get('authorization') === `Bearer ${first}`) {
      const { exp, iat: _iat, ...claims } = decodeJwt(current);
      if ((exp ?? 0) <= keys.nowSeconds() + 60) current = await keys.sign(claims as Parameters<typeof keys.sign>[0], 3600);
      request.headers.set('authorization', `Bearer ${current}`);
    }
    return fetch(request);
  };
}

export interface TestServerOptions {
  /** Another server's database (a second instance on the same Postgres); default: a fresh clone. */
  db?: Database;
  /** Where the server's log lines go (default: nowhere). */
  log?: (line: string) => void;
  /** A DATA_DIR to share with another instance; default: a new one, removed on close. */
  dataDir?: string;
}

export async function startTestServer(env: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'showcase-test-'));
  const config = loadConfig({ ...TEST_ENV, ...(await s3Env()), DATA_DIR: dataDir, ...env });
  const db = options.db ?? (await cloneTemplate());
  const server = await startServer(config, { db, log: options.log ?? (() => undefined) });
  // SITE_URL defaults to the configured port (0); point it at the real one.
  if (!env.SITE_URL) server.ctx.config.SITE_URL = server.url;
  const { anonKey, serviceRoleKey } = server.ctx.keys;

  /** A real session row and its access token, so the token also works where sessions are checked. */
  async function mintSession(user: { id: string; email: string; appMeta: Record<string, unknown>; userMeta: Record<string, unknown> }): Promise<TestUser> {
    const sessionId = randomUUID();
    await server.ctx.db.query(`insert into auth.sessions (id, user_id) values ($1, $2)`, [sessionId, user.id]);
    const token = await server.ctx.keys.sign(
      {
        role: 'authenticated',
        aud: 'authenticated',
        sub: user.id,
        email: user.email,
        app_metadata: user.appMeta,
        user_metadata: user.userMeta,
        session_id: sessionId,
      },
      3600,
    );
    return { id: user.id, email: user.email, token, client: clientFor(server.url, anonKey, token, {}, renewingFetch(server.ctx.keys, token)) };
  }

  return {
    ...server,
    dataDir,
    anonKey,
    serviceRoleKey,
    anon: () => clientFor(server.url, anonKey),
    service: () => clientFor(server.url, serviceRoleKey),
    withToken: (token) => clientFor(server.url, anonKey, token),
    clientOf: (user, headers = {}) => clientFor(server.url, anonKey, user.token, headers, renewingFetch(server.ctx.keys, user.token)),
    async createUser(options = {}) {
      const id = randomUUID();
      const email = options.email ?? `user-${id.slice(0, 8)}@example.test`;
      const appMeta = { provider: 'email', providers: ['email'], ...(options.appRole ? { role: options.appRole } : {}) };
      const userMeta = options.name ? { name: options.name } : {};
      await server.ctx.db.query(
        `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, banned_until)
         values ($1, 'authenticated', 'authenticated', $2, now(), $3, $4, $5)`,
        [id, email, JSON.stringify(appMeta), JSON.stringify(userMeta), options.bannedUntil ?? null],
      );
      return mintSession({ id, email, appMeta, userMeta });
    },
    async newSession(user) {
      const { rows } = await server.ctx.db.query<{ app: Record<string, unknown>; meta: Record<string, unknown> }>(
        `select raw_app_meta_data as app, raw_user_meta_data as meta from auth.users where id = $1`,
        [user.id],
      );
      return mintSession({ id: user.id, email: user.email, appMeta: rows[0]!.app, userMeta: rows[0]!.meta });
    },
    async signInAnonymously(headers = {}) {
      const { data, error } = await clientFor(server.url, anonKey, undefined, headers).auth.signInAnonymously();
      if (error || !data.session) throw new Error(`anonymous sign-in: ${error?.message ?? 'no session'}`);
      const token = data.session.access_token;
      return { id: data.session.user.id, email: '', token, client: clientFor(server.url, anonKey, token, headers, renewingFetch(server.ctx.keys, token)) };
    },
    setClock: (at) => server.ctx.clock.set(server.ctx.db, at),
    advanceClock: (ms) => server.ctx.clock.advance(server.ctx.db, ms),
    runJobs: () => server.ctx.scheduler.runDue(),
    async storedBytes(key, bucket = 'project-images') {
      const { rows } = await server.ctx.db.query<{ version: string | null }>(`select version from storage.objects where bucket_id = $1 and name = $2`, [bucket, key]);
      const stream = await server.ctx.storage.read({ bucket, key, version: rows[0]?.version ?? null });
      if (!stream) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async isStored(key, bucket = 'project-images') {
      for await (const o of server.ctx.storage.listStored(EVER)) if (o.ref.bucket === bucket && o.ref.key === key) return true;
      return false;
    },
    async close() {
      await server.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
