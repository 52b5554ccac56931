import { requestHeader } from '../../http/node-request.ts';
import { RestError, parseError } from '../errors.ts';
import { runAsCaller, statementAsCaller } from '../execute.ts';
import { admitPatterns } from '../pattern-admission.ts';
import { isPlainObject, readJsonBody } from '../http/body.ts';
import { paging, rangeResult } from '../http/negotiate.ts';
import { parseQuery } from '../parse/query.ts';
import { cachedRead } from '../read-cache.ts';
import type { Relation } from '../schema-cache.ts';
import { buildRead, type BuildContext, type ReadStatement } from '../sql/read.ts';
import { Sql } from '../sql/sql.ts';
import { buildDelete, buildInsert, buildUpdate, insertColumns, type Returning } from '../sql/write.ts';
import { JSON_TYPE, OBJECT_TYPE, maxAffectedExceeded, maxAffectedOf, notSingle, reader, rollsBack, writer, preferenceApplied, singleObject, type Reply, type RequestScope } from './scope.ts';

type Row = { body: string | null; n: number | string; total?: number | string | null; location?: string | null; inserted?: number | string | null };

export function findRelation(scope: RequestScope, table: string): Relation {
  const rel = scope.snap.relations.get(table);
  if (!rel) {
    throw new RestError(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);
  }
  return rel;
}

/** GET/HEAD/POST/PATCH/DELETE on /rest/v1/{table}. */
export async function handleTable(scope: RequestScope, table: string): Promise<Reply> {
  const rel = findRelation(scope, table);

  if (scope.method === 'GET' || scope.method === 'HEAD') {
    const range = requestHeader(scope.c, 'range');
    // Everything the statement is built from: the table and query, the range, count, nulls and CSV.
    const key = `${table}?${scope.search}|${range ?? ''}|${scope.prefs.count ?? ''}|${scope.media.stripNulls}|${scope.media.csv ?? false}`;
    const { stmt, page } = cachedRead(scope.snap, key, () => {
      const q = parseQuery(new URLSearchParams(scope.search));
      const root = q.levels.get('')!;
      const page = paging(root.limit, root.offset, range);
      const bctx: BuildContext = { snap: scope.snap, sql: new Sql(), levels: q.levels, usedPaths: new Set(), aggregates: scope.ctx.config.REST_AGGREGATES_ENABLED };
      const stmt = buildRead(bctx, {
        from: `"public".${quoteRel(rel)}`,
        rel,
        select: q.select,
        paging: page,
        count: Boolean(scope.prefs.count),
        stripNulls: scope.media.stripNulls,
        csv: scope.media.csv,
      });
      return { stmt, page };
    });
    admitPatterns(stmt, scope.ctx.db.kind, scope.auth.role);
    const row = await statementAsCaller(scope.ctx.db, reader(scope), stmt);
    return readReply(scope, row, page.offset);
  }

  assertWritable(rel, scope.method);
  const q = parseQuery(new URLSearchParams(scope.search));
  const bctx: BuildContext = { snap: scope.snap, sql: new Sql(), levels: q.levels, usedPaths: new Set(), aggregates: scope.ctx.config.REST_AGGREGATES_ENABLED };
  const root = q.levels.get('')!;

  if (root.limit !== undefined || root.offset !== undefined) {
    throw parseError('limit and offset are not supported on writes', 'Filter the rows to change with column filters instead.');
  }
  if ((scope.method === 'PATCH' || scope.method === 'DELETE') && root.filters.length === 0) {
    // Supabase runs PostgREST with pg-safeupdate: a filterless PATCH or DELETE is refused.
    throw new RestError(400, '21000', `${scope.method === 'PATCH' ? 'UPDATE' : 'DELETE'} requires a WHERE clause`, null, 'Add a filter such as ?id=eq.1; to change every row, filter on a column that matches them all.');
  }
  const returning: Returning = {
    representation: scope.prefs.return === 'representation',
    select: q.select,
    stripNulls: scope.media.stripNulls,
  };

  let stmt: ReadStatement;
  let rowCount = 1;
  if (scope.method === 'POST') {
    const body = await readJsonBody(scope.c);
    const rows = Array.isArray(body.value) ? body.value : [body.value];
    if (!rows.every(isPlainObject)) throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'Send a JSON object or an array of objects.');
    if (rows.length === 0) return writeReply(scope, { body: '[]', n: 0 }, 201, rel);
    rowCount = rows.length;
    const columns = insertColumns(rel, rows as Record<string, unknown>[], q.columns);
    stmt = buildInsert(bctx, {
      rel,
      body: Array.isArray(body.value) ? body.text : `[${body.text}]`,
      columns,
      prefs: scope.prefs,
      onConflict: q.onConflict,
      returning,
    });
  } else if (scope.method === 'PATCH') {
    const body = await readJsonBody(scope.c);
    if (!isPlainObject(body.value)) throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'PATCH takes one JSON object.');
    const columns = q.columns ?? Object.keys(body.value);
    stmt = buildUpdate(bctx, { rel, body: body.text, columns, returning });
  } else {
    stmt = buildDelete(bctx, rel, returning);
  }

  admitPatterns(stmt, scope.ctx.db.kind, scope.auth.role);
  const caller = writer(scope, { table }, rowCount);
  const maxAffected = maxAffectedOf(scope);
  const needsCheck = scope.media.single || maxAffected !== undefined;
  if (!needsCheck) {
    return writeReply(scope, await statementAsCaller(scope.ctx.db, caller, stmt, 'location'), scope.method === 'POST' ? 201 : 200, rel);
  }
  const row = await runAsCaller(scope.ctx.db, caller, async (tx) => {
    const r = (await tx.query<Row>(stmt.text, stmt.params)).rows[0]!;
    const n = Number(r.n);
    // Throwing here rolls the write back, as PostgREST does for these refusals.
    if (scope.media.single && n !== 1) throw notSingle(n);
    if (maxAffected !== undefined && n > maxAffected) throw maxAffectedExceeded(n);
    return r;
  });
  return writeReply(scope, row, scope.method === 'POST' ? 201 : 200, rel);
}

