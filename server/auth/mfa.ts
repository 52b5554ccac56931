import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import type { ServerContext } from '../context.ts';
import type { Database, Queryable } from '../db/database.ts';
import { requireServiceRole, requireUser, type UserCaller } from './caller.ts';
import { AuthError, validationFailed } from './errors.ts';
import { clientInfo, readJson, sessionDeps } from './http.ts';
import { raiseSessionToAal2 } from './sessions.ts';
import { recordStaffAction, requestOrigin } from '../security/staff-audit.ts';
import { factorsOf, findUserByEmail, findUserById, isUuid } from './users.ts';

/**
 * Two-factor authentication as GoTrue's MFA API, the calls supabase-js makes (decision 231):
 * `auth.mfa.enroll({ factorType: 'totp' })`, `challenge`, `verify`, `unenroll`; `listFactors` and
 * `getAuthenticatorAssuranceLevel` read the user's `factors` and the token's `aal` and `amr`.
 * A correct code raises the session to aal2 for good (its refreshes too).
 */

const MAX_FACTORS = 10;
const CHALLENGE_TTL_SECONDS = 300;
const TOTP_PERIOD = 30;
/** One step either side: a code typed as the authenticator ticks over still works. */
const TOTP_WINDOW = 1;
const MAX_FRIENDLY_NAME = 100;

interface FactorRow {
  id: string;
  status: 'unverified' | 'verified';
  secret: string;
  last_used_step: string | null;
}

const factorNotFound = () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
const insufficientAal = (what: string) => new AuthError(403, 'insufficient_aal', `AAL2 required to ${what}`);

async function signedInPerson(ctx: ServerContext, c: Context): Promise<UserCaller> {
  const caller = await requireUser(ctx, c);
  if (caller.user.is_anonymous) throw new AuthError(403, 'no_authorization', 'Anonymous user not allowed to perform these actions');
  return caller;
}

async function ownFactor(db: Queryable, userId: string, factorId: string, lock = false): Promise<FactorRow> {
  if (!/^[0-9a-f-]{36}$/i.test(factorId)) throw factorNotFound();
  const { rows } = await db.query<FactorRow>(
    `select id, status, secret, last_used_step::text from auth.mfa_factors where id = $1 and user_id = $2${lock ? ' for update' : ''}`,
    [factorId, userId],
  );
  if (!rows[0]) throw factorNotFound();
  return rows[0];
}

/** POST /factors: a new, unverified TOTP factor, with its secret as text, URI and QR code (an SVG). */
export async function enrollFactor(ctx: ServerContext, c: Context): Promise<Response> {
  const { user, session } = await signedInPerson(ctx, c);
  const body = await readJson(c);
  if (body.factor_type === 'phone') throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (body.factor_type === 'webauthn') throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  if (body.factor_type !== 'totp') throw validationFailed('factor_type needs to be totp');
  const friendlyName = optionalText(body.friendly_name, 'friendly_name', MAX_FRIENDLY_NAME);
  const issuer = optionalText(body.issuer, 'issuer', MAX_FRIENDLY_NAME) ?? new URL(ctx.config.SITE_URL).host;

  const secret = new Secret({ size: 20 });
  const totp = new TOTP({ issuer, label: user.email || user.id, secret, period: TOTP_PERIOD });
  const id = randomUUID();
  await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ total: number; verified: number; same_name: number }>(
      `select count(*)::int as total, count(*) filter (where status = 'verified')::int as verified,
              count(*) filter (where friendly_name = $2)::int as same_name
         from auth.mfa_factors where user_id = $1`,
      [user.id, friendlyName ?? null],
    );
    const counts = rows[0]!;
    // Someone holding only the password must not add a factor to an account that has one.
    if (counts.verified > 0 && session.aal !== 'aal2') throw insufficientAal('enroll a new factor');
    if (counts.total >= MAX_FACTORS) throw new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
    if (counts.same_name > 0) throw new AuthError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
    await tx.query(`insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, secret) values ($1, $2, $3, 'totp', $4)`, [
      id,
      user.id,
      friendlyName ?? null,
      secret.base32,
    ]);
  });
  const uri = totp.toString();
  return c.json({ id, type: 'totp', friendly_name: friendlyName ?? '', totp: { qr_code: renderSVG(uri), secret: secret.base32, uri } });
}

