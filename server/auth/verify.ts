import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { confirmEmailChange } from './anonymous.ts';
import { consumeLinkToken, TOKEN_TYPE_FOR, type ConsumedToken, type VerifyType } from './email-links.ts';
import { AuthError, validationFailed } from './errors.ts';
import { clientInfo, parseEmail, readJson, sessionDeps } from './http.ts';
import { consumePendingSignup, CONTESTED, dropPendingSignups, type ConsumedSignup } from './pending-signups.ts';
import { issueAuthCode } from './pkce.ts';
import { holdSignupForExchange } from './signup-activations.ts';
import { enforceAuthLimit } from './rate-limits.ts';
import { withCode, withError, withTokens } from './redirect-results.ts';
import { resolveRedirect } from './redirects.ts';
import { consumeSignInCode, consumeSignInLink } from './sign-in-codes.ts';
import { createSession, type AuthMethod, type TokenResponse } from './sessions.ts';
import { createCreatorFromSignup, ensureEmailIdentity, findUserByEmail, findUserById, isBanned, type UserRow } from './users.ts';

const VERIFY_TYPES: readonly VerifyType[] = ['signup', 'recovery', 'invite', 'email', 'magiclink', 'email_change'];
/** The types a passwordless sign-in's link or code answers to (supabase-js sends 'email'; GoTrue keeps the older two). */
const SIGN_IN_TYPES: readonly VerifyType[] = ['email', 'magiclink', 'signup'];
const LINK_INVALID = 'Email link is invalid or has expired';

function parseType(value: unknown): VerifyType {
  if (typeof value !== 'string' || !VERIFY_TYPES.includes(value as VerifyType)) {
    throw validationFailed(`Verify requires a verification type: one of ${VERIFY_TYPES.join(', ')}`);
  }
  return value as VerifyType;
}

type Outcome = { kind: 'code'; code: string } | { kind: 'session'; tokens: TokenResponse } | { kind: 'error'; code: string; message: string };

/**
 * The link's stored half: a sign-up's own link (with the password and metadata it activates, M4)
 * or another one-time token.
 */
async function consumeLink(tx: Queryable, secret: string, type: VerifyType): Promise<(ConsumedToken & { signup?: ConsumedSignup }) | undefined> {
  if (SIGN_IN_TYPES.includes(type)) {
    const signIn = await consumeSignInLink(tx, secret);
    if (signIn) return { user_id: signIn.userId, flow_state_id: signIn.flowStateId, expired: signIn.expired };
  }
  if (type === 'signup' || type === 'email') {
    const signup = await consumePendingSignup(tx, secret);
    if (signup) return { user_id: signup.userId, flow_state_id: signup.flowStateId, expired: signup.expired, signup };
  }
  return consumeLinkToken(tx, secret, [TOKEN_TYPE_FOR[type]]);
}

/** Consumes the link (or a sign-in code) and marks the address confirmed; then a PKCE code or a session. */
async function completeVerification(ctx: ServerContext, c: Context, tx: Queryable, secret: string | SignInCode, type: VerifyType): Promise<Outcome> {
  const consumed = typeof secret === 'string' ? await consumeLink(tx, secret, type) : await consumeCode(tx, secret);
  if (!consumed || consumed.expired) return { kind: 'error', code: 'otp_expired', message: LINK_INVALID };
  const user = await findUserById(tx, consumed.user_id);
  if (!user) return { kind: 'error', code: 'otp_expired', message: LINK_INVALID };
  if (isBanned(user)) return { kind: 'error', code: 'user_banned', message: 'User is banned' };
  if (type === 'email_change') {
    // An anonymous user's sign-up: the new address becomes theirs and they become permanent.
    const failed = await confirmEmailChange(tx, user);
    if (failed) return { kind: 'error', code: failed, message: failed === 'otp_expired' ? LINK_INVALID : 'A user with this email address has already been registered' };
  } else if (!user.email_confirmed_at) {
    // The password and name of the sign-up this link was sent for, and of no other, wait for the
    // code exchange of its PKCE flow: only the browser that chose them can finish it. A contested
    // sign-up's link, a link without a flow and a token hash only confirm the address (decisions
    // 105 and 255).
    const signup = consumed.signup;
    if (signup && signup.encryptedPassword !== CONTESTED && signup.flowStateId && typeof secret === 'string') {
      await holdSignupForExchange(tx, signup.flowStateId, signup);
    }
    // Following any of these links proves the inbox is the user's; other waiting sign-ups of the
    // address can then never activate.
    await tx.query(`update auth.users set email_confirmed_at = now(), updated_at = now() where id = $1`, [user.id]);
    await createCreatorFromSignup(tx, user.id);
    await ensureEmailIdentity(tx, user, true);
    await dropPendingSignups(tx, user.id);
  }
  // A typed code is proof enough from any browser (verifyOtp answers a session, as GoTrue's does);
  // a link of a PKCE flow ends in a code only the browser holding the verifier can exchange.
  if (consumed.flow_state_id && typeof secret === 'string') {
    const code = await issueAuthCode(tx, consumed.flow_state_id, user.id);
    if (code) return { kind: 'code', code };
  }
  const fresh = (await findUserById(tx, user.id)) as UserRow;
  const method: AuthMethod = type === 'recovery' ? 'recovery' : type === 'invite' ? 'invite' : 'otp';
  return { kind: 'session', tokens: await createSession(tx, sessionDeps(ctx), fresh, method, clientInfo(ctx, c)) };
}

