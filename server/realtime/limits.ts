import type { IncomingMessage } from 'node:http';

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

/** Open sockets per client IP. */
export class IpSockets {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Takes a place for the IP, or returns false when it holds the maximum already. */
  take(ip: string): boolean {
    const n = this.open.get(ip) ?? 0;
    if (n >= this.max) return false;
    this.open.set(ip, n + 1);
    return true;
  }

  release(ip: string): void {
    const n = (this.open.get(ip) ?? 1) - 1;
    if (n <= 0) this.open.delete(ip);
    else this.open.set(ip, n);
  }
}

function normalise(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/** An upgrade request's client address, read as client-ip.ts reads an HTTP request's (TRUST_PROXY aware). */
export function upgradeIp(req: IncomingMessage, trustedProxies: readonly string[]): string {
  const socketAddress = normalise(req.socket.remoteAddress ?? 'unknown');
  if (trustedProxies.length === 0 || !trustedProxies.includes(socketAddress)) return socketAddress;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((s) => normalise(s.trim()))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (!trustedProxies.includes(hops[i]!)) return hops[i]!;
  return socketAddress;
}
