import type { Database } from '../../db/database.ts';
import type { ApiRole } from '../../security/jwt.ts';
import { asCaller } from '../../security/request-auth.ts';
import type { Filter } from './params.ts';
import type { ChangeSubscriber, Subscription, SubscriptionRegistry } from './subscriptions.ts';
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

/** The subscriptions of one table that share one claim set, and what their statements found. */
interface ClaimGroup {
  subs: Subscription[];
  /** Column selections (selectKey) and filter lists (filterKey), each with its index. */
  variants: Map<string, number>;
  filterLists: Map<string, number>;
  columnsJson: string[];
  rows: Map<string, VisibleRow>;
}

const wants = (s: Subscription, op: CapturedChange['op']) => s.event === '*' || s.event === op;

/**
 * Delivers a batch of captured changes, in commit order, to every subscriber whose claims may
 * select the row. One statement per table and distinct claim set checks the whole batch (so a
 * thousand visitors holding the same anon key cost one query per batch), then each change goes
 * out in seq order to each channel once, with the ids of its bindings that match.
 */
export async function fanOut(deps: FanoutDeps, changes: readonly CapturedChange[]): Promise<void> {
  const byTable = new Map<number, CapturedChange[]>();
  for (const c of changes) {
    let list = byTable.get(c.relid);
    if (!list) byTable.set(c.relid, (list = []));
    list.push(c);
  }

  const involved = new Set<ChangeSubscriber>();
  for (const [oid, list] of byTable) {
    for (const s of deps.registry.forTable(oid)) if (list.some((c) => wants(s, c.op))) involved.add(s.subscriber);
  }
  if (involved.size === 0) return;
  await deps.guard(involved);

  // Per table, per claim set: one statement for the batch.
  const groups = new Map<number, Map<string, ClaimGroup>>();
  for (const [oid, list] of byTable) {
    const byClaims = new Map<string, ClaimGroup>();
    for (const s of deps.registry.forTable(oid)) {
      if (!list.some((c) => wants(s, c.op))) continue;
      let group = byClaims.get(s.subscriber.auth.key);
      if (!group) byClaims.set(s.subscriber.auth.key, (group = { subs: [], variants: new Map(), filterLists: new Map(), columnsJson: [], rows: new Map() }));
      group.subs.push(s);
      if (!group.variants.has(s.selectKey)) group.variants.set(s.selectKey, group.variants.size);
      if (s.filterKey && !group.filterLists.has(s.filterKey)) group.filterLists.set(s.filterKey, group.filterLists.size);
    }
    for (const group of byClaims.values()) await runGroup(deps, oid, list, group);
    groups.set(oid, byClaims);
  }

  for (const change of changes) {
    for (const group of groups.get(change.relid)?.values() ?? []) {
      const row = group.rows.get(change.seq);
      if (!row) continue;
      // One message per channel and column selection, naming every binding it satisfies.
      const ids = new Map<ChangeSubscriber, Map<number, number[]>>();
      for (const s of group.subs) {
        if (!wants(s, change.op) || s.subscriber.state !== 'joined' || s.subscriber.revoked) continue;
        if (s.filterKey && !row.passes[group.filterLists.get(s.filterKey)!]) continue;
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

async function runGroup(deps: FanoutDeps, oid: number, list: CapturedChange[], group: ClaimGroup): Promise<void> {
  const { auth } = group.subs[0]!.subscriber;
  const view = await deps.catalog.view(auth.role, oid);
  if (!view) return;
  const wanted = list.filter((c) => group.subs.some((s) => wants(s, c.op)));
  const variants = [...group.variants.keys()].map((key) => (key ? (JSON.parse(key) as string[]) : null));
  const filterLists = [...group.filterLists.keys()].map((key) => JSON.parse(key) as Filter[]);
  try {
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
  } catch (err) {
    // A table changed under us, or a policy failed: these subscribers miss this batch, nobody else.
    deps.catalog.reload();
    deps.log(`realtime: could not check changes of ${view.sql} for role ${auth.role}: ${(err as Error).message}`);
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
