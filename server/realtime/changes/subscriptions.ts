import type { Database, Queryable } from '../../db/database.ts';
import type { ApiRole } from '../../security/jwt.ts';
import { asCaller } from '../../security/request-auth.ts';
import type { ChannelAuth } from '../tokens.ts';
import { filterProblem } from './filter-sql.ts';
import { parseChangeParams, type ChangeEvent, type ChangeParams, type Filter } from './params.ts';
import type { TableCatalog, TableView } from './tables.ts';

/** A channel as the change fan-out sees it. */
export interface ChangeSubscriber {
  readonly state: 'joined' | 'closed';
  /** Its token's session is gone: it receives nothing more. */
  readonly revoked: boolean;
  readonly auth: ChannelAuth;
  pushChange(payloadJson: string): void;
}

/** One binding of one channel on one table. */
export interface Subscription {
  /** The binding's id, as the join reply gave it to the client. */
  id: number;
  subscriber: ChangeSubscriber;
  event: ChangeEvent;
  tableOid: number;
  filters: Filter[];
  /** Equal for equal filter lists ('' for none), so a claim set's query checks each list once. */
  filterKey: string;
  /**
   * When the filter is only `<primary key>=eq.<value>`: the value as the key's JSON text renders it
   * (see pkEqKey), so the fan-out matches it against each change's key itself rather than in SQL
   * (RLS is still checked by the claim set's statement).
   */
  pkEq?: string;
  select: string[] | null;
  selectKey: string;
}

/** A binding to validate: the client's params and the id the join gives it. */
export interface Binding {
  id: number;
  params: Record<string, unknown>;
}

export type SubscribeResult = { ok: true; subscriptions: Subscription[] } | { ok: false; error: string };

/** Supabase's rendering of a subscription's params in its error messages. */
function describe(p: ChangeParams): string {
  const filters = `[${p.filters.map((f) => `{${JSON.stringify(f.column)}, ${JSON.stringify(f.op)}, ${JSON.stringify(f.value)}, ${f.negate}}`).join(', ')}]`;
  const select = p.select ? `[${p.select.map((c) => JSON.stringify(c)).join(', ')}]` : 'nil';
  return `event: ${p.event}, schema: ${p.schema}, table: ${p.table}, filters: ${filters}, select: ${select}`;
}

const notEnabled = (p: ChangeParams) =>
  `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${describe(p)}]`;
const failed = (p: ChangeParams, why: string) =>
  `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${describe(p)}]. Exception: ${why}`;

/**
 * Checks a channel's postgres_changes bindings for its role, as Supabase checks them when it
 * records a subscription: the table must be in the supabase_realtime publication (and captured),
 * the role must be able to select its primary key, and every filter and selected column must be
 * a column the role can select, with a value of the column's type. All bindings or none.
 */
export async function buildSubscriptions(
  db: Database,
  catalog: TableCatalog,
  subscriber: ChangeSubscriber,
  bindings: readonly Binding[],
  statementTimeout: (role: ApiRole) => string | null,
): Promise<SubscribeResult> {
  // The filter checks run as the subscriber, under its role's statement timeout, like its changes.
  const asSubscriber: Queryable = {
    query: (sql, values) =>
      asCaller(db, subscriber.auth, (tx) => tx.query(sql, values), { readOnly: true, statementTimeout: statementTimeout(subscriber.auth.role) }) as never,
    exec: () => Promise.reject(new Error('not for filter checks')),
  };
  const subscriptions: Subscription[] = [];
  for (const binding of bindings) {
    const parsed = parseChangeParams(binding.params);
    if (!parsed.ok) return parsed;
    const p = parsed.value;
    const schema = p.schema === '*' ? 'public' : p.schema;
    const tables = schema === 'public' ? await catalog.published(schema, p.table) : [];
    if (tables.length === 0) return { ok: false, error: notEnabled(p) };
    // `table: '*'` means the published tables this role may read: the others are skipped, not
    // refused (a visitor's wildcard must not fail because users' own notifications are published).
    const wildcard = p.table === '*';
    const before = subscriptions.length;
    for (const table of tables) {
      if (!table.hasPrimaryKey) {
        if (wildcard) continue;
        return { ok: false, error: failed(p, `table ${table.name} has no primary key`) };
      }
      if (!table.captured) {
        if (wildcard) continue;
        return { ok: false, error: notEnabled(p) };
      }
      const view = await catalog.view(subscriber.auth.role, table.oid);
      if (!view) {
        if (wildcard) continue;
        return { ok: false, error: notEnabled(p) };
      }
      const problem = await tableProblem(asSubscriber, view, p);
      if (problem && wildcard) continue;
      if (problem) return { ok: false, error: failed(p, problem) };
      const pkEq = pkEqKey(view, p.filters);
      subscriptions.push({
        ...(pkEq === undefined ? {} : { pkEq }),
        id: binding.id,
        subscriber,
        event: p.event,
        tableOid: table.oid,
        filters: p.filters,
        filterKey: p.filters.length ? JSON.stringify(p.filters) : '',
        select: p.select,
        selectKey: p.select ? JSON.stringify([...p.select].sort()) : '',
      });
    }
    if (wildcard && subscriptions.length === before) return { ok: false, error: notEnabled(p) };
  }
  return { ok: true, subscriptions };
}

