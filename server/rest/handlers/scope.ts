import type { Context } from 'hono';
import type { ServerContext } from '../../context.ts';
import type { RequestAuth } from '../../security/request-auth.ts';
import type { SessionCheck } from '../../security/session-liveness.ts';
import { clientLimitKey } from '../../http/client-ip.ts';
import { RestError } from '../errors.ts';
import type { Caller, RequestInfo } from '../execute.ts';
import type { MediaChoice } from '../http/negotiate.ts';
import type { Preferences } from '../parse/prefer.ts';
import type { SchemaSnapshot } from '../schema-cache.ts';
import { countWrite, writeRule } from '../write-limits.ts';

/** What one /rest/v1 request carries into its handler. */
export interface RequestScope {
  ctx: ServerContext;
  c: Context;
  method: string;
  auth: RequestAuth;
  prefs: Preferences;
  media: MediaChoice;
  info: RequestInfo;
  snap: SchemaSnapshot;
  /** The raw query string, without its '?'. */
  search: string;
  /** The token's session, when it must be checked in this request (security/session-liveness.ts). */
  session?: SessionCheck;
}

function sessionOf(scope: RequestScope): Caller['session'] {
  return scope.session && { check: scope.session, liveness: scope.ctx.sessions };
}

/** A read as the request's caller. */
export function reader(scope: RequestScope): Caller {
  return { auth: scope.auth, req: scope.info, readOnly: true, session: sessionOf(scope) };
}

/** A write as the request's caller, counted by its rows against the write limit that applies to it. */
export function writer(scope: RequestScope, target: { table?: string; rpc?: string }, rows = 1): Caller {
  const { bucket, rule } = writeRule(scope.ctx.config, target, scope.method);
  const limit = countWrite(scope.ctx.writeCounts, scope.auth, clientLimitKey(scope.c, scope.ctx.config.TRUST_PROXY), bucket, rule, rows);
  return { auth: scope.auth, req: scope.info, readOnly: false, rollback: rollsBack(scope), limit, session: sessionOf(scope) };
}

/**
 * Whether a write's transaction ends in ROLLBACK, as PostgREST's db-tx-end (REST_TX_END) and the
 * request's Prefer: tx decide. Where the setting allows no override, a request asking for the
 * other end is refused, whatever its handling: committing what a client asked to roll back, or
 * the reverse, is never done silently (decision 230).
 */
export function rollsBack(scope: RequestScope): boolean {
  const setting = scope.ctx.config.REST_TX_END;
  const asked = scope.prefs.tx;
  if (setting === 'commit-allow-override') return asked === 'rollback';
  if (setting === 'rollback-allow-override') return asked !== 'commit';
  const fixed = setting === 'rollback' ? 'rollback' : 'commit';
  if (asked && asked !== fixed) {
    const message = scope.prefs.handling === 'strict' ? 'Invalid preferences given with handling=strict' : `Prefer: tx=${asked} is not allowed on this server`;
    throw new RestError(400, 'PGRST122', message, `Invalid preferences: tx=${asked}`, `This server ends every write's transaction with ${fixed.toUpperCase()}.`);
  }
  return fixed === 'rollback';
}

export interface Reply {
  status: number;
  body: string | null;
  headers: Record<string, string>;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
export const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

/** The one row of vnd.pgrst.object+json out of a JSON array text, or PGRST116. */
export function singleObject(arrayText: string, n: number): string {
  if (n !== 1) throw notSingle(n);
  return arrayText.slice(1, -1);
}


export function notSingle(n: number): RestError {
  return new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${n} rows`);
}

/** Prefer: handling=strict, max-affected=N refused: the write is rolled back (PostgREST's PGRST124). */
export function maxAffectedExceeded(n: number): RestError {
  return new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${n} rows`);
}

/** The max-affected a request holds its write to: PostgREST honours it only with handling=strict. */
export function maxAffectedOf(scope: RequestScope): number | undefined {
  return scope.prefs.handling === 'strict' ? scope.prefs.maxAffected : undefined;
}

export function preferenceApplied(prefs: Preferences, keys: ReadonlyArray<keyof Preferences>, rolledBack = false): Record<string, string> {
  const applied = keys.filter((k) => prefs[k] !== undefined).map((k) => `${k === 'maxAffected' ? 'max-affected' : k}=${prefs[k]}`);
  if (rolledBack) applied.push('tx=rollback');
  return applied.length ? { 'Preference-Applied': applied.join(', ') } : {};
}
