import type { Config, RateLimitRule } from '../config.ts';
import type { RequestAuth } from '../security/request-auth.ts';
import type { RateLimiter } from '../security/rate-limit.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { RestError } from './errors.ts';

/** Which configured limit a write through /rest/v1 counts against. */
export function writeRule(config: Config, target: { table?: string; rpc?: string }, method: string): { bucket: string; rule: RateLimitRule } {
  if (target.rpc === 'toggle_vote') return { bucket: 'votes', rule: config.RATE_LIMIT_VOTES };
  if (method === 'POST' && target.table === 'project_comments') return { bucket: 'comments', rule: config.RATE_LIMIT_COMMENTS };
  if (method === 'POST' && target.table === 'projects') return { bucket: 'projects', rule: config.RATE_LIMIT_PROJECTS };
  if (method === 'POST' && target.table === 'reports') return { bucket: 'reports', rule: config.RATE_LIMIT_REPORTS };
  return { bucket: 'rest-writes', rule: config.RATE_LIMIT_REST_WRITES };
}

/** Counts one write per client IP and per user; the service_role key is exempt. Throws a 429. */
export async function enforceWriteLimit(
  limiter: RateLimiter,
  auth: RequestAuth,
  ip: string,
  bucket: string,
  rule: RateLimitRule,
): Promise<void> {
  if (auth.role === 'service_role') return;
  const entries = [{ key: `rest:${bucket}:ip:${ip}`, rule }];
  if (auth.claims.sub) entries.push({ key: `rest:${bucket}:user:${auth.claims.sub}`, rule });
  const result = await limiter.hitAll(entries);
  if (!result.allowed) {
    throw new RestError(429, 'over_request_rate_limit', MESSAGES.rateLimitExceeded, null, null, {
      'Retry-After': String(result.retryAfter),
    });
  }
}
