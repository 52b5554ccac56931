import type { Context } from 'hono';
import type { RateLimitRule } from '../config.ts';
import type { ServerContext } from '../context.ts';
import { clientLimitKey } from '../http/client-ip.ts';
import { AuthError } from './errors.ts';

export type AuthLimit = 'token' | 'signup' | 'anonymous' | 'verify' | 'email';

function tooMany(retryAfter: number): AuthError {
  return new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', {}, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfter))),
  });
}

/**
 * Per client network (clientLimitKey: an IPv4 address, an IPv6 /64): /token is a token bucket (RATE_LIMIT_TOKEN is the refill rate, _BURST its size),
 * the others fixed windows, as GoTrue's defaults describe them. Throws 429 over_request_rate_limit.
 */
export async function enforceAuthLimit(ctx: ServerContext, c: Context, limit: AuthLimit): Promise<void> {
  const ip = clientLimitKey(c, ctx.config.TRUST_PROXY);
  const { config } = ctx;
  if (limit === 'token') {
    const { allowed, retryAfter } = await takeToken(ctx, `auth:token:ip:${ip}`, config.RATE_LIMIT_TOKEN, config.RATE_LIMIT_TOKEN_BURST);
    if (!allowed) throw tooMany(retryAfter);
    return;
  }
  const rule: RateLimitRule = {
    signup: config.RATE_LIMIT_SIGNUP,
    anonymous: config.RATE_LIMIT_ANONYMOUS,
    verify: config.RATE_LIMIT_VERIFY,
    email: config.RATE_LIMIT_EMAIL,
  }[limit];
  const result = await ctx.rateLimiter.hit(`auth:${limit}:ip:${ip}`, rule);
  if (!result.allowed) throw tooMany(result.retryAfter);
}

async function takeToken(ctx: ServerContext, key: string, rule: RateLimitRule, burst: number) {
  const perSecond = rule.count / rule.seconds;
  // One statement that locks the row, so concurrent processes serialise on it: refill by elapsed
  // time, cap at the burst, then spend one token if there is one.
  const { rows } = await ctx.db.query<{ tokens: number; allowed: boolean }>(
    `with cur as (
       select least($2::float8, coalesce(
         (select tokens + extract(epoch from showcase_private.app_now() - updated_at)::float8 * $3::float8
            from platform.auth_rate_buckets where key = $1 for update),
         $2::float8)) as t
     )
     insert into platform.auth_rate_buckets as b (key, tokens, updated_at)
       select $1, case when t >= 1 then t - 1 else t end, showcase_private.app_now() from cur
     on conflict (key) do update set tokens = excluded.tokens, updated_at = excluded.updated_at
     returning b.tokens, (select t >= 1 from cur) as allowed`,
    [key, burst, perSecond],
  );
  const row = rows[0]!;
  return { allowed: row.allowed, retryAfter: row.allowed ? 0 : (1 - row.tokens) / perSecond };
}
