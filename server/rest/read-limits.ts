import type { Config, RateLimitRule } from '../config.ts';
import type { RequestAuth } from '../security/request-auth.ts';
import type { LocalWriteCounts } from './local-write-counts.ts';
import { writeLimitExceeded } from './write-limits.ts';

/**
 * Reads through /rest/v1 that are limited (decision 234). Reads have no limiter otherwise; these
 * are the ones a page sends per keystroke: search_suggest (the search box's suggestions) is
 * counted per client IP, RATE_LIMIT_SEARCH_SUGGEST (60 per 60 s by default), in fixed windows kept
 * in this process (the counter PGlite's writes use, ./local-write-counts.ts): a read must not cost a
 * database write, and a suggestion limit per instance is enough to stop one client flooding it.
 * The service_role key is exempt.
 */
export function readRule(config: Config, rpc: string): { bucket: string; rule: RateLimitRule } | undefined {
  if (rpc === 'search_suggest') return { bucket: 'suggest', rule: config.RATE_LIMIT_SEARCH_SUGGEST };
  return undefined;
}

/** Counts one limited read; throws the API's 429 (with Retry-After) when it is over its limit. */
export function countRead(counts: LocalWriteCounts, config: Config, auth: RequestAuth, ip: string, rpc: string): void {
  const limited = readRule(config, rpc);
  if (!limited || auth.role === 'service_role') return;
  const wait = counts.count([`rest-read:${limited.bucket}:ip:${ip}`], limited.rule.count, limited.rule.seconds, 1);
  if (wait > 0) throw writeLimitExceeded(wait);
}
