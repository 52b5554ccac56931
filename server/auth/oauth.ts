import { createHash, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { SignJWT, jwtVerify } from 'jose';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { displayNameProblem } from '../../domain/display-name.ts';
import { AuthError, validationFailed } from './errors.ts';
import { fetchGithubProfile, githubAuthorizeUrl, GithubError, type GithubProfile } from './github.ts';
import { clientInfo, sessionDeps } from './http.ts';
import { sendLinkMail } from './mail-links.ts';
import { createFlowState, issueAuthCode, parseChallenge } from './pkce.ts';
import { withCode, withError, withTokens } from './redirect-results.ts';
import { resolveRedirect } from './redirects.ts';
import { createSession } from './sessions.ts';
import { readAuthSettings } from './settings.ts';
import { createCreatorFromSignup, findUserByEmail, findUserById, isBanned, type UserRow } from './users.ts';

/** Query parameters of the spec's signInWithOAuth call that GitHub's authorize page receives. */
const PASSTHROUGH_PARAMS = ['access_type', 'prompt', 'login', 'allow_signup'];
const STATE_TTL_SECONDS = 600;

interface OAuthState {
  provider: 'github';
  redirect_to: string;
  flow_state_id?: string;
}

/** A key of its own for OAuth state, so a state value can never pass as an API JWT. */
function stateKey(ctx: ServerContext): Uint8Array {
  return createHash('sha256').update(`oauth-state:${ctx.config.JWT_SECRET}`).digest();
}

async function signState(ctx: ServerContext, state: OAuthState): Promise<string> {
  return new SignJWT({ ...state })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(`${STATE_TTL_SECONDS}s`)
    .setJti(randomUUID())
    .sign(stateKey(ctx));
}

async function readState(ctx: ServerContext, token: string | undefined): Promise<OAuthState | undefined> {
  if (!token) return undefined;
  try {
    const { payload } = await jwtVerify(token, stateKey(ctx), { algorithms: ['HS256'] });
    if (payload.provider !== 'github' || typeof payload.redirect_to !== 'string') return undefined;
    return payload as unknown as OAuthState;
  } catch {
    return undefined;
  }
}

/** GET /authorize?provider=github: off to GitHub, or back with a clear error when it is not set up. */
export async function authorize(ctx: ServerContext, c: Context): Promise<Response> {
  const provider = c.req.query('provider');
  if (!provider) throw validationFailed('Unsupported provider: missing provider');
  const redirectTo = resolveRedirect(ctx.config, c.req.query('redirect_to'));
  if (provider !== 'github') throw validationFailed(`Unsupported provider: Provider ${provider} could not be found`);
  if (!ctx.config.githubEnabled) {
    return c.redirect(withError(redirectTo, 'invalid_request', 'provider_disabled', 'Unsupported provider: provider is not enabled'), 302);
  }
  const pkce = parseChallenge(c.req.query('code_challenge'), c.req.query('code_challenge_method'));
  const flowStateId = pkce
    ? await ctx.db.transaction((tx) => createFlowState(tx, pkce, { provider: 'github', authenticationMethod: 'oauth' }))
    : undefined;
  const state = await signState(ctx, { provider: 'github', redirect_to: redirectTo, flow_state_id: flowStateId });
  const passthrough: Record<string, string> = {};
  for (const name of PASSTHROUGH_PARAMS) {
    const v = c.req.query(name);
    if (v) passthrough[name] = v;
  }
  const target = githubAuthorizeUrl(ctx.config, state, c.req.query('scopes'), passthrough);
  if (c.req.query('skip_http_redirect') === 'true') return c.json({ url: target });
  return c.redirect(target, 302);
}

class CallbackError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** GET /callback from GitHub: find, link or create the user, then a code (PKCE) or tokens (implicit). */
export async function callback(ctx: ServerContext, c: Context): Promise<Response> {
  const state = await readState(ctx, c.req.query('state'));
  if (!state) {
    return c.redirect(withError(ctx.config.SITE_URL, 'invalid_request', 'bad_oauth_state', 'OAuth state parameter is invalid or has expired'), 303);
  }
  const redirectTo = state.redirect_to;
  const providerError = c.req.query('error');
  if (providerError) {
    return c.redirect(withError(redirectTo, providerError, 'bad_oauth_callback', c.req.query('error_description') ?? 'GitHub sign-in was cancelled'), 303);
  }
  const code = c.req.query('code');
  if (!code) return c.redirect(withError(redirectTo, 'invalid_request', 'bad_oauth_callback', 'OAuth callback with missing authorization code'), 303);
  if (!ctx.config.githubEnabled) {
    return c.redirect(withError(redirectTo, 'invalid_request', 'provider_disabled', 'Unsupported provider: provider is not enabled'), 303);
  }

  let profile: GithubProfile;
  try {
    profile = await fetchGithubProfile(ctx.config, code);
  } catch (err) {
    if (!(err instanceof GithubError)) throw err;
    return c.redirect(withError(redirectTo, 'server_error', 'unexpected_failure', `Error getting user profile from external provider: ${err.message}`), 303);
  }

  try {
    const result = await ctx.db.transaction(async (tx) => {
      const user = await userForProfile(ctx, tx, profile, redirectTo);
      if (user instanceof CallbackError) return withError(redirectTo, 'access_denied', user.code, user.message);
      if (isBanned(user)) throw new CallbackError('user_banned', 'User is banned');
      if (state.flow_state_id) {
        const authCode = await issueAuthCode(tx, state.flow_state_id, user.id);
        if (!authCode) throw new CallbackError('flow_state_not_found', 'invalid flow state, no valid flow state found');
        return withCode(redirectTo, authCode);
      }
      const tokens = await createSession(tx, sessionDeps(ctx), user, 'oauth', clientInfo(ctx, c));
      return withTokens(redirectTo, tokens, '');
    });
    return c.redirect(result, 303);
  } catch (err) {
    if (err instanceof CallbackError) return c.redirect(withError(redirectTo, 'access_denied', err.code, err.message), 303);
    if (err instanceof AuthError) return c.redirect(withError(redirectTo, 'access_denied', err.code, err.message), 303);
    throw err;
  }
}

/** The GitHub name, else the login, whichever first passes the display-name rules (decision 226). */
function displayNameOf(profile: GithubProfile): string | undefined {
  return [profile.name, profile.login].map((n) => n?.trim()).find((n): n is string => !!n && displayNameProblem(n) === null);
}

function identityData(profile: GithubProfile, iss: string) {
  return {
    iss,
    sub: profile.id,
    provider_id: profile.id,
    name: displayNameOf(profile),
    full_name: profile.name ?? profile.login,
    user_name: profile.login,
    preferred_username: profile.login,
    avatar_url: profile.avatarUrl ?? undefined,
    email: profile.email ?? undefined,
    email_verified: profile.emailVerified,
    phone_verified: false,
  };
}

/**
 * Known GitHub identity → its user. Otherwise an existing account with the same e-mail is linked
 * only when both GitHub and the account have verified that e-mail (else anyone who adds someone's
 * address to a GitHub account could take over theirs). Otherwise a new user.
 */
async function userForProfile(ctx: ServerContext, tx: Queryable, profile: GithubProfile, redirectTo: string): Promise<UserRow | CallbackError> {
  const data = identityData(profile, ctx.config.GITHUB_API_URL);
  const { rows: known } = await tx.query<{ user_id: string }>(
    `update auth.identities set identity_data = $3, last_sign_in_at = now(), updated_at = now()
      where provider = $1 and provider_id = $2 returning user_id`,
    ['github', profile.id, JSON.stringify(data)],
  );
  if (known[0]) {
    const user = await findUserById(tx, known[0].user_id);
    if (user) return user;
  }
  if (!profile.email) throw new CallbackError('email_address_not_provided', 'Error getting user email from external provider');

  const existing = await findUserByEmail(tx, profile.email);
  if (existing) {
    if (!profile.emailVerified || !existing.email_confirmed_at) {
      throw new CallbackError('email_exists', 'An account with this e-mail already exists. Sign in with your password, then GitHub sign-in can be linked.');
    }
    await insertIdentity(tx, existing.id, profile.id, data);
    const providers = new Set([...((existing.raw_app_meta_data.providers as string[] | undefined) ?? []), 'github']);
    const meta = { ...existing.raw_user_meta_data };
    // Fill what the profile shows, never overwrite what the user chose.
    meta.name ??= data.name;
    if (data.avatar_url) meta.avatar_url ??= data.avatar_url;
    await tx.query(
      `update auth.users set raw_app_meta_data = raw_app_meta_data || $2::jsonb, raw_user_meta_data = $3, updated_at = now() where id = $1`,
      [existing.id, JSON.stringify({ providers: [...providers] }), JSON.stringify(meta)],
    );
    return (await findUserById(tx, existing.id))!;
  }

  const settings = await readAuthSettings(tx, ctx.config);
  if (!settings.allowRegistration) throw new CallbackError('signup_disabled', 'Signups not allowed for this instance');
  const id = randomUUID();
  const confirmed = profile.emailVerified || !settings.requireEmailVerification;
  await tx.query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', $2, $3, $4, $5)`,
    [
      id,
      profile.email,
      confirmed ? new Date() : null,
      JSON.stringify({ provider: 'github', providers: ['github'] }),
      JSON.stringify(data),
    ],
  );
  await insertIdentity(tx, id, profile.id, data);
  await createCreatorFromSignup(tx, id);
  const user = (await findUserById(tx, id))!;
  if (!confirmed) {
    await sendLinkMail(ctx, tx, user, 'signup', redirectTo);
    // Keep the new account and the e-mail but do not sign in, so this is returned, not thrown.
    return new CallbackError('provider_email_needs_verification', 'Unverified email with github. A confirmation email has been sent to your github email');
  }
  return user;
}

async function insertIdentity(tx: Queryable, userId: string, providerId: string, data: Record<string, unknown>) {
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at) values ($1, $2, $3, 'github', now())`,
    [providerId, userId, JSON.stringify(data)],
  );
}
