import type { ServerContext } from '../context.ts';
import { AuthError } from './errors.ts';
import { normaliseEmail } from './users.ts';

/**
 * Wrong passwords counted per account, whichever addresses they come from (finding L5): after
 * RATE_LIMIT_SIGNIN_FAILURES (10 in 15 minutes) the account's password sign-in cools down until
 * that window ends, for the right password too (else the cool-down would be an oracle). Keyed by
 * the address as typed, normalised, so an unknown address behaves exactly like a registered one.
 * E-mailed links (reset, magic link) still work meanwhile, so the owner is never locked out.
 */
const key = (email: string) => `auth:signin-failures:${normaliseEmail(email)}`;

export async function assertPasswordAttemptAllowed(ctx: ServerContext, email: string): Promise<void> {
  const { allowed, retryAfter } = await ctx.rateLimiter.peek(key(email), ctx.config.RATE_LIMIT_SIGNIN_FAILURES);
  if (!allowed) {
    throw new AuthError(429, 'over_request_rate_limit', 'Too many failed sign-in attempts for this account. Please try again later.', {}, {
      'Retry-After': String(retryAfter),
    });
  }
}

export async function recordPasswordFailure(ctx: ServerContext, email: string): Promise<void> {
  await ctx.rateLimiter.hit(key(email), ctx.config.RATE_LIMIT_SIGNIN_FAILURES);
}
