import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';

/** The NOTIFY channel instances talk on (decision 191). */
const CHANNEL = 'realtime_cluster';
/** NOTIFY payloads are at most 8000 bytes; past this, the message goes through a table row. */
const NOTIFY_BYTES = 7900;
const ALIVE_MS = 10_000;
/** An instance not heard from for this long is gone: its presences leave. */
const DEAD_MS = 35_000;
/** How long a message may wait for the database (a restart, a failover) before it is given up. */
export const DEFAULT_RETRY_WINDOW_MS = 5_000;
/** At most this many messages wait; past it the oldest are given up. */
export const DEFAULT_MAX_QUEUED = 10_000;
/**
 * How long a sent batch is kept to be sent again for an instance that missed it (its LISTEN
 * connection broke while this one's NOTIFY went through), and how many at most (each at most
 * 8 KB: 16 MB at worst, during a burst).
 */
const REPLAY_WINDOW_MS = 15_000;
const REPLAY_MAX_BATCHES = 2_000;
/** Waits between attempts at a batch NOTIFY refused; the last repeats. */
const RETRY_DELAYS_MS = [100, 250, 500, 1000] as const;

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
  | { k: 'bye' }
  /** To instance `to`: send again your batches numbered above `after` (and below `before`, when given). */
  | { k: 'replay'; to: string; after: number; before?: number };

export interface ClusterOptions {
  /** How long a message may wait for the database before it is given up (default 5 s). */
  retryWindowMs?: number;
  /** How many messages may wait at most (default 10,000); past it the oldest are given up. */
  maxQueued?: number;
}

/** What the cluster has done so far, for metrics and for tests that wait on it. */
export interface ClusterState {
  /** Batches Postgres accepted. */
  sent: number;
  /** Attempts at a batch that failed (each is retried while its messages are young enough). */
  failedAttempts: number;
  /** Whether the last attempt failed: a batch is waiting for the database. */
  failing: boolean;
  /** Messages waiting, the batch being retried included. */
  waiting: number;
  /** Messages given up: older than the retry window, or past the queue's bound. */
  dropped: number;
  /** Times the LISTEN connection came back (and the instance said hello again). */
  relistened: number;
  /** Batches of other instances this one found it had missed (a gap in their numbers). */
  missedBatches: number;
  /** Of those, batches that arrived late, sent again by their instance. */
  recoveredBatches: number;
}

export interface ClusterPeer {
  /** A message from another instance. */
  receive(from: string, message: ClusterMessage): void;
  /** Another instance is gone (said bye, or went silent): its presences leave. */
  lost(instance: string): void;
  /** Every presence this instance tracks, for a new (or reconnected) peer. */
  localPresence(): RemotePresence[];
}

interface Queued {
  message: ClusterMessage;
  /** performance.now() when it was published. */
  at: number;
}

interface Batch {
  /** The NOTIFY payload, numbered: a retry sends the very same text. */
  payload: string;
  messages: Queued[];
  /** When its oldest message was published (a replay: when it was asked for). */
  at: number;
  /** Its number, and whether it is sent again for an instance that missed it. */
  number: number;
  replay?: boolean;
}

/** A batch already sent, kept a while for instances that missed it. */
interface Sent {
  number: number;
  payload: string;
  at: number;
}

/** Messages whose loss leaves presence wrong until it is sent again in full. */
const PRESENCE_KINDS = new Set<ClusterMessage['k']>(['track', 'untrack', 'state']);

