import { AuthError } from '../auth/errors.ts';
import { clientInfo, readJson, sessionDeps } from '../auth/http.ts';
import { enforceAuthLimit } from '../auth/rate-limits.ts';
import { createSession } from '../auth/sessions.ts';
import { finishHeldSignup } from '../auth/signup-activations.ts';
import { FunctionError, type ServerFunction } from './types.ts';

/**
 * The confirmation page's "finish signing in" (decision 255): a sign-up's link opened in a browser
 * that did not sign up lands with a code it cannot exchange; { code, password } with the password
 * the sign-up chose makes that password the account's and answers a session, as the token
 * endpoint does. Without the right password nothing is activated (M4); five wrong ones drop it.
 */
export const finishSignup: ServerFunction = async (ctx, c) => {
  let body: Record<string, unknown>;
  try {
    await enforceAuthLimit(ctx, c, 'verify');
    body = await readJson(c);
  } catch (err) {
    if (err instanceof AuthError) throw new FunctionError(err.status, err.code, err.message);
    throw err;
  }
  const { code, password } = body;
  if (typeof code !== 'string' || code === '' || code.length > 100 || typeof password !== 'string' || password === '' || password.length > 256) {
    throw new FunctionError(400, 'validation_failed', 'A code and a password are required');
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    const user = await finishHeldSignup(tx, code, password);
    if (user === 'refused') return user;
    return createSession(tx, sessionDeps(ctx), user, 'password', clientInfo(ctx, c));
  });
  if (outcome === 'refused') throw new FunctionError(400, 'invalid_credentials', 'That is not the password this sign-up chose, or the link has expired.');
  return c.json(outcome);
};