/** POST /factors/:id/challenge: a five-minute window in which one code may be checked. */
export async function challengeFactor(ctx: ServerContext, c: Context): Promise<Response> {
  const { user } = await signedInPerson(ctx, c);
  const factor = await ownFactor(ctx.db, user.id, c.req.param('id') ?? '');
  const id = randomUUID();
  const ip = clientInfo(ctx, c).ip;
  const { rows } = await ctx.db.query<{ expires_at: number }>(
    `insert into auth.mfa_challenges (id, factor_id, ip_address) values ($1, $2, $3)
     returning extract(epoch from created_at + make_interval(secs => $4))::bigint::int as expires_at`,
    [id, factor.id, ip && isIP(ip) ? ip : null, CHALLENGE_TTL_SECONDS],
  );
  return c.json({ id, type: 'totp', expires_at: rows[0]!.expires_at });
}

/** POST /factors/:id/verify: the code for a challenge; right, it verifies the factor and raises the session to aal2. */
export async function verifyFactor(ctx: ServerContext, c: Context): Promise<Response> {
  const { user, session } = await signedInPerson(ctx, c);
  const factorId = c.req.param('id') ?? '';
  const body = await readJson(c);
  if (typeof body.challenge_id !== 'string' || !/^[0-9a-f-]{36}$/i.test(body.challenge_id)) throw validationFailed('challenge_id is required');
  const code = typeof body.code === 'string' ? body.code.trim() : '';
  const failures = `auth:mfa-failures:${factorId}`;

  // Before the transaction: the limiter has its own statements (PGlite has one connection).
  const { allowed, retryAfter } = await ctx.rateLimiter.peek(failures, ctx.config.RATE_LIMIT_MFA_FAILURES);
  if (!allowed) {
    throw new AuthError(429, 'over_request_rate_limit', 'Too many wrong codes for this factor. Please try again later.', {}, { 'Retry-After': String(retryAfter) });
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    const factor = await ownFactor(tx, user.id, factorId, true);
    // The challenge is used up whatever the code: a wrong code needs a new one.
    const { rows } = await tx.query<{ expired: boolean }>(
      `delete from auth.mfa_challenges where id = $1 and factor_id = $2
       returning showcase_private.app_now() > created_at + make_interval(secs => $3) as expired`,
      [body.challenge_id, factor.id, CHALLENGE_TTL_SECONDS],
    );
    if (!rows[0]) throw new AuthError(404, 'mfa_factor_not_found', 'MFA challenge not found for this factor');
    if (rows[0].expired) return { error: new AuthError(422, 'mfa_challenge_expired', 'MFA challenge has expired, verify against another challenge or create a new challenge.') };

    const step = acceptedStep(factor, code);
    if (step === undefined) return { error: new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered'), wrong: true };
    await tx.query(`update auth.mfa_factors set status = 'verified', last_used_step = $2, updated_at = now() where id = $1`, [factor.id, step]);
    return { tokens: await raiseSessionToAal2(tx, sessionDeps(ctx), user, session.id, factor.id) };
  });
  if (outcome.error) {
    if (outcome.wrong) await ctx.rateLimiter.hit(failures, ctx.config.RATE_LIMIT_MFA_FAILURES);
    throw outcome.error;
  }
  return c.json(outcome.tokens);
}

/**
 * The time step of a code valid now, one step either side, and later than the last code accepted
 * for the factor: an observed code never works a second time.
 */
function acceptedStep(factor: FactorRow, code: string): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const totp = new TOTP({ secret: Secret.fromBase32(factor.secret), period: TOTP_PERIOD });
  const now = Date.now();
  const delta = totp.validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return undefined;
  const step = Math.floor(now / 1000 / TOTP_PERIOD) + delta;
  if (factor.last_used_step !== null && step <= Number(factor.last_used_step)) return undefined;
  return step;
}

/** DELETE /factors/:id: a verified factor goes only from an aal2 session; sessions it raised fall back to aal1. */
export async function unenrollFactor(ctx: ServerContext, c: Context): Promise<Response> {
  const { user, session } = await signedInPerson(ctx, c);
  const factorId = c.req.param('id') ?? '';
  await ctx.db.transaction(async (tx) => {
    const factor = await ownFactor(tx, user.id, factorId, true);
    if (factor.status === 'verified' && session.aal !== 'aal2') throw insufficientAal('unenroll a verified factor');
    await removeFactors(tx, [factor.id]);
  });
  return c.json({ id: factorId });
}

