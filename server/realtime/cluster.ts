import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';

/** The NOTIFY channel instances talk on (decision 191). */
const CHANNEL = 'realtime_cluster';
/** NOTIFY payloads are at most 8000 bytes; past this, the message goes through a table row. */
const NOTIFY_BYTES = 7900;
const ALIVE_MS = 10_000;
/** An instance not heard from for this long is gone: its presences leave. */
const DEAD_MS = 35_000;

/** A presence entry as it travels: its topic, key and meta (with the server's phx_ref). */
export interface RemotePresence {
  t: string;
  key: string;
  meta: Record<string, unknown> & { phx_ref: string };
  /** Who tracked it (viewerOf), so every instance counts people alike; absent from older instances. */
  v?: string;
}

/** What instances tell each other. `i` is the sender's id. */
export type ClusterMessage =
  | { k: 'broadcast'; t: string; e: string; j?: string; b?: string; f: boolean }
  | { k: 'track'; p: RemotePresence; prev?: string }
  | { k: 'untrack'; t: string; ref: string }
  | { k: 'hello' }
  | { k: 'state'; entries: RemotePresence[] }
  | { k: 'alive' }
  | { k: 'bye' };

export interface ClusterPeer {
  /** A message from another instance. */
  receive(from: string, message: ClusterMessage): void;
  /** Another instance is gone (said bye, or went silent): its presences leave. */
  lost(instance: string): void;
  /** Every presence this instance tracks, for a new (or reconnected) peer. */
  localPresence(): RemotePresence[];
}

/**
 * Broadcast and presence between server instances on one Postgres database, through Postgres
 * itself: each instance NOTIFYs what its sockets did and LISTENs for the others'. Messages leave
 * in order, batched into as few NOTIFYs as fit (one at a time, so they arrive in order too).
 */
export class Cluster {
  readonly id = randomUUID();
  private readonly queue: ClusterMessage[] = [];
  private flushing: Promise<void> | undefined;
  private readonly seen = new Map<string, number>();
  private unlisten: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Notifications are handled one at a time, in the order they came (a large one reads a row first). */
  private inbound: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly peer: ClusterPeer,
    private readonly log: (line: string) => void,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(
      CHANNEL,
      (payload) => {
        this.inbound = this.inbound.then(() => this.heard(payload));
      },
      // Messages sent while LISTEN was down are gone: ask everyone for their presences again.
      () => this.publish({ k: 'hello' }),
    );
    this.publish({ k: 'hello' });
    this.timer = setInterval(() => {
      this.publish({ k: 'alive' });
      const now = performance.now();
      for (const [instance, at] of this.seen) {
        if (now - at > DEAD_MS) {
          this.seen.delete(instance);
          this.peer.lost(instance);
        }
      }
    }, ALIVE_MS);
    this.timer.unref();
  }

  publish(message: ClusterMessage): void {
    if (this.stopped) return;
    this.queue.push(message);
    this.flushing ??= this.flush().finally(() => (this.flushing = undefined));
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.publish({ k: 'bye' });
    await this.flushing;
    this.stopped = true;
    await this.unlisten?.();
  }

  private async flush(): Promise<void> {
    while (this.queue.length) {
      // As many messages as fit one NOTIFY: `{"i":…,"m":[…]}`.
      let text = '';
      let taken = 0;
      for (const message of this.queue) {
        const json = JSON.stringify(message);
        const next = text ? `${text},${json}` : json;
        if (taken > 0 && next.length + 60 > NOTIFY_BYTES) break;
        text = next;
        taken++;
      }
      this.queue.splice(0, taken);
      const payload = `{"i":"${this.id}","m":[${text}]}`;
      try {
        if (Buffer.byteLength(payload) <= NOTIFY_BYTES) {
          await this.db.query('select pg_notify($1, $2)', [CHANNEL, payload]);
        } else {
          await this.db.query(
            `with m as (insert into platform.realtime_cluster_messages (body) values ($2) returning id)
             select pg_notify($1, json_build_object('i', $3::text, 'ref', (select id from m))::text)`,
            [CHANNEL, payload, this.id],
          );
        }
      } catch (err) {
        this.log(`realtime: could not tell the other instances: ${(err as Error).message}`);
      }
    }
  }

  private async heard(payload: string): Promise<void> {
    let parsed: { i: string; m?: ClusterMessage[]; ref?: number };
    try {
      parsed = JSON.parse(payload) as typeof parsed;
      if (parsed.i === this.id) return;
      if (parsed.ref !== undefined) {
        const { rows } = await this.db.query<{ body: string }>('select body from platform.realtime_cluster_messages where id = $1', [parsed.ref]);
        if (!rows[0]) return;
        parsed = JSON.parse(rows[0].body) as typeof parsed;
      }
    } catch (err) {
      this.log(`realtime: unreadable message from another instance: ${(err as Error).message}`);
      return;
    }
    const from = parsed.i;
    this.seen.set(from, performance.now());
    for (const message of parsed.m ?? []) {
      if (message.k === 'bye') {
        this.seen.delete(from);
        this.peer.lost(from);
      } else if (message.k === 'hello') {
        this.publish({ k: 'state', entries: this.peer.localPresence() });
        this.peer.receive(from, message);
      } else this.peer.receive(from, message);
    }
  }
}

/** Large messages are read within moments; the purge job deletes them after five minutes. */
export const PURGE_CLUSTER_MESSAGES = `delete from platform.realtime_cluster_messages where created_at < now() - interval '5 minutes'`;
