import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLite, type LiteServer } from '../../bench/support/lite.ts';
import { clientFor, startTestServer, type TestServer } from '../support/server.ts';

/**
 * Auth conformance: the same supabase-js auth calls against our /auth/v1 and against
 * @supabase/lite's, both confirming sign-ups at once, must give the same shapes, statuses and
 * error codes (never the same token values or ids). Only the e-mail/password flows both sides
 * implement are compared.
 *
 * Not compared, and why:
 * - admin.* (createUser, listUsers, …) and signInAnonymously: lite does not implement them.
 * - OAuth, OTP / magic link, recovery: need a provider or a mailbox; covered by our own suites.
 * - sign-up with confirmation required: lite only logs the e-mail to its console.
 */
const SECRET = 'auth-conformance-secret-that-is-long-enough-for-hs256';
const PASSWORD = 'correct-horse-battery-staple';

type Side = 'ours' | 'lite';
interface Failure {
  status: number | undefined;
  code: string | undefined;
}

let ours: TestServer;
let lite: LiteServer;
const urls = {} as Record<Side, string>;
let anonKey = '';

/** A client that keeps its session in memory, as the SPA's does, without timers. */
function fresh(side: Side): SupabaseClient {
  return clientFor(urls[side], anonKey);
}

function failure(error: unknown): Failure {
  const e = error as { status?: number; code?: string } | null;
  return { status: e?.status, code: e?.code };
}

const SESSION_KEYS = ['access_token', 'refresh_token', 'token_type', 'expires_in', 'expires_at', 'user'];
const USER_KEYS = ['id', 'aud', 'role', 'email', 'app_metadata', 'user_metadata', 'created_at', 'updated_at'];