/**
 * Deletes factors; the sessions they raised fall back to aal1 and lose `totp` (or `recovery`) from
 * their methods, and an account left without a verified factor loses its recovery codes.
 */
async function removeFactors(tx: Queryable, factorIds: readonly string[]): Promise<void> {
  await tx.query(
    `delete from auth.mfa_amr_claims where authentication_method in ('totp', 'recovery')
        and session_id in (select id from auth.sessions where factor_id = any($1::uuid[]))`,
    [factorIds],
  );
  await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = any($1::uuid[])`, [factorIds]);
  const { rows } = await tx.query<{ user_id: string }>(`delete from auth.mfa_factors where id = any($1::uuid[]) returning user_id`, [factorIds]);
  // Recovery codes stand in for a factor: an account left without a verified one keeps none.
  await tx.query(
    `delete from auth.mfa_recovery_codes c where c.user_id = any($1::uuid[])
        and not exists (select 1 from auth.mfa_factors f where f.user_id = c.user_id and f.status = 'verified')`,
    [rows.map((r) => r.user_id)],
  );
}

/** GET /admin/users/:id/factors (auth.admin.mfa.listFactors): the service role sees any account's factors. */
export async function adminListFactors(ctx: ServerContext, c: Context): Promise<Response> {
  await requireServiceRole(ctx, c);
  const userId = c.req.param('id') ?? '';
  if (!isUuid(userId) || !(await findUserById(ctx.db, userId))) throw new AuthError(404, 'user_not_found', 'User not found');
  return c.json(await factorsOf(ctx.db, userId));
}

/** DELETE /admin/users/:id/factors/:factorId (auth.admin.mfa.deleteFactor): removes a factor whatever its state. */
export async function adminDeleteFactor(ctx: ServerContext, c: Context): Promise<Response> {
  await requireServiceRole(ctx, c);
  const userId = c.req.param('id') ?? '';
  if (!isUuid(userId)) throw new AuthError(404, 'user_not_found', 'User not found');
  const factorId = c.req.param('factorId') ?? '';
  const factor = (await factorsOf(ctx.db, userId)).find((f) => f.id === factorId);
  if (!factor) throw factorNotFound();
  const from = requestOrigin(c, ctx.config.TRUST_PROXY);
  await ctx.db.transaction(async (tx) => {
    await removeFactors(tx, [factor.id]);
    await recordStaffAction(tx, { actorId: null, actorRole: 'operator', action: 'user.reset_mfa', subjectTable: 'auth.users', subjectId: userId, details: { factor_id: factor.id }, from });
  });
  return c.json(factor);
}

/**
 * `npm run admin -- reset-mfa <email>`: every factor of the account goes, so staff who lost their
 * authenticator (the last admin too) can sign in with the password and enroll again. False when
 * no account has the address.
 */
export async function resetTwoFactor(db: Database, email: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return false;
    const { rows } = await tx.query<{ id: string }>(`select id from auth.mfa_factors where user_id = $1`, [user.id]);
    await removeFactors(tx, rows.map((r) => r.id));
    // From the command line: the operator, from this machine, with no request.
    await recordStaffAction(tx, { actorId: null, actorRole: 'operator', action: 'user.reset_mfa', subjectTable: 'auth.users', subjectId: user.id, details: { factors: rows.length } });
    return true;
  });
}

function optionalText(value: unknown, name: string, max: number): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > max || /[\p{Cc}]/u.test(value)) throw validationFailed(`${name} must be text of at most ${max} characters`);
  return value.trim();
}

/**
 * Whether a session is as strong as its account requires (decisions 231, 242): aal2 in the token;
 * or, while "require two-factor for staff" is off, no verified factor to prove. The SQL twin, for
 * RLS, is showcase_private.session_meets_assurance.
 */
export async function sessionMeetsAssurance(db: Queryable, userId: string, aal: unknown): Promise<boolean> {
  if (aal === 'aal2') return true;
  const { rows } = await db.query(
    `select 1 where not coalesce((select s.require_staff_two_factor from public.site_settings s where s.id), false)
        and not exists (select 1 from auth.mfa_factors where user_id = $1 and status = 'verified')`,
    [userId],
  );
  return rows.length === 1;
}