/**
 * Broadcast and presence between server instances on one Postgres database, through Postgres
 * itself: each instance NOTIFYs what its sockets did and LISTENs for the others'. Messages leave
 * in order, batched into as few NOTIFYs as fit (one at a time, so they arrive in order too).
 *
 * A batch Postgres refuses (its connection dropped: a restart, a failover) is sent again, the same
 * batch first and the rest behind it, until its oldest message is older than the retry window.
 * Each batch carries a number that grows by one per batch, so a retry of one that did reach
 * Postgres (only its answer was lost) is dropped by the receivers: nothing arrives twice.
 *
 * A NOTIFY that Postgres took reaches only the instances listening at that moment: one whose
 * LISTEN connection was down (the same restart, seen a little later) would miss it. So the
 * receivers watch the numbers: a gap, or a LISTEN connection that came back, asks the sender to
 * send again what it still holds (the last 15 s); those batches arrive late, their broadcasts are
 * delivered then, and presence is sent again in full (a hello) rather than replayed out of order.
 */
export class Cluster {
  readonly id = randomUUID();
  private readonly queue: Queued[] = [];
  private flushing: Promise<void> | undefined;
  private readonly seen = new Map<string, number>();
  /** The last batch number heard from each instance. */
  private readonly lastBatch = new Map<string, number>();
  /** Per instance, the numbers of batches found missing (with when), until they arrive or expire. */
  private readonly missing = new Map<string, Map<number, number>>();
  /** What this instance sent lately, for replays. */
  private readonly sentBatches: Sent[] = [];
  /** Batches to send again, before the queue's next one. */
  private readonly replays: Batch[] = [];
  private batchNumber = 0;
  private closing = false;
  /** Ends a wait between attempts early (on close). */
  private wake: (() => void) | undefined;
  /** Given-up messages that leave the others' view of this instance's presence wrong. */
  private presenceLost = false;
  private helloLost = false;
  private readonly retryWindowMs: number;
  private readonly maxQueued: number;
  private readonly stats: Omit<ClusterState, 'waiting'> = { sent: 0, failedAttempts: 0, failing: false, dropped: 0, relistened: 0, missedBatches: 0, recoveredBatches: 0 };
  private readonly watchers = new Set<(state: ClusterState) => void>();
  private retrying: Batch | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Notifications are handled one at a time, in the order they came (a large one reads a row first). */
  private inbound: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly peer: ClusterPeer,
    private readonly log: (line: string) => void,
    options: ClusterOptions = {},
  ) {
    this.retryWindowMs = options.retryWindowMs ?? DEFAULT_RETRY_WINDOW_MS;
    this.maxQueued = options.maxQueued ?? DEFAULT_MAX_QUEUED;
  }

  state(): ClusterState {
    return { ...this.stats, waiting: this.queue.length + (this.retrying?.messages.length ?? 0) };
  }

  /** Calls fn with the state after every change, until the returned function is called. */
  watch(fn: (state: ClusterState) => void): () => void {
    this.watchers.add(fn);
    return () => this.watchers.delete(fn);
  }

  private changed(): void {
    if (this.watchers.size === 0) return;
    const state = this.state();
    for (const fn of [...this.watchers]) fn(state);
  }

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(
      CHANNEL,
      (payload) => {
        this.inbound = this.inbound.then(() => this.heard(payload));
      },
      // Messages sent while LISTEN was down did not reach us: ask everyone for their presences
      // again, and each instance heard from for what it sent since its last batch we have.
      () => {
        this.stats.relistened++;
        this.publish({ k: 'hello' });
        for (const [instance, last] of this.lastBatch) this.publish({ k: 'replay', to: instance, after: last });
        this.changed();
      },
    );
    this.publish({ k: 'hello' });
    this.timer = setInterval(() => {
      this.publish({ k: 'alive' });
      const now = performance.now();
      for (const [instance, at] of this.seen) {
        if (now - at > DEAD_MS) {
          this.seen.delete(instance);
          this.lastBatch.delete(instance);
          this.missing.delete(instance);
          this.peer.lost(instance);
        }
      }
    }, ALIVE_MS);
    this.timer.unref();
  }

  publish(message: ClusterMessage): void {
    if (this.stopped) return;
    this.queue.push({ message, at: performance.now() });
    if (this.queue.length > this.maxQueued) this.giveUp(this.queue.splice(0, this.queue.length - this.maxQueued), 'too many waiting');
    this.startFlushing();
    this.changed();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.publish({ k: 'bye' });
    // One more attempt at what waits, without waiting for the database to come back.
    this.closing = true;
    this.wake?.();
    while (this.flushing) await this.flushing;
    this.stopped = true;
    await this.unlisten?.();
  }

  /** Sends what waits, unless that is under way already. */
  private startFlushing(): void {
    this.flushing ??= this.flush().finally(() => {
      this.flushing = undefined;
      // A message published after the loop found nothing left, but before this ran (a watcher's
      // promise continuing first), would otherwise wait for the next publish: up to ALIVE_MS.
      if (this.queue.length || this.replays.length) this.startFlushing();
    });
  }

  /** Sends what is queued, one batch at a time, each retried while young enough (see the class). */
  private async flush(): Promise<void> {
    for (let attempt = 0; ; ) {
      const batch = (this.retrying ??= this.replays.shift() ?? this.nextBatch());
      if (!batch) return;
      try {
        await this.send(batch.payload);
      } catch (err) {
        this.stats.failedAttempts++;
        if (!this.stats.failing) {
          this.stats.failing = true;
          this.log(`realtime: could not tell the other instances: ${(err as Error).message}; retrying for up to ${this.retryWindowMs} ms`);
        }
        if (batch.replay && (this.closing || performance.now() - batch.at > this.retryWindowMs)) {
          // A replay given up loses nothing new: the receiver asks again on its next gap.
          this.retrying = undefined;
          continue;
        }
        if (this.closing || performance.now() - batch.at > this.retryWindowMs) {
          this.retrying = undefined;
          this.giveUp(batch.messages, this.closing ? 'shutting down' : 'the database did not answer in time');
          this.changed();
          continue;
        }
        this.changed();
        await this.pause(RETRY_DELAYS_MS[Math.min(attempt++, RETRY_DELAYS_MS.length - 1)]!);
        continue;
      }
      this.retrying = undefined;
      attempt = 0;
      this.stats.sent++;
      if (!batch.replay) this.remember(batch);
      if (this.stats.failing) {
        this.stats.failing = false;
        this.log('realtime: the other instances are reachable again');
      }
      // What was given up is said again in full: presences as they are now, and a hello.
      if (this.presenceLost) this.queue.push({ message: { k: 'state', entries: this.peer.localPresence() }, at: performance.now() });
      if (this.helloLost) this.queue.push({ message: { k: 'hello' }, at: performance.now() });
      this.presenceLost = this.helloLost = false;
      this.changed();
    }
  }

  /** As many queued messages as fit one NOTIFY, `{"i":…,"s":…,"m":[…]}`; during an outage those too old are given up first. */
  private nextBatch(): Batch | undefined {
    // Only while the database does not answer: a slow one that answers delivers everything.
    const now = performance.now();
    let expired = 0;
    while (this.stats.failing && expired < this.queue.length && now - this.queue[expired]!.at > this.retryWindowMs) expired++;
    if (expired) this.giveUp(this.queue.splice(0, expired), 'the database did not answer in time');
    if (!this.queue.length) return undefined;
    let text = '';
    let taken = 0;
    for (const { message } of this.queue) {
      const json = JSON.stringify(message);
      const next = text ? `${text},${json}` : json;
      if (taken > 0 && next.length + 80 > NOTIFY_BYTES) break;
      text = next;
      taken++;
    }
    const messages = this.queue.splice(0, taken);
    const number = ++this.batchNumber;
    return { payload: `{"i":"${this.id}","s":${number},"m":[${text}]}`, messages, at: messages[0]!.at, number };
  }

  /** Keeps a sent batch for replays, within the window and the bound. */
  private remember(batch: Batch): void {
    const now = performance.now();
    this.sentBatches.push({ number: batch.number, payload: batch.payload, at: now });
    let old = 0;
    while (old < this.sentBatches.length && (this.sentBatches.length - old > REPLAY_MAX_BATCHES || now - this.sentBatches[old]!.at > REPLAY_WINDOW_MS)) old++;
    if (old) this.sentBatches.splice(0, old);
  }

  /** Another instance missed this one's batches above `after` (and below `before`): send those still held again. */
  private replay(after: number, before = Infinity): void {
    const at = performance.now();
    const queued = new Set(this.replays.map((b) => b.number));
    for (const sent of this.sentBatches) {
      if (sent.number <= after || sent.number >= before || queued.has(sent.number)) continue;
      this.replays.push({ payload: sent.payload, messages: [], at, number: sent.number, replay: true });
    }
    if (this.replays.length) this.startFlushing();
  }

  /**
   * Whether a batch numbered `s` from `from` is new here: the next one, one after a gap (the gap is
   * noted and asked for again), or one found missing before (it is late: true, and `late` set).
   */
  private accept(from: string, s: number): { fresh: boolean; late: boolean } {
    const now = performance.now();
    const missing = this.missing.get(from);
    if (missing) {
      for (const [number, at] of missing) if (now - at > REPLAY_WINDOW_MS) missing.delete(number);
      if (missing.delete(s)) {
        this.stats.recoveredBatches++;
        if (missing.size === 0) this.missing.delete(from);
        return { fresh: true, late: true };
      }
    }
    const last = this.lastBatch.get(from);
    if (last !== undefined && s <= last) return { fresh: false, late: false };
    this.lastBatch.set(from, s);
    if (last !== undefined && s > last + 1) {
      const gap = this.missing.get(from) ?? this.missing.set(from, new Map()).get(from)!;
      // Only as many as the sender can still hold.
      for (let n = Math.max(last + 1, s - REPLAY_MAX_BATCHES); n < s; n++) gap.set(n, now);
      this.stats.missedBatches += s - 1 - last;
      this.publish({ k: 'replay', to: from, after: last, before: s });
      // Presence is not replayed out of order: everyone says it again in full.
      this.publish({ k: 'hello' });
    }
    return { fresh: true, late: false };
  }

  private async send(payload: string): Promise<void> {
    if (Buffer.byteLength(payload) <= NOTIFY_BYTES) {
      await this.db.query('select pg_notify($1, $2)', [CHANNEL, payload]);
    } else {
      await this.db.query(
        `with m as (insert into platform.realtime_cluster_messages (body) values ($2) returning id)
         select pg_notify($1, json_build_object('i', $3::text, 'ref', (select id from m))::text)`,
        [CHANNEL, payload, this.id],
      );
    }
  }

  private giveUp(messages: Queued[], why: string): void {
    if (!messages.length) return;
    this.stats.dropped += messages.length;
    for (const { message } of messages) {
      if (PRESENCE_KINDS.has(message.k)) this.presenceLost = true;
      else if (message.k === 'hello') this.helloLost = true;
    }
    this.log(`realtime: ${messages.length} message(s) for the other instances given up (${why})`);
  }

  private pause(ms: number): Promise<void> {
    if (this.closing) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = undefined;
        done();
      };
    });
  }

  private async heard(payload: string): Promise<void> {
    let parsed: { i: string; s?: number; m?: ClusterMessage[]; ref?: number };
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
    // A batch sent again after its answer was lost, or replayed for another instance: already
    // delivered here. One that arrives late (it was missed) brings its broadcasts only.
    let late = false;
    if (typeof parsed.s === 'number') {
      const accepted = this.accept(from, parsed.s);
      if (!accepted.fresh) return;
      late = accepted.late;
    }
    this.seen.set(from, performance.now());
    for (const message of parsed.m ?? []) {
      if (late) {
        if (message.k === 'broadcast') this.peer.receive(from, message);
      } else if (message.k === 'replay') {
        if (message.to === this.id) this.replay(message.after, message.before);
      } else if (message.k === 'bye') {
        this.seen.delete(from);
        this.lastBatch.delete(from);
        this.missing.delete(from);
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
