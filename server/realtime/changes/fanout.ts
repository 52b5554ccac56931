import type { Database } from '../../db/database.ts';
import { classifyPostgresFailure } from '../../db/unavailable.ts';
import type { ApiRole } from '../../security/jwt.ts';
import { asCaller } from '../../security/request-auth.ts';
import type { Filter } from './params.ts';
import { keyOf, type ChangeSubscriber, type Subscription, type SubscriptionRegistry } from './subscriptions.ts';
import type { TableCatalog } from './tables.ts';
import { visibilityQuery, type CapturedChange, type VisibleRow } from './visibility-sql.ts';

export interface FanoutDeps {
  db: Database;
  catalog: TableCatalog;
  registry: SubscriptionRegistry;
  /** Ends the channels whose token expired and cuts off those whose session ended; before each batch. */
  guard(subscribers: Set<ChangeSubscriber>): Promise<void>;
  /** A record larger than this goes out as Supabase sends it: its small values and an error. */
  maxRecordBytes: number;
  log(line: string): void;
  /** Counts the RLS statements run (one per table and claim set and batch). */
  counted(): void;
  /** The subscriber's role's statement_timeout (security/caller.ts): RLS and filter checks run under it. */
  statementTimeout(role: ApiRole): string | null;
  /** One message of a change was sent (the delivery-lag metric). */
  delivered?(committedAt: string): void;
}

/** Filter lists checked by one statement; more (a thousand visitors each on their own project) take several. */
const FILTER_LISTS_PER_STATEMENT = 100;
/**
 * Waits before asking again when the database could not be reached (a restart, a failover: the
 * pool's connection broke): about 5 s in all, like the cluster's retry window. A statement that
 * timed out or failed on its own is not asked again.
 */
const RECONNECT_DELAYS_MS = [100, 250, 500, 1000, 1500, 1500] as const;

/** The subscriptions of one table that share one claim set, and what their statements found. */
interface ClaimGroup {
  subs: Subscription[];
  /** The subscriptions watching one row (`<key>=eq.<value>`, Subscription.pkEq), by that value. */
  byKey: Map<string, Subscription[]>;
  /** The others (no filter, or one the statement evaluates). */
  others: Subscription[];
  /** Column selections (selectKey) and filter lists (filterKey), each with its index. */
  variants: Map<string, number>;
  filterLists: Map<string, number>;
  columnsJson: string[];
  rows: Map<string, VisibleRow>;
}

const wants = (s: Subscription, op: CapturedChange['op']) => s.event === '*' || s.event === op;

/** A change's primary key value in Subscription.pkEq's form (from its old identity for a DELETE, as filters are). */
function changeKey(change: CapturedChange, keys: Map<string, string | undefined>, column: string): string | undefined {
  if (keys.has(change.seq)) return keys.get(change.seq);
  const key = keyOf(change.op === 'DELETE' ? change.old : change.pk, column);
  keys.set(change.seq, key);
  return key;
}

/**
 * Delivers a batch of captured changes, in commit order, to every subscriber whose claims may
 * select the row. One statement per table and distinct claim set checks the whole batch (so a
 * thousand visitors holding the same anon key cost one query per batch), then each change goes
 * out in seq order to each channel once, with the ids of its bindings that match. A binding that
 * watches one row by its key (`id=eq.<value>`) is matched to the change's key here, without a
 * filter in the statement; the statement still decides whether its claims may see the row.
 */
