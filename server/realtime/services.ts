import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { Keys } from '../security/jwt.ts';
import type { AccessGuard } from './access-guard.ts';
import type { Channel } from './channel.ts';
import type { ChangeFeed } from './changes/feed.ts';
import type { Hub } from './hub.ts';
import type { PresenceBudget } from './presence-budget.ts';

export interface RealtimeLimits {
  /** The largest frame a client may send, and the largest row record sent whole. */
  maxMessageBytes: number;
  /** A socket with this much unsent data is dropped instead of buffered further. */
  maxBufferedBytes: number;
  maxChannelsPerSocket: number;
  /** Joins and messages a socket may send in any second (heartbeats are not counted). */
  maxJoinsPerSecond: number;
  maxMessagesPerSecond: number;
  /** Sockets one client IP may hold open. */
  maxSocketsPerIp: number;
}

/** Counters for tests now and metrics later. */
export interface RealtimeStats {
  /** Statements that checked changes against RLS (one per table, claim set and batch). */
  rlsChecks: number;
  /** Sockets dropped for not reading what was sent to them. */
  dropped: number;
  /** Channels joined (answered ok), messages read from clients and frames sent to them. */
  joins: number;
  messagesIn: number;
  messagesOut: number;
  /** Requests refused by a limit, by kind. */
  refused: { channels: number; joins: number; messages: number; sockets: number };
  /** Commit-to-send time of each postgres_changes message, in seconds (the metrics histogram). */
  observeLag?: (seconds: number) => void;
}

export function newStats(): RealtimeStats {
  return { rlsChecks: 0, dropped: 0, joins: 0, messagesIn: 0, messagesOut: 0, refused: { channels: 0, joins: 0, messages: 0, sockets: 0 } };
}

/** What every realtime module shares; built once by Realtime. */
export interface RealtimeServices {
  db: Database;
  keys: Keys;
  clock: Clock;
  log(line: string): void;
  limits: RealtimeLimits;
  hub: Hub;
  presenceBudget: PresenceBudget;
  feed: ChangeFeed;
  guard: AccessGuard;
  stats: RealtimeStats;
}

export type Ending = { kind: 'left' | 'replaced' | 'disconnected' } | { kind: 'shutdown'; message: string };

/**
 * Takes a channel out of everything it is part of. A shutdown tells the client why with a
 * `system` error first, as Supabase does; every ending but a lost socket then sends phx_close.
 */
export function endChannel(s: RealtimeServices, channel: Channel, ending: Ending): void {
  if (channel.state === 'closed') return;
  if (ending.kind === 'shutdown') channel.system('system', 'error', ending.message);
  channel.state = 'closed';
  s.hub.remove(channel);
  s.presenceBudget.release(channel);
  s.feed.unsubscribe(channel);
  s.guard.unwatch(channel);
  channel.socket.forget(channel);
  if (ending.kind !== 'disconnected') channel.sendClose();
}