/** Runs the whole flow on one side and reports what a client observes at each step. */
async function flow(side: Side) {
  const email = `conformance-${side}@auth-lite.test`;
  const client = fresh(side);
  const out: Record<string, unknown> = {};

  const signUp = await client.auth.signUp({ email, password: PASSWORD, options: { data: { name: 'Ada' } } });
  expect(signUp.error, `${side} signUp`).toBeNull();
  const userId = signUp.data.user!.id;
  out.signUp = {
    hasSession: signUp.data.session !== null,
    sameEmail: signUp.data.user?.email === email,
    name: signUp.data.user?.user_metadata.name,
  };

  const wrong = await fresh(side).auth.signInWithPassword({ email, password: 'not-the-password' });
  out.wrongPassword = { ...failure(wrong.error), session: wrong.data.session };
  const unknown = await fresh(side).auth.signInWithPassword({ email: `nobody-${side}@auth-lite.test`, password: PASSWORD });
  out.unknownEmail = { ...failure(unknown.error), session: unknown.data.session };

  const signIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
  expect(signIn.error, `${side} signIn`).toBeNull();
  const session = signIn.data.session!;
  out.signIn = {
    sameUser: session.user.id === userId,
    tokenType: session.token_type,
    expiresIn: session.expires_in,
    sessionKeys: SESSION_KEYS.filter((k) => k in session),
    sessionShape: Object.fromEntries(SESSION_KEYS.map((k) => [k, typeof (session as unknown as Record<string, unknown>)[k]])),
    userKeys: USER_KEYS.filter((k) => k in session.user),
    role: session.user.role,
    aud: session.user.aud,
    provider: session.user.app_metadata.provider,
  };
  const claims = decodeJwt(session.access_token);
  out.claims = {
    subIsUser: claims.sub === userId,
    role: claims.role,
    aud: claims.aud,
    sameEmail: claims.email === email,
    hasSessionId: typeof claims.session_id === 'string' && claims.session_id.length > 0,
    expMinusIat: (claims.exp ?? 0) - (claims.iat ?? 0),
    name: (claims.user_metadata as Record<string, unknown> | undefined)?.name,
    provider: (claims.app_metadata as Record<string, unknown> | undefined)?.provider,
  };

  const got = await client.auth.getUser();
  out.getUser = { error: got.error, sameUser: got.data.user?.id === userId, sameEmail: got.data.user?.email === email, name: got.data.user?.user_metadata.name };

  const updated = await client.auth.updateUser({ data: { name: 'Ada Lovelace' } });
  out.updateUser = { error: updated.error, name: updated.data.user?.user_metadata.name };
  const reread = await client.auth.getUser();
  out.updatedName = reread.data.user?.user_metadata.name;

  const oldRefresh = session.refresh_token;
  const refreshed = await client.auth.refreshSession();
  const next = refreshed.data.session!;
  out.refresh = {
    error: refreshed.error,
    sameUser: next.user.id === userId,
    newAccess: next.access_token !== session.access_token,
    newRefresh: next.refresh_token !== oldRefresh,
    tokenType: next.token_type,
    // The refreshed token carries the metadata as it is now.
    name: (decodeJwt(next.access_token).user_metadata as Record<string, unknown> | undefined)?.name,
  };

  const signOut = await client.auth.signOut();
  out.signOut = { error: signOut.error };
  const afterOut = await fresh(side).auth.refreshSession({ refresh_token: next.refresh_token });
  out.refreshAfterSignOut = { ...failure(afterOut.error), session: afterOut.data.session };
  const rotatedAway = await fresh(side).auth.refreshSession({ refresh_token: oldRefresh });
  out.oldRefreshAfterSignOut = { ...failure(rotatedAway.error), session: rotatedAway.data.session };
  const userAfterOut = await fresh(side).auth.getUser(next.access_token);
  // supabase-js turns the server's refusal of a signed-out session into AuthSessionMissingError.
  out.accessTokenAfterSignOut = { ...failure(userAfterOut.error), name: (userAfterOut.error as Error | null)?.name };

  const duplicate = await fresh(side).auth.signUp({ email, password: PASSWORD });
  out.duplicateSignUp = { ...failure(duplicate.error), session: duplicate.data.session };

  const weak = await fresh(side).auth.signUp({ email: `weak-${side}@auth-lite.test`, password: 'abc' });
  out.weakPassword = {
    ...failure(weak.error),
    reasons: (weak.error as { reasons?: string[] } | null)?.reasons,
    session: weak.data.session,
  };
  const weakSignIn = await fresh(side).auth.signInWithPassword({ email: `weak-${side}@auth-lite.test`, password: 'abc' });
  out.weakNotStored = failure(weakSignIn.error);

  const badEmail = await fresh(side).auth.signUp({ email: 'not-an-email', password: PASSWORD });
  out.badEmail = { ...failure(badEmail.error), session: badEmail.data.session };

  return out;
}

/**
 * Fields where the two sides are meant to differ; each is checked on its own, then left out of
 * the whole-step comparison.
 */
const INTENDED_DIFFERENCES: { step: string; field: string; reason: string; check(ours: unknown, lite: unknown): void }[] = [
  {
    step: 'claims', field: 'name',
    reason: 'GoTrue puts user_metadata in the access token (the SPA reads the name from it); lite leaves it out',
    check: (o, l) => { expect(o).toBe('Ada'); expect(l).toBeUndefined(); },
  },
  {
    step: 'claims', field: 'provider',
    reason: 'GoTrue puts app_metadata in the access token (RLS reads app_metadata.role from it); lite leaves it out',
    check: (o, l) => { expect(o).toBe('email'); expect(l).toBeUndefined(); },
  },
  {
    step: 'refresh', field: 'name',
    reason: 'same as above: our refreshed token carries the updated user_metadata, lite\'s carries none',
    check: (o, l) => { expect(o).toBe('Ada Lovelace'); expect(l).toBeUndefined(); },
  },
  {
    step: 'refresh', field: 'newAccess',
    reason: 'with no metadata claims, lite re-signs identical claims within the same second, so its token may repeat',
    check: (o, l) => { expect(o).toBe(true); expect(typeof l).toBe('boolean'); },
  },
];