/** A write Postgres cannot carry out on this relation (a joining view) is the request's fault: 405, not 500. */
function assertWritable(rel: Relation, method: string): void {
  const verb = method === 'POST' ? 'insert' : method === 'PATCH' ? 'update' : 'delete';
  if (rel.writable[verb]) return;
  const action = verb === 'insert' ? 'insert into' : verb === 'delete' ? 'delete from' : 'update';
  throw new RestError(405, '55000', `cannot ${action} ${rel.kind} "${rel.name}"`, null, `"${rel.name}" is read-only: ${verb === 'update' ? 'update' : verb} the table it reads from instead.`);
}

function quoteRel(rel: Relation): string {
  return `"${rel.name.replace(/"/g, '""')}"`;
}

function readReply(scope: RequestScope, row: Row, offset: number): Reply {
  const n = Number(row.n);
  const total = row.total === undefined || row.total === null ? undefined : Number(row.total);
  const { status, contentRange } = rangeResult(offset, n, total);
  const headers: Record<string, string> = {
    'Content-Type': scope.media.single ? OBJECT_TYPE : JSON_TYPE,
    'Content-Range': contentRange,
    ...preferenceApplied(scope.prefs, ['count']),
  };
  if (scope.media.csv) return { status, body: row.body!, headers: { ...headers, 'Content-Type': 'text/csv; charset=utf-8' } };
  const body = scope.media.single ? singleObject(row.body!, n) : row.body!;
  return { status: scope.media.single ? 200 : status, body, headers };
}

function writeReply(scope: RequestScope, row: Row, okStatus: number, rel: Relation): Reply {
  const n = Number(row.n);
  // An upsert that inserted nothing, only updated, created nothing: 200, as PostgREST 12 answers.
  const onlyUpdated = scope.method === 'POST' && scope.prefs.resolution === 'merge-duplicates' && n > 0 && row.inserted !== undefined && row.inserted !== null && Number(row.inserted) === 0;
  const counted = scope.prefs.count ? String(n) : '*';
  const headers: Record<string, string> = {
    'Content-Range': scope.method === 'POST' || n === 0 ? `*/${counted}` : `0-${n - 1}/${counted}`,
    ...preferenceApplied(scope.prefs, ['return', 'count', 'resolution', 'missing'], rollsBack(scope)),
  };
  if (row.location && scope.prefs.return === 'headers-only') {
    const pk = JSON.parse(row.location) as Record<string, unknown>;
    const query = Object.entries(pk).map(([k, v]) => `${encodeURIComponent(k)}=eq.${encodeURIComponent(String(v))}`).join('&');
    headers['Location'] = `/${rel.name}?${query}`;
  }
  if (scope.prefs.return !== 'representation') return { status: onlyUpdated ? 200 : okStatus === 201 ? 201 : 204, body: null, headers };
  headers['Content-Type'] = scope.media.single ? OBJECT_TYPE : JSON_TYPE;
  return { status: onlyUpdated ? 200 : okStatus, body: scope.media.single ? singleObject(row.body!, n) : row.body!, headers };
}
