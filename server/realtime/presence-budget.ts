import type { Channel } from './channel.ts';

export interface PresenceLimits {
  /** Largest presence one channel may track, as JSON bytes. */
  maxPresenceBytes: number;
  /** Presence bytes all sockets of one client network may hold at once, on every topic. */
  maxPresenceBytesPerNetwork: number;
}

export type PresenceCharge = 'ok' | 'too-large' | 'over-budget';

/**
 * What tracked presences cost, so that no client can make the server hold, or send every visitor
 * of a topic, more than a bounded amount (security review M8). A channel holds at most one
 * presence of at most maxPresenceBytes, so a socket holds at most channels-per-socket times that;
 * a client network (clientNetworkKey: an IPv4 address, an IPv6 /64) at most
 * maxPresenceBytesPerNetwork over all its sockets. What a channel held is given back when it
 * untracks or ends.
 */
export class PresenceBudget {
  private readonly byNetwork = new Map<string, number>();
  private readonly byChannel = new WeakMap<Channel, number>();

  constructor(readonly limits: PresenceLimits) {}

  /** Charges `bytes` for the channel's presence, in place of what it held; refused past a limit. */
  charge(channel: Channel, bytes: number): PresenceCharge {
    if (bytes > this.limits.maxPresenceBytes) return 'too-large';
    const network = channel.socket.clientNetwork;
    const held = this.byChannel.get(channel) ?? 0;
    const next = (this.byNetwork.get(network) ?? 0) - held + bytes;
    if (next > this.limits.maxPresenceBytesPerNetwork) return 'over-budget';
    this.set(network, next);
    this.byChannel.set(channel, bytes);
    return 'ok';
  }

  release(channel: Channel): void {
    const held = this.byChannel.get(channel);
    if (held === undefined) return;
    this.byChannel.delete(channel);
    const network = channel.socket.clientNetwork;
    this.set(network, (this.byNetwork.get(network) ?? 0) - held);
  }

  /** Presence bytes held now, in all (the metric and the tests' view of it). */
  held(): number {
    let total = 0;
    for (const bytes of this.byNetwork.values()) total += bytes;
    return total;
  }

  private set(network: string, bytes: number): void {
    if (bytes > 0) this.byNetwork.set(network, bytes);
    else this.byNetwork.delete(network);
  }
}
