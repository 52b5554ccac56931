import { Hono, type Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { isPgError } from '../db/database.ts';
import { DatabaseUnavailableError } from '../db/unavailable.ts';
import { requestIdOf } from '../ops/request-id.ts';
import { createUser, deleteUser, getUserById, invite, listUsers, updateUserById } from './admin.ts';
import { API_VERSION_HEADER, AuthError, authErrorResponse } from './errors.ts';
import { generateLink } from './generate-link.ts';
import { adminDeleteFactor, adminListFactors, challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './mfa.ts';
import { authorize, callback } from './oauth.ts';
import { sendSignInMail } from './otp.ts';
import { recover } from './recover.ts';
import { readAuthSettings } from './settings.ts';
import { resend, signup } from './signup.ts';
import { token } from './token.ts';
import { getUser, logout, reauthenticate, updateUser } from './user.ts';
import { verifyGet, verifyPost } from './verify.ts';
import { answerClientWentAway, clientWentAway } from '../http/node-request.ts';

type Handler = (ctx: ServerContext, c: Context) => Promise<Response>;

/** /auth/v1: the GoTrue subset supabase-js needs, with GoTrue's JSON and error shapes. */
export function authRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  const h = (fn: Handler) => (c: Context) => fn(ctx, c);

  // GoTrue echoes the API version it answered with; supabase-js reads error codes only then.
  app.use('*', async (c, next) => {
    await next();
    const v = c.req.header(API_VERSION_HEADER);
    if (v && /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= '2024-01-01') c.header(API_VERSION_HEADER, '2024-01-01');
  });

  app.get('/health', (c) => c.json({ version: 'v2-compatible', name: 'GoTrue', description: 'GoTrue-compatible auth for AI Showcase' }));
  app.get('/settings', async (c) => {
    const settings = await readAuthSettings(ctx.db, ctx.config);
    return c.json({
      external: { email: true, phone: false, github: ctx.config.githubEnabled, anonymous_users: settings.allowAnonymousVotes },
      disable_signup: !settings.allowRegistration,
      mailer_autoconfirm: !settings.requireEmailVerification,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    });
  });
  app.post('/signup', h(signup));
  app.post('/resend', h(resend));
  app.post('/otp', h(sendSignInMail));
  app.post('/token', h(token));
  app.get('/verify', h(verifyGet));
  app.post('/verify', h(verifyPost));
  app.post('/recover', h(recover));
  app.get('/user', h(getUser));
  app.put('/user', h(updateUser));
  app.get('/reauthenticate', h(reauthenticate));
  app.post('/logout', h(logout));
  app.post('/factors', h(enrollFactor));
  app.post('/factors/:id/challenge', h(challengeFactor));
  app.post('/factors/:id/verify', h(verifyFactor));
  app.delete('/factors/:id', h(unenrollFactor));
  app.get('/authorize', h(authorize));
  app.get('/callback', h(callback));
  app.post('/invite', h(invite));
  app.get('/admin/users', h(listUsers));
  app.post('/admin/users', h(createUser));
  app.get('/admin/users/:id', h(getUserById));
  app.put('/admin/users/:id', h(updateUserById));
  app.delete('/admin/users/:id', h(deleteUser));
  app.get('/admin/users/:id/factors', h(adminListFactors));
  app.delete('/admin/users/:id/factors/:factorId', h(adminDeleteFactor));
  app.post('/admin/generate_link', h(generateLink));

  // Last, for every path and method no route above answers: GoTrue's JSON error shape, so
  // supabase-js reports an AuthApiError with a code rather than failing to parse a plain 404. A
  // mounted Hono app's notFound() is never consulted (the parent's answers), hence a route.
  app.all('*', (c) => authErrorResponse(c, new AuthError(404, 'validation_failed', 'Unhandled request: no such auth endpoint')));
  app.onError((err, c) => {
    if (err instanceof AuthError) return authErrorResponse(c, err);
    if (isPgError(err) && err.code === '23505') {
      return authErrorResponse(c, new AuthError(422, 'user_already_exists', 'User already registered'));
    }
    if (err instanceof DatabaseUnavailableError) {
      ctx.logger.errorThrottled(`database-${err.reason}`, `database unavailable (${err.reason}): ${err.message}`, { reqId: requestIdOf(c) });
      // 503 is what supabase-js's auth client retries (AuthRetryableFetchError).
      return authErrorResponse(
        c,
        new AuthError(503, 'unexpected_failure', 'The database is unavailable, please try again in a few seconds', {}, { 'Retry-After': String(err.retryAfterSeconds) }),
      );
    }
    if (clientWentAway(c, err)) return answerClientWentAway(c, ctx.logger, requestIdOf(c));
    ctx.logger.error('auth error', { err, reqId: requestIdOf(c) });
    return authErrorResponse(c, new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
  });
  return app;
}