export async function fanOut(deps: FanoutDeps, changes: readonly CapturedChange[]): Promise<void> {
  const byTable = new Map<number, CapturedChange[]>();
  for (const c of changes) {
    let list = byTable.get(c.relid);
    if (!list) byTable.set(c.relid, (list = []));
    list.push(c);
  }

  // Per table, per claim set: the subscriptions that may receive something of this batch.
  const keys = new Map<string, string | undefined>();
  const keyColumns = new Map<number, string>();
  const groups = new Map<number, Map<string, ClaimGroup>>();
  const involved = new Set<ChangeSubscriber>();
  for (const [oid, list] of byTable) {
    const ops = new Set(list.map((c) => c.op));
    const byClaims = new Map<string, ClaimGroup>();
    /** The keys this batch changed on the table, with their operations. */
    let touched: Map<string, CapturedChange['op'][]> | undefined;
    for (const s of deps.registry.forTable(oid)) {
      if (!(s.event === '*' ? true : ops.has(s.event))) continue;
      if (s.pkEq !== undefined) {
        if (!touched) {
          const column = s.filters[0]!.column;
          keyColumns.set(oid, column);
          touched = new Map();
          for (const c of list) {
            const key = changeKey(c, keys, column);
            if (key !== undefined) touched.set(key, [...(touched.get(key) ?? []), c.op]);
          }
        }
        if (!touched.get(s.pkEq)?.some((op) => wants(s, op))) continue;
      }
      let group = byClaims.get(s.subscriber.auth.key);
      if (!group) {
        group = { subs: [], byKey: new Map(), others: [], variants: new Map(), filterLists: new Map(), columnsJson: [], rows: new Map() };
        byClaims.set(s.subscriber.auth.key, group);
      }
      group.subs.push(s);
      involved.add(s.subscriber);
      if (!group.variants.has(s.selectKey)) group.variants.set(s.selectKey, group.variants.size);
      if (s.pkEq !== undefined) {
        const bucket = group.byKey.get(s.pkEq);
        if (bucket) bucket.push(s);
        else group.byKey.set(s.pkEq, [s]);
        continue;
      }
      group.others.push(s);
      if (s.filterKey && !group.filterLists.has(s.filterKey)) group.filterLists.set(s.filterKey, group.filterLists.size);
    }
    if (byClaims.size) groups.set(oid, byClaims);
  }
  if (involved.size === 0) return;
  await deps.guard(involved);

  const candidates = (group: ClaimGroup, change: CapturedChange): Subscription[] => {
    const column = keyColumns.get(change.relid);
    const key = column === undefined ? undefined : changeKey(change, keys, column);
    const watching = key === undefined ? undefined : group.byKey.get(key);
    if (!watching) return group.others;
    if (group.others.length === 0) return watching;
    // Both kinds: in the order the bindings were made, as a channel lists its binding ids.
    const order = new Map(group.subs.map((s, i) => [s, i]));
    return [...group.others, ...watching].sort((a, b) => order.get(a)! - order.get(b)!);
  };

  for (const [oid, byClaims] of groups) {
    const list = byTable.get(oid)!;
    for (const group of byClaims.values()) {
      const wanted = list.filter((c) => candidates(group, c).some((s) => wants(s, c.op)));
      if (wanted.length) await runGroup(deps, oid, wanted, group);
    }
  }

  for (const change of changes) {
    for (const group of groups.get(change.relid)?.values() ?? []) {
      const row = group.rows.get(change.seq);
      if (!row) continue;
      // One message per channel and column selection, naming every binding it satisfies.
      const ids = new Map<ChangeSubscriber, Map<number, number[]>>();
      for (const s of candidates(group, change)) {
        if (!wants(s, change.op) || s.subscriber.state !== 'joined' || s.subscriber.revoked) continue;
        if (s.filterKey && s.pkEq === undefined && !row.passes[group.filterLists.get(s.filterKey)!]) continue;
        let byVariant = ids.get(s.subscriber);
        if (!byVariant) ids.set(s.subscriber, (byVariant = new Map()));
        const variant = group.variants.get(s.selectKey)!;
        const list = byVariant.get(variant) ?? [];
        if (!list.includes(s.id)) list.push(s.id);
        byVariant.set(variant, list);
      }
      const data = new Map<number, string>();
      for (const [subscriber, byVariant] of ids) {
        for (const [variant, bindingIds] of byVariant) {
          if (!data.has(variant)) data.set(variant, changeData(change, group.columnsJson[variant]!, row.records[variant]!, row.olds[variant]!, deps.maxRecordBytes));
          subscriber.pushChange(`{"ids":${JSON.stringify(bindingIds)},"data":${data.get(variant)}}`);
          deps.delivered?.(change.committedAt);
        }
      }
    }
  }
}

