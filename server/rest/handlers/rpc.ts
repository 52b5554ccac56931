import { requestHeader } from '../../http/node-request.ts';
import { RestError } from '../errors.ts';
import { runAsCaller, statementAsCaller } from '../execute.ts';
import { admitPatterns } from '../pattern-admission.ts';
import { countRead } from '../read-limits.ts';
import { clientLimitKey } from '../../http/client-ip.ts';
import { isPlainObject, readJsonBody } from '../http/body.ts';
import { paging, rangeResult } from '../http/negotiate.ts';
import { parseQuery } from '../parse/query.ts';
import { buildRead, renderTail, type BuildContext } from '../sql/read.ts';
import { resolveRoutine, resultRelation, routineCall, takesWholeBody } from '../sql/rpc.ts';
import { Sql } from '../sql/sql.ts';
import { JSON_TYPE, OBJECT_TYPE, maxAffectedExceeded, maxAffectedOf, preferenceApplied, reader, writer, singleObject, type Reply, type RequestScope } from './scope.ts';

type Row = { body: string | null; n: number | string; total?: number | string | null };

/** POST (and GET/HEAD for stable functions) on /rest/v1/rpc/{fn}. */
export async function handleRpc(scope: RequestScope, name: string): Promise<Reply> {
  if (scope.media.csv) throw new RestError(406, 'PGRST107', 'None of these media types are available: text/csv');
  const overloads = scope.snap.functions.get(name) ?? [];
  const read = scope.method === 'GET' || scope.method === 'HEAD';
  const argNames = new Set(read ? overloads.flatMap((f) => f.args.map((a) => a.name)).filter(Boolean) : []);
  const q = parseQuery(new URLSearchParams(scope.search), argNames);

  let args: Record<string, unknown> | string;
  let keys: string[];
  let bodyIsObject = true;
  if (read) {
    args = Object.fromEntries(q.args);
    keys = Object.keys(args);
  } else {
    const body = await readJsonBody(scope.c, '{}');
    bodyIsObject = isPlainObject(body.value);
    args = bodyIsObject ? (body.value as Record<string, unknown>) : body.text;
    keys = bodyIsObject ? Object.keys(body.value as object) : [];
  }
  const fn = resolveRoutine(scope.snap, name, keys);
  countRead(scope.ctx.readCounts, scope.ctx.config, scope.auth, clientLimitKey(scope.c, scope.ctx.config.TRUST_PROXY), name);
  const whole = takesWholeBody(fn) && !(bodyIsObject && keys.length > 0 && fn.args.some((a) => keys.includes(a.name)));
  if (!bodyIsObject && !whole) {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', `public.${name} takes named arguments: send a JSON object.`);
  }

  const sql = new Sql();
  const { from, call } = routineCall(sql, fn, whole && !read && bodyIsObject ? JSON.stringify(args) : args, whole);
  const root = q.levels.get('')!;
  const page = paging(root.limit, root.offset, read ? requestHeader(scope.c, 'range') : undefined);
  const readOnly = read || fn.volatility !== 'v';
  const caller = readOnly ? reader(scope) : writer(scope, { rpc: name });

  let text: string;
  let params: unknown[];
  if (fn.returnKind === 'composite') {
    const bctx: BuildContext = { snap: scope.snap, sql, levels: q.levels, usedPaths: new Set(), aggregates: scope.ctx.config.REST_AGGREGATES_ENABLED };
    const stmt = buildRead(bctx, {
      from: `${from}${call}`,
      rel: resultRelation(scope.snap, fn),
      select: q.select,
      paging: page,
      count: Boolean(scope.prefs.count),
      stripNulls: scope.media.stripNulls,
    });
    admitPatterns(stmt, scope.ctx.db.kind, scope.auth.role);
    ({ text, params } = stmt);
  } else {
    if (q.hasSelect || root.filters.length || root.order.length || q.levels.size > 1) {
      throw new RestError(400, 'PGRST100', `public.${name} returns a ${fn.returnKind === 'void' ? 'void' : 'scalar'} value: select, filters and order do not apply`);
    }
    if (fn.returnKind === 'void') {
      text = `select null::text as body, count(*)::int8 as n from ${from}${call} as t0`;
    } else if (!fn.returnsSet) {
      text = `select (select to_json(t0.v)::text from ${from}${call} as t0(v)) as body, 1::int8 as n`;
    } else {
      const bctx: BuildContext = { snap: scope.snap, sql, levels: q.levels, usedPaths: new Set(), aggregates: scope.ctx.config.REST_AGGREGATES_ENABLED };
      const tail = renderTail(bctx, { columns: [], outputs: [], groupBy: null, where: [], order: '' }, page);
      const total = scope.prefs.count ? `, (select count(*) from ${from}${call} as t0(v))::int8 as total` : '';
      text = `select coalesce(json_agg(_s.v), '[]')::text as body, count(*)::int8 as n${total} from (select t0.v from ${from}${call} as t0(v)${tail}) as _s`;
    }
    params = sql.params;
  }

  const maxAffected = maxAffectedOf(scope);
  const row: Row =
    maxAffected === undefined
      ? await statementAsCaller(scope.ctx.db, caller, { text, params, planEachTime: sql.planEachTime })
      : await runAsCaller(scope.ctx.db, caller, async (tx) => {
          const r = (await tx.query<Row>(text, params)).rows[0]!;
          // Throwing here rolls back whatever the function wrote, as PostgREST does.
          if (Number(r.n) > maxAffected) throw maxAffectedExceeded(Number(r.n));
          return r;
        });
  const n = Number(row.n);
  if (fn.returnKind === 'void') return { status: 204, body: null, headers: {} };
  if (!fn.returnsSet) {
    // One value, or one row: counted as one (or none), as PostgREST's Content-Range says.
    const body = fn.returnKind === 'scalar' ? (row.body ?? 'null') : n === 1 ? row.body!.slice(1, -1) : 'null';
    const counted = fn.returnKind === 'scalar' ? 1 : n;
    const contentRange = `${counted === 0 ? '*' : '0-0'}/${scope.prefs.count ? counted : '*'}`;
    return {
      status: 200,
      body,
      headers: { 'Content-Type': JSON_TYPE, 'Content-Range': contentRange, ...preferenceApplied(scope.prefs, ['count'], caller.rollback) },
    };
  }
  const total = row.total === undefined || row.total === null ? undefined : Number(row.total);
  const { status, contentRange } = rangeResult(page.offset, n, total);
  return {
    status: scope.media.single ? 200 : status,
    body: scope.media.single ? singleObject(row.body!, n) : row.body!,
    headers: {
      'Content-Type': scope.media.single ? OBJECT_TYPE : JSON_TYPE,
      'Content-Range': contentRange,
      ...preferenceApplied(scope.prefs, ['count'], caller.rollback),
    },
  };
}
