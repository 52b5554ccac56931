import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { loadConfig } from '../../server/config.ts';
import { startServer, type RunningServer } from '../../server/server.ts';
import { cloneTemplate } from './databases.ts';

/** Generous limits so suites are not throttled unless they mean to be. */
const TEST_ENV: Record<string, string> = {
  PORT: '0',
  HOST: '127.0.0.1',
  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
  SEED_DEMO: 'false',
  AUTH_AUTOCONFIRM: 'true',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_REST_WRITES: '100000/60',
  RATE_LIMIT_VOTES: '100000/60',
  RATE_LIMIT_COMMENTS: '100000/60',
  RATE_LIMIT_PROJECTS: '100000/60',
  RATE_LIMIT_UPLOADS: '100000/60',
  RATE_LIMIT_REPORTS: '100000/60',
  RATE_LIMIT_TOKEN: '100000/60',
  RATE_LIMIT_TOKEN_BURST: '100000',
  RATE_LIMIT_SIGNUP: '100000/60',
  RATE_LIMIT_VERIFY: '100000/60',
  RATE_LIMIT_EMAIL: '100000/60',
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
  /**
   * Inserts a confirmed user straight into auth.users and mints their access token, so data
   * suites do not depend on the sign-up flow. appRole sets app_metadata.role.
   */
  createUser(options?: { email?: string; name?: string; appRole?: 'admin' | 'moderator'; bannedUntil?: Date }): Promise<TestUser>;
}

export function clientFor(url: string, key: string, accessToken?: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
    global: accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : {},
  });
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'showcase-test-'));
  const config = loadConfig({ ...TEST_ENV, DATA_DIR: dataDir, ...env });
  const db = await cloneTemplate();
  const server = await startServer(config, { db, log: () => undefined });
  // SITE_URL defaults to the configured port (0); point it at the real one.
  if (!env.SITE_URL) server.ctx.config.SITE_URL = server.url;
  const { anonKey, serviceRoleKey } = server.ctx.keys;

  return {
    ...server,
    dataDir,
    anonKey,
    serviceRoleKey,
    anon: () => clientFor(server.url, anonKey),
    service: () => clientFor(server.url, serviceRoleKey),
    withToken: (token) => clientFor(server.url, anonKey, token),
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
      // A real session row, so the token also works where /auth/v1 checks sessions (GET /user, functions).
      const sessionId = randomUUID();
      await server.ctx.db.query(`insert into auth.sessions (id, user_id) values ($1, $2)`, [sessionId, id]);
      const token = await server.ctx.keys.sign(
        {
          role: 'authenticated',
          aud: 'authenticated',
          sub: id,
          email,
          app_metadata: appMeta,
          user_metadata: userMeta,
          session_id: sessionId,
        },
        3600,
      );
      return { id, email, token, client: clientFor(server.url, anonKey, token) };
    },
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
