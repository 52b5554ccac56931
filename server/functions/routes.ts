import { Hono, type Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { DatabaseUnavailableError } from '../db/unavailable.ts';
import { requestIdOf } from '../ops/request-id.ts';
import { adminInviteUser } from './admin-invite-user.ts';
import { autofill } from './autofill.ts';
import { adminReviewProject } from './admin-review-project.ts';
import { deleteAccount } from './delete-account.ts';
import { finishSignup } from './finish-signup.ts';
import { mfaRecoveryCodes, mfaRecoverySignIn } from './mfa-recovery-codes.ts';
import { FunctionError, type ServerFunction } from './types.ts';

/** Every server-side function, by the name supabase.functions.invoke(name) uses. */
const FUNCTIONS: Record<string, ServerFunction> = {
  'admin-invite-user': adminInviteUser,
  'admin-review-project': adminReviewProject,
  autofill,
  'delete-account': deleteAccount,
  'finish-signup': finishSignup,
  'mfa-recovery-codes': mfaRecoveryCodes,
  'mfa-recovery-sign-in': mfaRecoverySignIn,
};

export function functionRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  const registry = FUNCTIONS;
  app.post('/:name', async (c) => {
    const fn = Object.hasOwn(registry, c.req.param('name')) ? registry[c.req.param('name')] : undefined;
    if (!fn) throw new FunctionError(404, 'not_found', `Function ${c.req.param('name')} not found`);
    // An anonymous session (a visitor who upvoted) may vote and nothing else that writes.
    if (await isAnonymousCaller(ctx, c)) {
      throw new FunctionError(403, 'anonymous_not_allowed', 'Anonymous user not allowed to perform these actions');
    }
    return fn(ctx, c);
  });
  app.all('/:name', () => {
    throw new FunctionError(405, 'method_not_allowed', 'Functions are called with POST');
  });
  app.onError((err, c) => {
    if (err instanceof FunctionError) return c.json({ error: err.code, message: err.message }, err.status as 400);
    if (err instanceof DatabaseUnavailableError) {
      ctx.logger.errorThrottled(`database-${err.reason}`, `database unavailable (${err.reason}): ${err.message}`, { reqId: requestIdOf(c) });
      c.header('Retry-After', String(err.retryAfterSeconds));
      return c.json({ error: 'unavailable', message: 'The database is unavailable, please try again in a few seconds' }, 503);
    }
    ctx.logger.error('function error', { err, reqId: requestIdOf(c) });
    return c.json({ error: 'unexpected_failure', message: 'Internal server error' }, 500);
  });
  return app;
}

/** A valid token whose is_anonymous claim is true; anything else is for the function to judge. */
async function isAnonymousCaller(ctx: ServerContext, c: Context): Promise<boolean> {
  const token = c.req.header('authorization')?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (!token) return false;
  const claims = await ctx.keys.verify(token).catch(() => undefined);
  return claims?.is_anonymous === true;
}
