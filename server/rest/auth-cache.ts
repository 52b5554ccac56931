import type { Context } from 'hono';
import type { Keys } from '../security/jwt.ts';
import { authenticate, bearerToken, checkKeyPlacement, MissingApiKeyError, type RequestAuth } from '../security/request-auth.ts';

const MAX_ENTRIES = 2000;
/** Per key set, so a token verified under one secret is never trusted under another. */
const caches = new WeakMap<Keys, Map<string, RequestAuth>>();

/**
 * authenticate() with verified tokens remembered until they expire: the same anon key or access
 * token arrives on every request, and verifying its HMAC each time is avoidable work.
 */
export async function authenticateCached(c: Context, keys: Keys): Promise<RequestAuth> {
  const token = bearerToken(c);
  if (!token) throw new MissingApiKeyError();
  let cache = caches.get(keys);
  if (!cache) {
    cache = new Map();
    caches.set(keys, cache);
  }
  const hit = cache.get(token);
  if (hit && (hit.claims.exp === undefined || hit.claims.exp > keys.nowSeconds())) {
    checkKeyPlacement(c, token, hit.claims);
    return hit;
  }
  const auth = await authenticate(c, keys);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(token, auth);
  return auth;
}