/** A code typed from a passwordless sign-in mail, for the address it was sent to. */
interface SignInCode {
  email: string;
  code: string;
}

async function consumeCode(tx: Queryable, { email, code }: SignInCode): Promise<(ConsumedToken & { signup?: ConsumedSignup }) | undefined> {
  const user = await findUserByEmail(tx, email);
  const signIn = user && (await consumeSignInCode(tx, user.id, code));
  return signIn && { user_id: signIn.userId, flow_state_id: signIn.flowStateId, expired: signIn.expired };
}

/** GET /verify: the e-mail link. Always ends in a redirect to the (allowed) redirect_to. */
export async function verifyGet(ctx: ServerContext, c: Context): Promise<Response> {
  const redirectTo = resolveRedirect(ctx.config, c.req.query('redirect_to'));
  try {
    await enforceAuthLimit(ctx, c, 'verify');
  } catch (err) {
    if (err instanceof AuthError) return c.redirect(withError(redirectTo, 'access_denied', err.code, err.message), 303);
    throw err;
  }
  const type = parseType(c.req.query('type'));
  const secret = c.req.query('token');
  if (!secret) return c.redirect(withError(redirectTo, 'access_denied', 'otp_expired', LINK_INVALID), 303);
  const outcome = await ctx.db.transaction((tx) => completeVerification(ctx, c, tx, secret, type));
  if (outcome.kind === 'error') return c.redirect(withError(redirectTo, 'access_denied', outcome.code, outcome.message), 303);
  if (outcome.kind === 'code') return c.redirect(withCode(redirectTo, outcome.code), 303);
  return c.redirect(withTokens(redirectTo, outcome.tokens, type), 303);
}

/** POST /verify with token_hash (supabase-js verifyOtp): the same check, answered as JSON. */
export async function verifyPost(ctx: ServerContext, c: Context): Promise<Response> {
  await enforceAuthLimit(ctx, c, 'verify');
  const body = await readJson(c);
  const type = parseType(body.type);
  const secret = body.token_hash === undefined && body.token !== undefined ? typedCode(body, type) : linkSecret(body.token_hash);
  const outcome = await ctx.db.transaction((tx) => completeVerification(ctx, c, tx, secret, type));
  if (outcome.kind === 'error') throw new AuthError(403, outcome.code as 'otp_expired', outcome.message === LINK_INVALID ? 'Token has expired or is invalid' : outcome.message);
  if (outcome.kind === 'code') throw validationFailed('This link belongs to a PKCE flow; open it in the browser that asked for it');
  return c.json(outcome.tokens);
}

function linkSecret(value: unknown): string {
  if (typeof value !== 'string' || value === '') throw validationFailed('Verify requires a token_hash');
  return value;
}

/** verifyOtp({ email, token, type }): a six-digit code, only for what a passwordless sign-in mailed. */
function typedCode(body: Record<string, unknown>, type: VerifyType): SignInCode {
  if (!SIGN_IN_TYPES.includes(type)) throw validationFailed(`Only the code of a sign-in e-mail can be verified by e-mail and token (type: ${SIGN_IN_TYPES.join(', ')})`);
  const email = parseEmail(body.email, 'Verify by token requires an email');
  if (typeof body.token !== 'string' || !/^\d{6}$/.test(body.token.trim())) return { email, code: '' };
  return { email, code: body.token.trim() };
}
