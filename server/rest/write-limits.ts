import { randomUUID } from 'node:crypto';
import type { Config, RateLimitRule } from '../config.ts';
import { isPgError, type PipelineStatement } from '../db/database.ts';
import type { RequestAuth } from '../security/request-auth.ts';
import { MESSAGES } from '../../domain/messages.ts';
import type { LocalWriteCounts } from './local-write-counts.ts';
import { RestError } from './errors.ts';

/** Which configured limit a write through /rest/v1 counts against. */
export function writeRule(config: Config, target: { table?: string; rpc?: string }, method: string): { bucket: string; rule: RateLimitRule } {
  if (target.rpc === 'toggle_vote') return { bucket: 'votes', rule: config.RATE_LIMIT_VOTES };
  // An invitation may e-mail an address: a daily bucket of its own (M7, decision 105).
  if (target.rpc === 'invite_comaker') return { bucket: 'invitations', rule: config.RATE_LIMIT_INVITATIONS };
  if (target.rpc === 'subscribe_newsletter') return { bucket: 'newsletter', rule: config.RATE_LIMIT_NEWSLETTER };
  // An address left on /upcoming gets a confirmation e-mail: limited like the newsletter, its own count.
  if (target.rpc === 'request_launch_email') return { bucket: 'launch-email', rule: config.RATE_LIMIT_NEWSLETTER };
  if (method === 'POST' && target.table === 'project_comments') return { bucket: 'comments', rule: config.RATE_LIMIT_COMMENTS };
  if (method === 'POST' && target.table === 'projects') return { bucket: 'projects', rule: config.RATE_LIMIT_PROJECTS };
  if (method === 'POST' && target.table === 'reports') return { bucket: 'reports', rule: config.RATE_LIMIT_REPORTS };
  return { bucket: 'rest-writes', rule: config.RATE_LIMIT_REST_WRITES };
}

/**
 * One write counted per client IP and per user (the service_role key is exempt), by its rows: a
 * bulk insert of N rows counts N, and is refused whole when they would cross the limit (M3).
 *
 * On Postgres, in the same round trip as the write: `count` commits on its own just ahead of the
 * write's transaction, whose first statement (`admit`) admits the write under this count's ticket
 * or refuses it with PT429 (db/migrations/0060; the statements run in ../execute.ts). Every
 * instance sharing the database shares the counts.
 *
 * On PGlite the count is taken in this process (LocalWriteCounts) before the database is asked:
 * `wait` is its verdict, and a write over the limit never reaches the database.
 */
export interface WriteCount {
  /** Counted ahead of the write's transaction, committed on its own (Postgres). */
  readonly count?: PipelineStatement;
  /** The transaction's first statement: admits the write under `count`'s verdict (Postgres). */
  readonly admit?: { sql: string; params: unknown[] };
  /** Seconds to wait, when the verdict is known already (PGlite): over 0 refuses the write. */
  readonly wait?: number;
}

/** The count of one write, in this process when `local` is given (PGlite), else by the database. */
export function countWrite(
  local: LocalWriteCounts | undefined,
  auth: RequestAuth,
  ip: string,
  bucket: string,
  rule: RateLimitRule,
  rows = 1,
): WriteCount | undefined {
  if (auth.role === 'service_role') return undefined;
  const keys = [`rest:${bucket}:ip:${ip}`];
  if (auth.claims.sub) keys.push(`rest:${bucket}:user:${auth.claims.sub}`);
  if (local) return { wait: local.count(keys, rule.count, rule.seconds, rows) };
  // Names this request's verdict, so a write is admitted only by its own count.
  const ticket = randomUUID();
  return {
    count: { sql: 'select platform.count_write($1, $2, $3, $4, $5, $6) as wait', params: [ticket, keys[0], keys[1] ?? null, rule.count, rule.seconds, rows] },
    admit: { sql: 'platform.admit_write($1)', params: [ticket] },
  };
}

/** The 429 for a write over its limit, in the API's error shape. */
export function writeLimitExceeded(retryAfterSeconds: number): RestError {
  return new RestError(429, 'over_request_rate_limit', MESSAGES.rateLimitExceeded, null, null, {
    'Retry-After': String(Math.max(1, retryAfterSeconds || 1)),
  });
}

/** The 429 for a write refused by platform.admit_write (PT429), or undefined for other errors. */
export function writeLimitRefusal(err: unknown): RestError | undefined {
  return isPgError(err) && err.code === 'PT429' ? writeLimitExceeded(Number(err.detail)) : undefined;
}
