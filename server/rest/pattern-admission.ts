import type { ApiRole } from '../security/jwt.ts';
import { RestError } from './errors.ts';

/** Longer than anything the site sends (a 100-character search, every character escaped). */
const MAX_PATTERN_LENGTH = 256;
const REGEX_SPECIALS = new Set(['\\', '.', '^', '$', '|', '?', '*', '+', '(', ')', '[', ']', '{', '}']);

/**
 * Whether a match/imatch pattern is plain text: every regex special character escaped with a
 * backslash, optionally anchored by ^ at the start and $ at the end. That is what the site's
 * search sends (web/features/projects/api/filters.ts literalRegex), and Postgres matches it in time
 * linear in the text. A backslash before a letter or digit is a class or an escape code (\d, \m,
 * \u0041), not a literal, and is refused too.
 */
export function isLiteralPattern(pattern: string): boolean {
  if (pattern.length > MAX_PATTERN_LENGTH) return false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\') {
      const next = pattern[i + 1];
      if (next === undefined || /[A-Za-z0-9]/.test(next)) return false;
      i++;
    } else if (REGEX_SPECIALS.has(ch)) {
      const anchor = (ch === '^' && i === 0) || (ch === '$' && i === pattern.length - 1);
      if (!anchor) return false;
    }
  }
  return true;
}

/**
 * Admission for statements with a regular expression that is not plain text (finding M6). On
 * PGlite a query runs inside the server's only thread and statement_timeout is not enforced, so
 * one backtracking pattern would stall every request: nobody may send one. On Postgres a query
 * has its own process and the per-role statement timeouts bound it, so only anon is refused.
 */
export function admitPatterns(statement: { openPattern: boolean }, engine: 'pglite' | 'postgres', role: ApiRole): void {
  if (!statement.openPattern || (engine === 'postgres' && role !== 'anon')) return;
  throw new RestError(
    400,
    '2201B',
    'match and imatch accept plain text here, not a regular expression',
    null,
    'Escape each of \\ . ^ $ | ? * + ( ) [ ] { } with a backslash; ^ may start the pattern and $ may end it.',
  );
}