/** What every step must show on both sides (our own expectations, not just agreement). */
const EXPECTED: Record<string, unknown> = {
  signUp: { hasSession: true, sameEmail: true, name: 'Ada' },
  wrongPassword: { status: 400, code: 'invalid_credentials', session: null },
  unknownEmail: { status: 400, code: 'invalid_credentials', session: null },
  signIn: {
    sameUser: true, tokenType: 'bearer', expiresIn: 3600, sessionKeys: SESSION_KEYS, userKeys: USER_KEYS,
    role: 'authenticated', aud: 'authenticated', provider: 'email',
    sessionShape: { access_token: 'string', refresh_token: 'string', token_type: 'string', expires_in: 'number', expires_at: 'number', user: 'object' },
  },
  claims: { subIsUser: true, sameEmail: true, role: 'authenticated', aud: 'authenticated', hasSessionId: true, expMinusIat: 3600 },
  getUser: { error: null, sameUser: true, sameEmail: true, name: 'Ada' },
  updateUser: { error: null, name: 'Ada Lovelace' },
  updatedName: 'Ada Lovelace',
  refresh: { error: null, sameUser: true, newRefresh: true, tokenType: 'bearer' },
  signOut: { error: null },
  refreshAfterSignOut: { status: 400, code: 'refresh_token_not_found', session: null },
  oldRefreshAfterSignOut: { status: 400, code: 'refresh_token_not_found', session: null },
  accessTokenAfterSignOut: { status: 400, name: 'AuthSessionMissingError' },
  duplicateSignUp: { status: 422, code: 'user_already_exists', session: null },
  weakPassword: { status: 422, code: 'weak_password', reasons: ['length'], session: null },
  weakNotStored: { status: 400, code: 'invalid_credentials' },
  badEmail: { status: 400, code: 'validation_failed', session: null },
};

/** A step's observation without the fields listed as intended differences. */
function comparable(step: string, value: unknown): unknown {
  const skip = INTENDED_DIFFERENCES.filter((d) => d.step === step).map((d) => d.field);
  if (!skip.length || !value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !skip.includes(k)));
}

describe('auth conformance with @supabase/lite', () => {
  const results = {} as Record<Side, Record<string, unknown>>;

  beforeAll(async () => {
    [ours, lite] = await Promise.all([
      startTestServer({ JWT_SECRET: SECRET, AUTH_AUTOCONFIRM: 'true' }),
      // enable_confirmations defaults to false in lite: sign-ups are confirmed at once.
      startLite({ jwtSecret: SECRET, auth: { enable_signup: true } }),
    ]);
    urls.ours = ours.url;
    urls.lite = lite.url;
    anonKey = ours.anonKey;
    results.ours = await flow('ours');
    results.lite = await flow('lite');
  }, 240_000);

  afterAll(async () => {
    await Promise.all([ours?.close(), lite?.close()]);
  });

  it.each(Object.keys(EXPECTED))('%s: same outcome on both', (step) => {
    const a = comparable(step, results.ours[step]);
    const b = comparable(step, results.lite[step]);
    expect({ step, ours: a }).toEqual({ step, ours: b });
    // Agreement alone would pass if both broke the same way: pin the outcome too.
    const expected = EXPECTED[step];
    if (expected && typeof expected === 'object' && !Array.isArray(expected)) expect(a).toMatchObject(expected);
    else expect(a).toEqual(expected);
  });

  it.each(INTENDED_DIFFERENCES.map((d) => [`${d.step}.${d.field}`, d] as const))('intended difference %s', (_name, d) => {
    const pick = (side: Side) => (results[side][d.step] as Record<string, unknown>)[d.field];
    d.check(pick('ours'), pick('lite'));
  });

  it('compares every step the flow records', () => {
    expect(Object.keys(results.ours).sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(Object.keys(results.lite).sort()).toEqual(Object.keys(EXPECTED).sort());
  });
});
