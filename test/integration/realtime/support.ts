import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { expect, vi } from 'vitest';
import WebSocket from 'ws';
import type { TestServer } from '../../support/server.ts';

export type Vsn = '1.0.0' | '2.0.0';
/** Every realtime suite runs under both protocol versions realtime-js speaks. */
export const VSNS: Vsn[] = ['1.0.0', '2.0.0'];

/** A postgres_changes payload as realtime-js hands it to the callback. */
export interface ChangeMessage {
  schema: string;
  table: string;
  commit_timestamp: string;
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  new: Record<string, any>;
  old: Record<string, any>;
  errors: string[] | null;
}

/**
 * How long a test waits for something that must arrive; nothing here sleeps. Long, since only a
 * failing test waits it out, and a machine running CI beside other work can take seconds to join
 * a channel of a hundred bindings.
 */
const WAIT_MS = 60_000;

export interface RealtimeClientOptions {
  vsn: Vsn;
  /** A fixed access token (a user's); else the anon key, or the session once signed in. */
  token?: string;
  /** Sign-in and refresh through supabase.auth, with the session kept in memory. */
  session?: boolean;
}

const clients: SupabaseClient[] = [];

/** supabase-js exactly as an app makes it, on the `ws` transport, speaking `vsn`. */
export function realtimeClient(server: TestServer, options: RealtimeClientOptions): SupabaseClient {
  const store = new Map<string, string>();
  const client = createClient(server.url, server.anonKey, {
    auth: {
      persistSession: options.session ?? false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v), removeItem: (k) => void store.delete(k) },
    },
    realtime: { transport: WebSocket as never, vsn: options.vsn, heartbeatIntervalMs: 60_000 },
    global: options.token ? { headers: { Authorization: `Bearer ${options.token}` } } : {},
  });
  // A token set by hand, as an app holding its own JWT does; it goes with every join from now on.
  if (options.token) void client.realtime.setAuth(options.token);
  clients.push(client);
  return client;
}

/**
 * Disconnects every client the suite made (call in afterEach/afterAll; it takes no argument, so
 * `afterEach(closeClients)` is safe: vitest hands a hook its test context).
 */
export async function closeClients(): Promise<void> {
  const all = clients.splice(0);
  await Promise.all(all.map((c) => c.removeAllChannels().catch(() => undefined)));
  for (const c of all) c.realtime.disconnect();
}

/**
 * closeClients, then waits until the server has let go of every channel: a suite that counts the
 * server's checks must not count those of a channel the last test left, which a busy machine may
 * still hold.
 */
export async function closeClientsAndWait(server: Pick<TestServer, 'ctx'>): Promise<void> {
  await closeClients();
  await vi.waitFor(() => expect(server.ctx.realtime.stats().channels).toBe(0), { timeout: 60_000, interval: 20 });
}

function timeout<T>(what: string): Promise<T> {
  return new Promise((_, reject) => {
    const t = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), WAIT_MS);
    t.unref();
  });
}

/** The statuses each channel's subscribe callback reported, as an inbox to wait on. */
const statuses = new WeakMap<RealtimeChannel, Inbox<{ status: string; err?: Error }>>();

function statusesOf(channel: RealtimeChannel): Inbox<{ status: string; err?: Error }> {
  let inbox = statuses.get(channel);
  if (!inbox) {
    statuses.set(channel, (inbox = new Inbox()));
    const record = inbox;
    // The join may take as long as the suite waits (a channel of 121 bindings took 16 s to join
    // under CI load); realtime-js's 10 s default stays for every other push, which broadcast
    // suites wait out for replies that never come.
    channel.subscribe((status, err) => record.push({ status, err }), WAIT_MS);
  }
  return inbox;
}

/** Resolves once the channel is SUBSCRIBED; rejects with the server's reason otherwise. */
export async function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  const first = await statusesOf(channel).next(() => true, `${channel.topic} to subscribe`);
  if (first.status !== 'SUBSCRIBED') throw new Error(`${first.status}${first.err ? `: ${first.err.message}` : ''}`);
  return channel;
}

/** The error a refused join answers with (its message is the server's reason). */
export async function refused(channel: RealtimeChannel): Promise<Error> {
  const first = await statusesOf(channel).next(() => true, `${channel.topic} to be refused`);
  if (first.status !== 'CHANNEL_ERROR') throw new Error(`expected the join to be refused, got ${first.status}`);
  return first.err ?? new Error('no reason');
}

/** Resolves when the server (or the client) closes the channel. */
export async function closedOf(channel: RealtimeChannel): Promise<void> {
  await statusesOf(channel).next((s) => s.status === 'CLOSED', `${channel.topic} to close`);
}

/**
 * Everything a channel receives of one kind, in order, with a way to wait for the next one that
 * matches. Register before subscribing.
 */
export class Inbox<T = Record<string, unknown>> {
  readonly received: T[] = [];
  private waiters: { match: (m: T) => boolean; resolve: (m: T) => void }[] = [];

  push = (message: T): void => {
    this.received.push(message);
    for (const w of [...this.waiters]) {
      if (w.match(message)) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(message);
      }
    }
  };

  /** The first message (already received or still to come) that matches. */
  next(match: (m: T) => boolean = () => true, what = 'a message'): Promise<T> {
    const found = this.received.find(match);
    if (found) return Promise.resolve(found);
    return Promise.race([new Promise<T>((resolve) => this.waiters.push({ match, resolve })), timeout<T>(what)]);
  }
}

/** A channel's `system` messages (Supabase's status reports). */
export function systemInbox(channel: RealtimeChannel): Inbox<{ extension: string; status: string; message: string; channel: string }> {
  const inbox = new Inbox<{ extension: string; status: string; message: string; channel: string }>();
  channel.on('system', {}, inbox.push as never);
  return inbox;
}

/** Waits for "Subscribed to PostgreSQL" (or fails with the server's error about the bindings). */
export async function postgresReady(system: ReturnType<typeof systemInbox>): Promise<void> {
  const m = await system.next((m) => m.extension === 'postgres_changes', 'the postgres_changes system message');
  if (m.status !== 'ok') throw new Error(m.message);
}

/**
 * Resolves once the server has handled everything this client sent before: a heartbeat is
 * answered only after the messages ahead of it on the socket.
 */
export function flushed(client: SupabaseClient): Promise<void> {
  return Promise.race([
    new Promise<void>((resolve) => {
      client.realtime.onHeartbeat((status) => {
        if (status === 'ok') resolve();
      });
      void client.realtime.sendHeartbeat();
    }),
    timeout<void>('the heartbeat reply'),
  ]);
}

/** Runs SQL as the database owner, as a migration or an operator would. */
export async function ownerSql(server: TestServer, sql: string): Promise<void> {
  await server.ctx.db.exec(sql);
  await server.ctx.realtime.reload();
}
