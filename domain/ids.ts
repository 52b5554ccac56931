/**
 * A row id as Postgres prints a uuid (any version, either case). Checked before a read so a
 * malformed link answers "not found" instead of a 22P02 error from the database.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(s: string): boolean {
  return UUID_PATTERN.test(s);
}
