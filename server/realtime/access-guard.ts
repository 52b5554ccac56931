import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import type { Channel } from './channel.ts';
import { SESSION_GONE } from './tokens.ts';

/** Longest a timer may wait in Node (about 24.8 days); a later expiry is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Ends channels whose token ran out, at the moment of expiry on the server's clock (a test that
 * moves the clock sees it at once), with Supabase's `system` error and phx_close. Before changes
 * are delivered it also looks for channels whose auth session was signed out or ended by a ban:
 * those receive nothing more, and end at their socket's next message unless it brings a new
 * token.
 */
export class AccessGuard {
  private readonly channels = new Set<Channel>();
  private timer: NodeJS.Timeout | undefined;
  /** When the timer fires (seconds since the epoch); Infinity when none is set. */
  private nextAt = Infinity;
  private readonly stopWatchingClock: () => void;

  constructor(
    private readonly clock: Clock,
    private readonly db: Queryable,
    private readonly end: (channel: Channel, message: string) => void,
  ) {
    this.stopWatchingClock = clock.onMove(() => this.expireDue());
  }

  /** Starts (or, after a new token, goes on) watching the channel's expiry. */
  watch(channel: Channel): void {
    this.channels.add(channel);
    if (channel.auth.exp <= this.clock.nowSeconds()) this.expireDue();
    else if (channel.auth.exp < this.nextAt) this.schedule(channel.auth.exp);
  }

  unwatch(channel: Channel): void {
    this.channels.delete(channel);
  }

  /** Ends every channel whose token has expired, and waits for the next expiry. */
  expireDue(): void {
    const now = this.clock.nowSeconds();
    let next = Infinity;
    for (const channel of [...this.channels]) {
      if (channel.state !== 'joined') {
        this.channels.delete(channel);
      } else if (channel.auth.exp <= now) {
        this.end(channel, `Token has expired ${now - channel.auth.exp} seconds ago`);
      } else {
        next = Math.min(next, channel.auth.exp);
      }
    }
    this.schedule(next);
  }

  private schedule(at: number): void {
    clearTimeout(this.timer);
    this.nextAt = at;
    if (at === Infinity) return;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, (at - this.clock.nowSeconds()) * 1000 + 5));
    this.timer = setTimeout(() => this.expireDue(), delay);
    this.timer.unref();
  }

  /** Expiry and ended sessions, for channels about to receive changes. */
  async check(channels: Iterable<Channel>): Promise<void> {
    const now = this.clock.nowSeconds();
    const bySession = new Map<string, Channel[]>();
    for (const channel of channels) {
      if (channel.state === 'joined' && channel.auth.exp <= now) this.end(channel, `Token has expired ${now - channel.auth.exp} seconds ago`);
      const id = channel.auth.sessionId;
      if (channel.state !== 'joined' || !id) continue;
      bySession.set(id, [...(bySession.get(id) ?? []), channel]);
    }
    if (bySession.size === 0) return;
    // Session ids were checked to be UUIDs when their token was accepted (tokens.ts).
    const { rows } = await this.db.query<{ id: string }>(`select id::text as id from auth.sessions where id = any($1::uuid[])`, [[...bySession.keys()]]);
    const alive = new Set(rows.map((r) => r.id));
    for (const [id, list] of bySession) {
      if (!alive.has(id)) for (const channel of list) channel.revoked = true;
    }
  }

  /**
   * Ends a socket's revoked channels, when it sends anything but a new token for them: a client
   * that just signed out is sending its anon key right now (supabase-js does so at SIGNED_OUT),
   * and its channel goes on with that; one whose session was ended elsewhere hears why.
   */
  endRevoked(channels: Iterable<Channel>, except?: Channel): void {
    for (const channel of [...channels]) {
      if (channel.revoked && channel !== except && channel.state === 'joined') this.end(channel, SESSION_GONE);
    }
  }

  close(): void {
    clearTimeout(this.timer);
    this.stopWatchingClock();
    this.channels.clear();
  }
}
