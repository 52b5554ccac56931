import type { Context } from 'hono';
import { requireUser, type UserCaller } from '../auth/caller.ts';
import { AuthError } from '../auth/errors.ts';
import { generateRecoveryCodes, remainingRecoveryCodes, useRecoveryCode } from '../auth/recovery-codes.ts';
import type { ServerContext } from '../context.ts';
import { FunctionError, type ServerFunction } from './types.ts';

/**
 * Two-factor recovery codes (decision 243), called by name through supabase.functions.invoke as
 * the app speaks only supabase-js; the codes and sessions themselves are auth's
 * (server/auth/recovery-codes.ts).
 */

async function caller(ctx: ServerContext, c: Context): Promise<UserCaller> {
  try {
    return await requireUser(ctx, c);
  } catch (err) {
    if (err instanceof AuthError) throw new FunctionError(401, err.code, 'Sign in to do this');
    throw err;
  }
}

async function body(c: Context): Promise<Record<string, unknown>> {
  const parsed: unknown = await c.req.json().catch(() => ({}));
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

const asFunctionError = (err: unknown) => (err instanceof AuthError ? new FunctionError(err.status, err.code, err.message) : err);

/** { action: 'status' } → { remaining }; { action: 'generate' } → { codes, remaining } (aal2 only; the old set stops working). */
export const mfaRecoveryCodes: ServerFunction = async (ctx, c) => {
  const who = await caller(ctx, c);
  const { action } = await body(c);
  if (action === 'status') return c.json({ remaining: await remainingRecoveryCodes(ctx.db, who.user.id) });
  if (action !== 'generate') throw new FunctionError(400, 'validation_failed', "action must be 'status' or 'generate'");
  try {
    const codes = await generateRecoveryCodes(ctx, who);
    return c.json({ codes, remaining: codes.length });
  } catch (err) {
    throw asFunctionError(err);
  }
};

/** { code } → the raised (aal2) session's tokens, which the app hands to supabase.auth.setSession. */
export const mfaRecoverySignIn: ServerFunction = async (ctx, c) => {
  const who = await caller(ctx, c);
  const { code } = await body(c);
  try {
    return c.json(await useRecoveryCode(ctx, who, code));
  } catch (err) {
    throw asFunctionError(err);
  }
};