/** Types whose values pkEqKey can write in the one form to_jsonb gives them. */
const UUID = /^[0-9a-f]{32}$/;
const INTEGER = /^[+-]?\d+$/;

/**
 * The canonical JSON text of the value of a filter list that is only `<single-column primary
 * key>=eq.<value>` on a uuid or integer key (the common "watch this one row"), or undefined when
 * the filter is anything else or its value's canonical form is not certain here (it then goes to
 * SQL as before). The value has already been checked to cast to the column's type.
 */
export function pkEqKey(view: TableView, filters: readonly Filter[]): string | undefined {
  if (filters.length !== 1 || view.pk.length !== 1) return undefined;
  const [f] = filters as [Filter];
  const key = view.pk[0]!;
  if (f.op !== 'eq' || f.negate || f.column !== key.name) return undefined;
  const value = f.value.trim();
  if (key.sqlType === 'uuid') {
    const hex = value.replace(/^\{(.*)\}$/, '$1').replaceAll('-', '').toLowerCase();
    if (!UUID.test(hex)) return undefined;
    return JSON.stringify(`${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`);
  }
  if (key.sqlType === 'integer' || key.sqlType === 'smallint' || key.sqlType === 'bigint') {
    if (!INTEGER.test(value)) return undefined;
    const n = BigInt(value);
    return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? n.toString() : undefined;
  }
  return undefined;
}

/**
 * The JSON text of the single-column key `column` in a change's key or old identity (JSON object
 * text as Postgres writes it), or undefined when it is not there.
 */
export function keyOf(json: string | null, column: string): string | undefined {
  if (json === null) return undefined;
  const value = (JSON.parse(json) as Record<string, unknown>)[column];
  if (typeof value === 'string') return JSON.stringify(value);
  // A number past 2^53 has lost digits in JSON.parse: no fast-path key (those are safe integers) equals it.
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return undefined;
}

async function tableProblem(db: Queryable, view: TableView, p: ChangeParams): Promise<string | undefined> {
  if (view.pk.some((c) => !c.selectable)) return `permission denied for table ${view.name}`;
  for (const filter of p.filters) {
    const problem = await filterProblem(db, filter, view.columns.find((c) => c.name === filter.column));
    if (problem) return problem;
  }
  for (const name of p.select ?? []) {
    if (!view.columns.some((c) => c.name === name && c.selectable)) return `invalid column for select ${name}`;
  }
  return undefined;
}

/** Every live subscription of this process, by table. */
export class SubscriptionRegistry {
  private readonly byTable = new Map<number, Set<Subscription>>();
  private readonly bySubscriber = new Map<ChangeSubscriber, Subscription[]>();

  /** Replaces whatever the subscriber had. */
  set(subscriber: ChangeSubscriber, subscriptions: Subscription[]): void {
    this.remove(subscriber);
    if (subscriptions.length === 0) return;
    this.bySubscriber.set(subscriber, subscriptions);
    for (const s of subscriptions) {
      let set = this.byTable.get(s.tableOid);
      if (!set) this.byTable.set(s.tableOid, (set = new Set()));
      set.add(s);
    }
  }

  remove(subscriber: ChangeSubscriber): void {
    for (const s of this.bySubscriber.get(subscriber) ?? []) {
      const set = this.byTable.get(s.tableOid);
      set?.delete(s);
      if (set?.size === 0) this.byTable.delete(s.tableOid);
    }
    this.bySubscriber.delete(subscriber);
  }

  forTable(oid: number): Subscription[] {
    return [...(this.byTable.get(oid) ?? [])].filter((s) => s.subscriber.state === 'joined' && !s.subscriber.revoked);
  }

  get size(): number {
    return this.bySubscriber.size;
  }
}
