import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** The parts of the HTTP surface metrics are kept for. */
export const ROUTE_GROUPS = ['rest', 'auth', 'storage', 'functions', 'realtime', 'ops', 'web'] as const;
export type RouteGroup = (typeof ROUTE_GROUPS)[number];

/** The route group of a request path (cheap: a few prefix checks, no allocation). */
export function routeGroupOf(url: string): number {
  if (url.startsWith('/rest/v1')) return 0;
  if (url.startsWith('/auth/v1')) return 1;
  if (url.startsWith('/storage/v1')) return 2;
  if (url.startsWith('/functions/v1')) return 3;
  if (url.startsWith('/realtime/v1')) return 4;
  if (url === '/healthz' || url === '/readyz' || url === '/metrics' || url.startsWith('/ops/v1')) return 5;
  return 6;
}

export interface MetricsSources {
  /** Connections of the Postgres pool (none for PGlite). */
  pool?: () => { total: number; idle: number; waiting: number } | undefined;
  /** Bytes and objects in storage, read at scrape time. */
  storage?: () => Promise<{ bytes: number; objects: number }>;
  /** Free bytes on the disk holding DATA_DIR, as the disk guard last saw them. */
  diskFree?: () => number | undefined;
  /** Realtime's live counters (server/realtime): sockets and channels now, totals since start. */
  realtime?: RealtimeSource;
  /** Scheduled backups (BACKUP_DIR), read at scrape time from the database. */
  backup?: () => Promise<{ lastGoodAt: Date | null; alert: string | null }>;
}

export interface RealtimeSource {
  sockets(): number;
  channels(): number;
  counters: {
    joins: number;
    messagesIn: number;
    messagesOut: number;
    dropped: number;
    refused: Record<'channels' | 'joins' | 'messages' | 'sockets', number>;
    observeLag?: (seconds: number) => void;
  };
}

/** A counter whose value is kept elsewhere (a plain number bumped on a hot path) and read at scrape time. */
function mirror(counter: Counter, value: number): void {
  counter.reset();
  counter.inc(value);
}

type Series = { count: Counter.Internal; seconds: Histogram.Internal<'group' | 'status'> };

/**
 * Prometheus metrics for GET /metrics. Counting a request costs a map lookup by a number and two
 * increments: the labelled series are made once per (group, status) and kept.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'group' | 'status'>;
  private readonly latency: Histogram<'group' | 'status'>;
  private readonly refusals: Counter<'group'>;
  readonly uploadedBytes: Counter;
  private readonly series = new Map<number, Series>();

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by route group and status', labelNames: ['group', 'status'], registers });
    this.latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to the end of the response, by route group and status',
      labelNames: ['group', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.refusals = new Counter({ name: 'rate_limit_refusals_total', help: 'Requests refused by a rate limit (429), by route group', labelNames: ['group'], registers });
    this.uploadedBytes = new Counter({ name: 'storage_uploaded_bytes_total', help: 'Bytes of objects stored through uploads', registers });
    new Gauge({
      name: 'db_pool_connections',
      help: 'Postgres pool connections by state (total, idle, waiting requests)',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = sources.pool?.();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    new Gauge({
      name: 'storage_bytes',
      help: 'Bytes of all stored objects',
      registers,
      async collect() {
        const s = await sources.storage?.().catch(() => undefined);
        if (s) this.set(s.bytes);
      },
    });
    new Gauge({
      name: 'storage_objects',
      help: 'Number of stored objects',
      registers,
      async collect() {
        const s = await sources.storage?.().catch(() => undefined);
        if (s) this.set(s.objects);
      },
    });
    new Gauge({
      name: 'disk_free_bytes',
      help: 'Free bytes on the disk holding DATA_DIR',
      registers,
      collect() {
        const free = sources.diskFree?.();
        if (free !== undefined) this.set(free);
      },
    });
    if (sources.realtime) this.realtimeMetrics(sources.realtime, registers);
    if (sources.backup) {
      const backup = sources.backup;
      new Gauge({
        name: 'backup_last_success_timestamp_seconds',
        help: 'When the last scheduled backup that passed its restore test finished (Unix seconds; 0: none yet)',
        registers,
        async collect() {
          const health = await backup().catch(() => undefined);
          if (health) this.set(health.lastGoodAt ? health.lastGoodAt.getTime() / 1000 : 0);
        },
      });
      new Gauge({
        name: 'backup_alert',
        help: '1 while backups need attention (the last one or its restore test failed, or none is good for a day), else 0',
        registers,
        async collect() {
          const health = await backup().catch(() => undefined);
          if (health) this.set(health.alert ? 1 : 0);
        },
      });
    }
  }

  private realtimeMetrics(source: RealtimeSource, registers: Registry[]): void {
    new Gauge({ name: 'realtime_sockets', help: 'Open realtime WebSocket connections', registers, collect() { this.set(source.sockets()); } });
    new Gauge({ name: 'realtime_channels', help: 'Joined realtime channels', registers, collect() { this.set(source.channels()); } });
    new Counter({ name: 'realtime_joins_total', help: 'Realtime channel joins answered ok', registers, collect() { mirror(this, source.counters.joins); } });
    new Counter({
      name: 'realtime_messages_total',
      help: 'Realtime messages read from clients (in, heartbeats aside) and frames sent to them (out)',
      labelNames: ['direction'],
      registers,
      collect() {
        this.reset();
        this.inc({ direction: 'in' }, source.counters.messagesIn);
        this.inc({ direction: 'out' }, source.counters.messagesOut);
      },
    });
    new Counter({
      name: 'realtime_limit_refusals_total',
      help: 'Realtime requests refused by a limit (channels per socket, joins or messages per second, sockets per IP)',
      labelNames: ['limit'],
      registers,
      collect() {
        this.reset();
        for (const [limit, n] of Object.entries(source.counters.refused)) this.inc({ limit }, n);
      },
    });
    new Counter({ name: 'realtime_dropped_sockets_total', help: 'Realtime sockets dropped for not reading', registers, collect() { mirror(this, source.counters.dropped); } });
    const lag = new Histogram({
      name: 'realtime_delivery_lag_seconds',
      help: 'From a change committing to its postgres_changes message being sent',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    source.counters.observeLag = (seconds) => lag.observe(seconds);
  }

  /** One answered request. */
  observe(group: number, status: number, seconds: number): void {
    const key = group * 1000 + status;
    let s = this.series.get(key);
    if (!s) {
      const labels = { group: ROUTE_GROUPS[group]!, status: String(status) };
      s = { count: this.requests.labels(labels), seconds: this.latency.labels(labels) };
      this.series.set(key, s);
      if (status === 429) this.refusals.inc({ group: labels.group }, 0);
    }
    s.count.inc();
    s.seconds.observe(seconds);
    if (status === 429) this.refusals.inc({ group: ROUTE_GROUPS[group]! });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
