import { autofillRequestSchema } from '../../domain/autofill.ts';
import { requireUser } from '../auth/caller.ts';
import { AuthError } from '../auth/errors.ts';
import { clientLimitKey } from '../http/client-ip.ts';
import { AutofillRefused } from '../link-preview/autofill.ts';
import { FunctionError, type ServerFunction } from './types.ts';

/**
 * { url } → suggestions for the submit form (server/link-preview, decision 261). Signed-in makers
 * only, limited per user (RATE_LIMIT_AUTOFILL) and per client network (RATE_LIMIT_AUTOFILL_IP),
 * since each call makes the server fetch pages someone else chose. Nothing is stored.
 */
export const autofill: ServerFunction = async (ctx, c) => {
  let userId: string;
  try {
    userId = (await requireUser(ctx, c)).user.id;
  } catch (err) {
    if (err instanceof AuthError) throw new FunctionError(401, err.code, 'Sign in to fill the form from a page.');
    throw err;
  }
  const parsed = autofillRequestSchema.safeParse(await c.req.json().catch(() => null));
  if (!parsed.success) throw new FunctionError(400, 'validation_failed', parsed.error.issues[0]?.message ?? 'Paste an address.');

  const ip = clientLimitKey(c, ctx.config.TRUST_PROXY);
  const limit = await ctx.rateLimiter.hitAll([
    { key: `autofill:user:${userId}`, rule: ctx.config.RATE_LIMIT_AUTOFILL },
    { key: `autofill:ip:${ip}`, rule: ctx.config.RATE_LIMIT_AUTOFILL_IP },
  ]);
  if (!limit.allowed) {
    c.header('Retry-After', String(limit.retryAfter));
    const minutes = Math.max(1, Math.ceil(limit.retryAfter / 60));
    throw new FunctionError(429, 'over_request_rate_limit', `You have filled the form from pages many times this hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or fill it yourself.`);
  }

  try {
    return c.json(await ctx.linkPreviews.autofill(parsed.data.url));
  } catch (err) {
    if (err instanceof AutofillRefused) throw new FunctionError(err.status, err.code, err.message);
    throw err;
  }
};
