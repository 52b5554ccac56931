import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Hono } from 'hono';
import { WebSocketServer } from 'ws';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Keys } from '../security/jwt.ts';
import { clientNetworkKey } from '../http/client-ip.ts';
import { statementTimeoutFor } from '../security/caller.ts';
import { AccessGuard } from './access-guard.ts';
import { Channel } from './channel.ts';
import { ChangeFeed } from './changes/feed.ts';
import { Cluster } from './cluster.ts';
import { Hub } from './hub.ts';
import { ViewerCounts } from './viewers.ts';
import { realtimeRoutes } from './routes.ts';
import { TEXTS } from './protocol/messages.ts';
import { VSN_1, VSNS, type Vsn } from './protocol/serializer.ts';
import { IpSockets, upgradeIp } from './limits.ts';
import { endChannel, newStats, type RealtimeServices, type RealtimeStats } from './services.ts';
import { RealtimeSocket } from './socket.ts';
import { checkToken } from './tokens.ts';
import { PresenceBudget } from './presence-budget.ts';

export const WEBSOCKET_PATH = '/realtime/v1/websocket';
const CLOSE_GRACE_MS = 2000;

export interface RealtimeOptions {
  config: Pick<
    Config,
    | 'REALTIME_MAX_MESSAGE_BYTES'
    | 'REALTIME_MAX_BUFFERED_BYTES'
    | 'REALTIME_MAX_CHANNELS_PER_SOCKET'
    | 'REALTIME_MAX_JOINS_PER_SECOND'
    | 'REALTIME_MAX_MESSAGES_PER_SECOND'
    | 'REALTIME_MAX_SOCKETS_PER_IP'
    | 'REALTIME_MAX_PRESENCE_BYTES'
    | 'REALTIME_MAX_PRESENCE_BYTES_PER_IP'
    | 'REALTIME_CLUSTER_RETRY_SECONDS'
    | 'TRUST_PROXY'
    | 'STATEMENT_TIMEOUT_ANON'
    | 'STATEMENT_TIMEOUT_AUTHENTICATED'
  >;
  db: Database;
  keys: Keys;
  clock: Clock;
  log: (line: string) => void;
}

