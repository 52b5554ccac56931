import type { Config, RateLimitRule } from '../config.ts';
import { isPgError, type PipelineStatement } from '../db/database.ts';
import type { RequestAuth } from '../security/request-auth.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { RestError } from './errors.ts';

/** Which configured limit a write through /rest/v1 counts against. */
export function writeRule(config: Config, target: { table?: string; rpc?: string }, method: string): { bucket: string; rule: RateLimitRule } {
  if (target.rpc === 'toggle_vote') return { bucket: 'votes', rule: config.RATE_LIMIT_VOTES };
  if (method === 'POST' && target.table === 'project_comments') return { bucket: 'comments', rule: config.RATE_LIMIT_COMMENTS };
  if (method === 'POST' && target.table === 'projects') return { bucket: 'projects', rule: config.RATE_LIMIT_PROJECTS };
  if (method === 'POST' && target.table === 'reports') return { bucket: 'reports', rule: config.RATE_LIMIT_REPORTS };
  return { bucket: 'rest-writes', rule: config.RATE_LIMIT_REST_WRITES };
}

/**
 * One write counted per client IP and per user (the service_role key is exempt). It runs first in
 * the write's own transaction, before the caller's role is taken, so an allowed write and its
 * count commit together in one round trip. A write over the limit fails there with PT429.
 */
export class WriteCount {
  private constructor(private readonly params: readonly unknown[]) {}

  static for(auth: RequestAuth, ip: string, bucket: string, rule: RateLimitRule): WriteCount | undefined {
    if (auth.role === 'service_role') return undefined;
    const userKey = auth.claims.sub ? `rest:${bucket}:user:${auth.claims.sub}` : null;
    return new WriteCount([`rest:${bucket}:ip:${ip}`, userKey, rule.count, rule.seconds]);
  }

  /** The statement that counts the write and refuses it when over the limit. */
  get statement(): PipelineStatement {
    return { sql: 'select platform.count_write($1, $2, $3, $4, true)', params: this.params };
  }

  /** Counts a write whose transaction failed (and so took its count back): attempts count too. */
  countFailed(db: { query(sql: string, params: readonly unknown[]): Promise<unknown> }, err: unknown): Promise<unknown> {
    if (isPgError(err) && err.code === 'PT429') return Promise.resolve();
    return db.query('select platform.count_write($1, $2, $3, $4, false)', this.params).catch(() => undefined);
  }
}

/** The 429 for a write refused by platform.count_write, in the API's error shape. */
export function writeLimitRefusal(err: unknown): RestError | undefined {
  if (!isPgError(err) || err.code !== 'PT429') return undefined;
  return new RestError(429, 'over_request_rate_limit', MESSAGES.rateLimitExceeded, null, null, {
    'Retry-After': String(Math.max(1, Number(err.detail) || 1)),
  });
}
