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

/** A catalog-approved name as a string literal (json keys of columns). */
export function literal(name: string): string {
  return `'${name.replace(/'/g, "''")}'`;
}

export function qualified(relation: string): string {
  return `"public".${ident(relation)}`;
}
