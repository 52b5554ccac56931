import { isUuid } from '../../domain/ids.ts';
import { readJson } from '../auth/http.ts';
import { isPgError } from '../db/database.ts';
import { statementTimeoutFor } from '../security/caller.ts';
import { asCaller, authenticate } from '../security/request-auth.ts';
import { SessionEndedError } from '../security/session-liveness.ts';
import { requestOrigin } from '../security/staff-audit.ts';
import { FunctionError, type ServerFunction } from './types.ts';

interface Reviewed {
  id: string;
  title: string;
  creator_id: string;
  status: string;
  rejection_reason: string | null;
  deleted: boolean;
}

const ACTIONS = new Set(['approve', 'reject', 'feature', 'unfeature', 'delete']);

/** The database's refusals keep their words; only the HTTP status is chosen here. */
function statusFor(code: string): number {
  if (code === '42501') return 403;
  if (code === 'PT404') return 404;
  if (code === '57014') return 503;
  return 400;
}

/**
 * Admin › Projects: { projectId, action: approve|reject|feature|unfeature|delete, reason? }.
 * review_project() runs as the caller, so the database decides who may do what. Telling the maker
 * (in-app, and by e-mail through the outbox when their preferences and the site allow) is the
 * projects table's trigger's job (db/migrations/0122), whoever changes the status.
 */
export const adminReviewProject: ServerFunction = async (ctx, c) => {
  let auth;
  try {
    auth = await authenticate(c, ctx.keys);
  } catch {
    throw new FunctionError(401, 'no_authorization', 'Sign in to do this');
  }
  if (auth.role !== 'authenticated') throw new FunctionError(401, 'no_authorization', 'Sign in to do this');
  try {
    await ctx.sessions.assertLive(ctx.db, auth);
  } catch (err) {
    if (err instanceof SessionEndedError) throw new FunctionError(401, 'session_not_found', 'Sign in to do this');
    throw err;
  }
  const body = await readJson(c);
  const { projectId, action, reason } = body as { projectId?: unknown; action?: unknown; reason?: unknown };
  if (typeof projectId !== 'string' || !isUuid(projectId)) throw new FunctionError(400, 'validation_failed', 'projectId must be a project id');
  if (typeof action !== 'string' || !ACTIONS.has(action)) {
    throw new FunctionError(400, 'validation_failed', 'action must be approve, reject, feature, unfeature or delete');
  }
  if (reason !== undefined && reason !== null && typeof reason !== 'string') {
    throw new FunctionError(400, 'validation_failed', 'reason must be text');
  }

  let project: Reviewed;
  try {
    project = await asCaller(ctx.db, auth, async (tx) => {
      const { rows } = await tx.query<{ r: Reviewed }>('select public.review_project($1, $2, $3) as r', [projectId, action, reason ?? null]);
      return rows[0]!.r;
    }, { statementTimeout: statementTimeoutFor(ctx.config, auth.role), from: requestOrigin(c, ctx.config.TRUST_PROXY) });
  } catch (err) {
    if (isPgError(err)) throw new FunctionError(statusFor(err.code), 'review_refused', err.message);
    throw err;
  }
  return c.json({ project });
};