/** Answers a WebSocket upgrade with an HTTP error, as Supabase refuses a connection. */
function refuseUpgrade(socket: Duplex, status: number, reason: string, error: string): void {
  const body = JSON.stringify({ error });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * /realtime/v1: Supabase Realtime's protocol for supabase-js (Phoenix channels over a WebSocket
 * on the server's own HTTP port): Postgres changes under RLS, broadcast, presence, and the REST
 * broadcast API. One instance per server; start() after migrations, close() before the database.
 */
export class Realtime {
  private readonly services: RealtimeServices;
  private readonly wss: WebSocketServer;
  private readonly sockets = new Set<RealtimeSocket>();
  private closing = false;
  private readonly ipSockets: IpSockets;
  private readonly trustProxy: readonly string[];
  /** Postgres: broadcast and presence reach the other instances on the same database. */
  readonly cluster: Cluster | undefined;
  private readonly viewers: ViewerCounts;
  /** POST /api/broadcast…, mounted under /realtime/v1 by the app. */
  readonly routes: Hono;

  constructor(options: RealtimeOptions) {
    const { db, keys, clock, log, config } = options;
    const stats: RealtimeStats = newStats();
    const limits = {
      maxMessageBytes: config.REALTIME_MAX_MESSAGE_BYTES,
      maxBufferedBytes: config.REALTIME_MAX_BUFFERED_BYTES,
      maxChannelsPerSocket: config.REALTIME_MAX_CHANNELS_PER_SOCKET,
      maxJoinsPerSecond: config.REALTIME_MAX_JOINS_PER_SECOND,
      maxMessagesPerSecond: config.REALTIME_MAX_MESSAGES_PER_SECOND,
      maxSocketsPerIp: config.REALTIME_MAX_SOCKETS_PER_IP,
    };
    this.ipSockets = new IpSockets(limits.maxSocketsPerIp);
    this.trustProxy = config.TRUST_PROXY;
    const hub = new Hub();
    if (db.kind === 'postgres') hub.cluster = this.cluster = new Cluster(db, hub, log, { retryWindowMs: config.REALTIME_CLUSTER_RETRY_SECONDS * 1000 });
    this.viewers = new ViewerCounts(hub);
    const guard = new AccessGuard(clock, db, (channel, message) => endChannel(this.services, channel, { kind: 'shutdown', message }));
    const feed = new ChangeFeed({
      db,
      log,
      maxRecordBytes: limits.maxMessageBytes,
      counted: () => stats.rlsChecks++,
      statementTimeout: (role) => statementTimeoutFor(config, role),
      delivered: (committedAt) => stats.observeLag?.(Math.max(0, clock.nowMs() - Date.parse(committedAt)) / 1000),
      guard: (subscribers) => guard.check([...subscribers].filter((s): s is Channel => s instanceof Channel)),
    });
    const presenceBudget = new PresenceBudget({
      maxPresenceBytes: config.REALTIME_MAX_PRESENCE_BYTES,
      maxPresenceBytesPerNetwork: config.REALTIME_MAX_PRESENCE_BYTES_PER_IP,
    });
    this.services = { db, keys, clock, log, limits, stats, hub, presenceBudget, guard, feed };
    this.routes = realtimeRoutes(this.services);
    this.wss = new WebSocketServer({
      noServer: true,
      // Frames past the limit get an error answer; far past it, ws closes the connection (1009).
      maxPayload: limits.maxMessageBytes * 4,
      perMessageDeflate: false,
      // realtime-js may offer "phoenix" (with its token as a second protocol): take it.
      handleProtocols: (protocols) => (protocols.has('phoenix') ? 'phoenix' : false),
    });
  }

  /** Follows the change table from now on. */
  async start(): Promise<void> {
    await this.services.feed.start();
    await this.cluster?.start();
  }

  /** After DDL at run time: publication membership and columns are read again. */
  reload(): Promise<void> {
    return this.services.feed.reload();
  }

  /** The live counters (metrics read them at scrape time, and set `observeLag`). */
  get counters(): RealtimeStats {
    return this.services.stats;
  }

  stats(): Readonly<RealtimeStats> & { sockets: number; channels: number; presenceBytes: number } {
    return {
      ...this.services.stats,
      sockets: this.sockets.size,
      channels: this.services.hub.channelCount(),
      presenceBytes: this.services.presenceBudget.held(),
    };
  }

  /** The HTTP server's 'upgrade' listener. */
  readonly upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.replace(/\/+$/, '') !== WEBSOCKET_PATH) return refuseUpgrade(socket, 404, 'Not Found', 'Not found');
    if (this.closing) return refuseUpgrade(socket, 503, 'Service Unavailable', 'Realtime is restarting, please standby');
    const vsn = (url.searchParams.get('vsn') ?? VSN_1) as Vsn;
    if (!VSNS.includes(vsn)) return refuseUpgrade(socket, 400, 'Bad Request', `Unsupported protocol version ${vsn}: use 1.0.0 or 2.0.0`);
    const header = req.headers['x-api-key'];
    const token = (typeof header === 'string' ? header : undefined) ?? url.searchParams.get('apikey');
    if (!token) return refuseUpgrade(socket, 401, 'Unauthorized', 'API key is missing');
    const ip = upgradeIp(req, this.trustProxy);
    if (!this.ipSockets.take(ip)) {
      this.services.stats.refused.sockets++;
      return refuseUpgrade(socket, 429, 'Too Many Requests', TEXTS.tooManySockets);
    }
    let held = true;
    const release = () => {
      if (held) this.ipSockets.release(ip);
      held = false;
    };

    checkToken(this.services.keys, this.services.db, token).then(
      (checked) => {
        if (!checked.ok) {
          release();
          return refuseUpgrade(socket, 401, 'Unauthorized', checked.refusal.connectMessage);
        }
        if (this.closing || socket.destroyed) {
          release();
          return socket.destroy();
        }
        socket.once('close', release);
        this.wss.handleUpgrade(req, socket, head, (ws) => {
          const client = new RealtimeSocket(ws, vsn, token, clientNetworkKey(ip), this.services, (gone) => {
            this.sockets.delete(gone);
            release();
          });
          if (this.closing) return client.close();
          this.sockets.add(client);
        });
      },
      (err: Error) => {
        release();
        this.services.log(`realtime: refusing a connection: ${err.message}`);
        refuseUpgrade(socket, 500, 'Internal Server Error', 'Error connecting to Realtime');
      },
    );
  };

  /** Closes every socket (clients reconnect elsewhere or later), then stops following changes. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    const all = [...this.sockets];
    for (const socket of all) socket.close();
    await Promise.all(all.map((socket) => socket.closed(CLOSE_GRACE_MS)));
    this.services.guard.close();
    this.viewers.close();
    await this.cluster?.close();
    await this.services.feed.close();
    this.wss.close();
  }
}