async function runGroup(deps: FanoutDeps, oid: number, wanted: CapturedChange[], group: ClaimGroup): Promise<void> {
  const { auth } = group.subs[0]!.subscriber;
  const view = await deps.catalog.view(auth.role, oid);
  if (!view) return;
  const variants = [...group.variants.keys()].map((key) => (key ? (JSON.parse(key) as string[]) : null));
  const filterLists = [...group.filterLists.keys()].map((key) => JSON.parse(key) as Filter[]);
  for (let attempt = 0; ; attempt++) {
    try {
      await checkGroup(deps, view, variants, filterLists, wanted, group);
      return;
    } catch (err) {
      // The database went away under us: the change is committed, so ask again once it is back.
      const unreachable = classifyPostgresFailure(err)?.reason === 'down';
      if (unreachable && attempt < RECONNECT_DELAYS_MS.length) {
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_DELAYS_MS[attempt]));
        continue;
      }
      // A table changed under us, or a policy failed: these subscribers miss this batch, nobody else.
      deps.catalog.reload();
      deps.log(`realtime: could not check changes of ${view.sql} for role ${auth.role}: ${(err as Error).message}`);
      return;
    }
  }
}

/** The visibility statements of one claim group (100 filter lists each), their rows kept in `group`. */
async function checkGroup(
  deps: FanoutDeps,
  view: NonNullable<Awaited<ReturnType<TableCatalog['view']>>>,
  variants: Array<string[] | null>,
  filterLists: Filter[][],
  wanted: CapturedChange[],
  group: ClaimGroup,
): Promise<void> {
  const { auth } = group.subs[0]!.subscriber;
  for (let offset = 0; offset === 0 || offset < filterLists.length; offset += FILTER_LISTS_PER_STATEMENT) {
    const query = visibilityQuery(view, variants, filterLists.slice(offset, offset + FILTER_LISTS_PER_STATEMENT), wanted);
    group.columnsJson = query.columns.map((c) => JSON.stringify(c));
    deps.counted();
    const { rows } = await asCaller(deps.db, auth, (tx) => tx.query<Record<string, unknown>>(query.text, query.values), {
      readOnly: true,
      statementTimeout: deps.statementTimeout(auth.role),
    });
    for (const row of rows) {
      const visible = query.read(row);
      const known = group.rows.get(visible.seq);
      if (known) visible.passes.forEach((pass, i) => (known.passes[offset + i] = pass));
      else group.rows.set(visible.seq, { ...visible, passes: [...Array<boolean>(offset).fill(false), ...visible.passes] });
    }
  }
}

/** The `data` of a postgres_changes message, with the row JSON passed through untouched. */
function changeData(change: CapturedChange, columnsJson: string, record: string | null, old: string | null, maxRecordBytes: number): string {
  const s = JSON.stringify;
  const errors: string[] = [];
  const fit = (json: string | null) => {
    if (json === null || Buffer.byteLength(json) <= maxRecordBytes) return json;
    errors.push('Error 413: Payload Too Large');
    return smallValuesOnly(json);
  };
  const recordJson = change.op === 'DELETE' ? null : fit(record);
  const oldJson = change.op === 'INSERT' ? null : fit(old ?? '{}');
  let data = `{"schema":${s(change.schema)},"table":${s(change.table)},"commit_timestamp":${s(change.committedAt)},"type":${s(change.op)},"columns":${columnsJson}`;
  if (change.op !== 'DELETE') data += `,"record":${recordJson}`;
  if (change.op !== 'INSERT') data += `,"old_record":${oldJson}`;
  return `${data},"errors":${errors.length ? s([...new Set(errors)]) : 'null'}}`;
}

/** What Supabase keeps of a record over the size limit: the values of at most 64 bytes. */
function smallValuesOnly(json: string): string {
  const record = JSON.parse(json) as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (Buffer.byteLength(JSON.stringify(value)) <= 64) kept[key] = value;
  }
  return JSON.stringify(kept);
}
