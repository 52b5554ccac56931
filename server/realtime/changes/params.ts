/**
 * A postgres_changes binding from a join payload, read the way Supabase Realtime reads it:
 * `{event, schema, table, filter, select}` where filter is PostgREST-style conditions joined by
 * commas (AND), e.g. `status=eq.approved,upvotes=gte.10` or `id=not.in.(1,2)`. Error texts are
 * Supabase's, since clients show them.
 */

/**
 * The operators Supabase Realtime documents, and only those (decision 195): a pattern operator
 * (like, ilike, match, imatch) would hand the database a user-chosen pattern to compile and run on
 * every change, and PGlite can neither time out nor interrupt a statement.
 */
export const FILTER_OPERATORS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** PostgREST operators a filter may name that realtime refuses by name, rather than as unreadable. */
export const REFUSED_OPERATORS = ['like', 'ilike', 'is', 'isdistinct', 'match', 'imatch'] as const;

export interface Filter {
  column: string;
  op: FilterOperator;
  /** As text; for `in`, a Postgres array literal `{a,b}`. */
  value: string;
  negate: boolean;
}

export type ChangeEvent = '*' | 'INSERT' | 'UPDATE' | 'DELETE';

export interface ChangeParams {
  event: ChangeEvent;
  schema: string;
  /** A table name, or '*' for every published table of the schema. */
  table: string;
  filters: Filter[];
  /** Columns to send (the primary key always goes too); null for all. */
  select: string[] | null;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const isString = (v: unknown): v is string => typeof v === 'string';

/** Elixir's inspect of a list of strings, which Supabase's messages print. */
const inspectList = (parts: string[]) => `[${parts.map((p) => JSON.stringify(p)).join(', ')}]`;

export function parseChangeParams(params: Record<string, unknown>): Parsed<ChangeParams> {
  const event = eventOf(params.event);
  const select = parseSelect(params.select);
  if (!select.ok) return select;
  const has = (key: string) => Object.prototype.hasOwnProperty.call(params, key) && params[key] !== undefined;
  const { schema, table, filter } = params;

  let target: { schema: string; table: string; filter?: string } | undefined;
  if (isString(schema) && isString(table) && isString(filter)) target = { schema, table, filter };
  else if (isString(schema) && isString(table) && !has('filter')) target = { schema, table };
  else if (isString(schema) && !has('table') && !has('filter')) target = { schema, table: '*' };
  else if (isString(table) && !has('schema') && !has('filter')) target = { schema: 'public', table };
  if (!target) {
    const shown = has('user_token') || has('auth_token') ? '<redacted>' : JSON.stringify(params);
    return { ok: false, error: `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${shown}` };
  }
  if (select.value && (target.schema === '*' || target.table === '*')) {
    return { ok: false, error: 'Column selection is not supported for wildcard subscriptions. Provide an explicit schema and table name.' };
  }
  const filters = target.filter === undefined ? { ok: true as const, value: [] } : parseFilters(target.filter);
  if (!filters.ok) return { ok: false, error: `Error parsing \`filter\` params: ${filters.error}` };
  return { ok: true, value: { event, schema: target.schema, table: target.table, filters: filters.value, select: select.value } };
}

function eventOf(value: unknown): ChangeEvent {
  if (!isString(value)) return '*';
  const upper = value.toUpperCase();
  return upper === 'INSERT' || upper === 'UPDATE' || upper === 'DELETE' ? upper : '*';
}

function parseSelect(value: unknown): Parsed<string[] | null> {
  if (Array.isArray(value)) {
    const columns = value.filter(isString);
    return { ok: true, value: columns.length ? columns : null };
  }
  if (isString(value)) {
    return { ok: false, error: 'Error parsing `select` params: expected a list of column name strings, e.g. select: ["col1", "col2"]' };
  }
  return { ok: true, value: null };
}

export function parseFilters(filter: string): Parsed<Filter[]> {
  const trimmed = filter.trim();
  if (trimmed === '') return { ok: true, value: [] };
  const filters: Filter[] = [];
  for (const segment of splitTopLevel(trimmed)) {
    const parsed = parseSegment(segment);
    if (!parsed.ok) return parsed;
    filters.push(parsed.value);
  }
  return { ok: true, value: filters };
}

/** Splits on commas outside parentheses and outside "quoted" values (a quote opens after . ( or ,). */
function splitTopLevel(filter: string): string[] {
  const segments: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  let prev = '';
  for (let i = 0; i < filter.length; i++) {
    const ch = filter[i]!;
    if (quoted) {
      if (ch === '\\' && i + 1 < filter.length) {
        current += ch + filter[++i];
        prev = filter[i]!;
      } else {
        current += ch;
        if (ch === '"') quoted = false;
        prev = ch;
      }
      continue;
    }
    if (ch === '"' && (prev === '.' || prev === '(' || prev === ',')) quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === ',' && depth === 0) {
      segments.push(current);
      current = '';
      prev = '';
      continue;
    }
    current += ch;
    prev = ch;
  }
  segments.push(current);
  return segments;
}

function parseSegment(segment: string): Parsed<Filter> {
  const trimmed = segment.trim();
  if (trimmed === '') return { ok: false, error: 'filter must not contain empty segments (check for extra commas)' };
  const eq = trimmed.indexOf('=');
  if (eq === -1) return { ok: false, error: inspectList([trimmed]) };
  const column = trimmed.slice(0, eq);
  let rest = trimmed.slice(eq + 1);
  const negate = rest.startsWith('not.');
  if (negate) rest = rest.slice(4);
  const dot = rest.indexOf('.');
  if (dot === -1) return { ok: false, error: inspectList([rest]) };
  const op = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  if ((REFUSED_OPERATORS as readonly string[]).includes(op)) {
    // The value is left out of the message: it may be a pattern of any length.
    return { ok: false, error: `operator ${op} is not supported on column ${column}: use one of ${FILTER_OPERATORS.join(', ')}` };
  }
  if (!(FILTER_OPERATORS as readonly string[]).includes(op)) return { ok: false, error: inspectList([op, value]) };
  if (op === 'in') {
    if (value.length < 2 || !value.startsWith('(') || !value.endsWith(')')) {
      return { ok: false, error: '`in` filter value must be wrapped by parentheses' };
    }
    return { ok: true, value: { column, op, value: `{${value.slice(1, -1)}}`, negate } };
  }
  return { ok: true, value: { column, op: op as FilterOperator, value: unquote(value), negate } };
}

/** A "quoted" value loses its quotes and backslash escapes; a malformed one is kept as written. */
function unquote(value: string): string {
  if (!value.startsWith('"')) return value;
  let out = '';
  for (let i = 1; i < value.length; i++) {
    const ch = value[i]!;
    if (ch === '\\') {
      if (i + 1 >= value.length) return value;
      out += value[++i];
    } else if (ch === '"') {
      return i === value.length - 1 ? out : value;
    } else {
      out += ch;
    }
  }
  return value;
}
