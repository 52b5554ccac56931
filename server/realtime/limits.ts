import type { IncomingMessage } from 'node:http';
import { clientNetworkKey, forwardedClientIp } from '../http/client-ip.ts';

/**
 * At most `limit` events in any second (a sliding window, on the server's clock): the times of the
 * last `limit` allowed events sit in a ring, and an event is allowed when the oldest of them is a
 * second old. O(1) per event, `limit` numbers of memory.
 */
export class RateWindow {
  private readonly times: Float64Array;
  private next = 0;

  constructor(private readonly limit: number) {
    this.times = new Float64Array(limit).fill(-Infinity);
  }

  /** Records the event and says whether it is within the limit (a refused one is not recorded). */
  take(nowMs: number): boolean {
    if (this.times[this.next]! > nowMs - 1000) return false;
    this.times[this.next] = nowMs;
    this.next = (this.next + 1) % this.limit;
    return true;
  }
}

/** Open sockets per client network (an IPv4 address, an IPv6 /64: clientNetworkKey). */
export class IpSockets {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Takes a place for the IP, or returns false when it holds the maximum already. */
  take(ip: string): boolean {
    const key = clientNetworkKey(ip);
    const n = this.open.get(key) ?? 0;
    if (n >= this.max) return false;
    this.open.set(key, n + 1);
    return true;
  }

  release(ip: string): void {
    const key = clientNetworkKey(ip);
    const n = (this.open.get(key) ?? 1) - 1;
    if (n <= 0) this.open.delete(key);
    else this.open.set(key, n);
  }
}

/** An upgrade request's client address, by the same rule as an HTTP request's (client-ip.ts). */
export function upgradeIp(req: IncomingMessage, trustedProxies: readonly string[]): string {
  const header = req.headers['x-forwarded-for'];
  return forwardedClientIp(req.socket.remoteAddress ?? 'unknown', Array.isArray(header) ? header.join(',') : header, trustedProxies);
}
