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
      subscriptions.push({
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
