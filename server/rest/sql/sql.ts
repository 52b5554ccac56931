/**
 * Accumulates bound parameters and fresh table aliases while one statement is built.
 * Identifiers reach SQL only through ident(), and only after a schema-cache lookup.
 */
export class Sql {
  readonly params: unknown[] = [];
  /**
   * Set when a condition's best plan depends on its value (pattern matching, full-text search):
   * such a statement is planned afresh each time, since a prepared statement's generic plan
   * cannot use a trigram index for a pattern it does not know.
   */
  planEachTime = false;
  /** Set when a match/imatch pattern is a regular expression rather than plain text (pattern-admission.ts). */
  openPattern = false;
  private aliases = 0;

  bind(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  alias(): string {
    return `_t${this.aliases++}`;
  }
}

export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * A row count (LIMIT, OFFSET) written into the statement, as PostgREST writes it. Counts come
 * from our own parser as non-negative integers, never as text, and must stay literal: with a
 * bound LIMIT, Postgres cannot tell how many rows a generic plan returns, so it re-plans the
 * statement on every execution (about a third of a short list's database time).
 */
export function rowCount(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  return String(n);
}

/** A catalog-approved name as a string literal (json keys of columns). */
export function literal(name: string): string {
  return `'${name.replace(/'/g, "''")}'`;
}

export function qualified(relation: string): string {
  return `"public".${ident(relation)}`;
}
