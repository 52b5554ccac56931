import { parseError } from '../errors.ts';

/**
 * Splits s at `sep` characters that are outside parentheses and double quotes.
 * Unbalanced parentheses or quotes are a syntax error, reported with the input.
 */
export function splitTopLevel(s: string, sep: string, what: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') {
      depth--;
      if (depth < 0) throw parseError(`"failed to parse ${what} (${s})" (line 1, column ${i + 1})`, `unexpected ")"`);
    } else if (ch === sep && depth === 0) {
      parts.push(s.slice(start, i));
      start = i + 1;
    }
  }
  if (quoted) throw parseError(`"failed to parse ${what} (${s})" (line 1, column ${s.length})`, 'unexpected end of input: unclosed double quote');
  if (depth !== 0) throw parseError(`"failed to parse ${what} (${s})" (line 1, column ${s.length})`, 'unexpected end of input: expecting ")"');
  parts.push(s.slice(start));
  return parts;
}

/** Removes surrounding double quotes, undoing backslash escapes inside them. */
export function unquote(s: string): string {
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) return s.slice(1, -1).replace(/\\(.)/g, '$1');
  return s;
}

/** Identifier-ish names: anything but the grammar's punctuation; checked against the schema later. */
const NAME = /^[^\s,.:()!"'\\\-><*]+$/u;

export function checkName(name: string, what: string, input: string): string {
  const n = unquote(name.trim());
  // NUL would cut the statement short on the wire; 63 bytes is Postgres's identifier limit.
  if (!n || (n === name.trim() && !NAME.test(n)) || n.length > 63 || n.includes('\u0000')) {
    throw parseError(`"failed to parse ${what} (${input})"`, `unexpected "${name}"`);
  }
  return n;
}
