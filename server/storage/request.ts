import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { clientLimitKey } from '../http/client-ip.ts';
import type { Queryable } from '../db/database.ts';
import { statementTimeoutFor } from '../security/caller.ts';
import { asCaller, authenticate, type RequestAuth } from '../security/request-auth.ts';
import type { StorageBackend } from './backend.ts';
import type { Renders } from './renders.ts';
import { errors, StorageError } from './errors.ts';
import { validateBucketId, validateObjectKey } from './validation.ts';

export interface StorageDeps {
  ctx: ServerContext;
  backend: StorageBackend;
  /** Thumbnails: the render queue and the rendition cache of this server. */
  renders: Renders;
}

export const STORAGE_BASE = '/storage/v1';

/** The verified caller, whose session (when signed in) must still be live (L6). */
export async function callerOf(c: Context, deps: StorageDeps): Promise<RequestAuth> {
  const auth = await authenticate(c, deps.ctx.keys);
  await deps.ctx.sessions.assertLive(deps.ctx.db, auth);
  return auth;
}

/** Runs fn as the caller through the one executor, under its role's statement timeout (a 57014 answers 503). */
export function asStorageCaller<T>(
  deps: StorageDeps,
  auth: Pick<RequestAuth, 'role' | 'claims'>,
  fn: (tx: Queryable) => Promise<T>,
  options: { readOnly?: boolean } = {},
): Promise<T> {
  return asCaller(deps.ctx.db, auth, fn, { ...options, statementTimeout: statementTimeoutFor(deps.ctx.config, auth.role) });
}

/**
 * The bucket and object name after a route prefix such as "/object/public/", taken from the raw
 * path and percent-decoded here, once, so "%2e%2e" cannot slip past validation as "..".
 */
export function bucketAndKey(c: Context, routePrefix: string): { bucket: string; key: string } {
  const pathname = new URL(c.req.url).pathname;
  const marker = STORAGE_BASE + routePrefix;
  const at = pathname.indexOf(marker);
  const rest = at === -1 ? '' : pathname.slice(at + marker.length);
  const slash = rest.indexOf('/');
  const rawBucket = slash === -1 ? rest : rest.slice(0, slash);
  const rawKey = slash === -1 ? '' : rest.slice(slash + 1);
  let bucket: string;
  let key: string;
  try {
    bucket = decodeURIComponent(rawBucket);
    key = decodeURIComponent(rawKey);
  } catch {
    throw errors.invalidKey(rawKey);
  }
  validateBucketId(bucket);
  validateObjectKey(key);
  return { bucket, key };
}

export function bucketOnly(c: Context, routePrefix: string): string {
  const pathname = new URL(c.req.url).pathname;
  const marker = STORAGE_BASE + routePrefix;
  const at = pathname.indexOf(marker);
  const raw = at === -1 ? '' : pathname.slice(at + marker.length).replace(/\/$/, '');
  try {
    return validateBucketId(decodeURIComponent(raw));
  } catch (err) {
    if (err instanceof StorageError) throw err;
    throw errors.invalidBucketName();
  }
}

/** Per-user and per-IP upload limits; the service role (server-side tools) is not throttled. */
export async function checkUploadRate(c: Context, deps: StorageDeps, auth: RequestAuth): Promise<number | undefined> {
  if (auth.role === 'service_role') return undefined;
  const rule = deps.ctx.config.RATE_LIMIT_UPLOADS;
  const entries = [{ key: `uploads:ip:${clientLimitKey(c, deps.ctx.config.TRUST_PROXY)}`, rule }];
  if (auth.userId) entries.push({ key: `uploads:user:${auth.userId}`, rule });
  const result = await deps.ctx.rateLimiter.hitAll(entries);
  return result.allowed ? undefined : result.retryAfter;
}

export async function readJson(c: Context): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw errors.invalidRequest('Request body must be JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw errors.invalidRequest('Request body must be a JSON object');
  return body as Record<string, unknown>;
}
