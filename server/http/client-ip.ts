import { isIPv6 } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The client's address: the socket's, unless the socket belongs to a proxy named in
 * TRUST_PROXY, in which case the right-most untrusted X-Forwarded-For entry is used.
 */
export function clientIp(c: Context, trustedProxies: readonly string[]): string {
  let socketAddress = 'unknown';
  try {
    socketAddress = getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // Not running behind @hono/node-server (app.request in unit tests).
  }
  return forwardedClientIp(socketAddress, c.req.header('x-forwarded-for'), trustedProxies);
}

/**
 * The one rule for who the client is, for HTTP requests and WebSocket upgrades alike: a peer not
 * in TRUST_PROXY is the client, whatever headers it sends; behind trusted proxies, the right-most
 * X-Forwarded-For hop that is not one of them (the hops left of it are the client's own words).
 */
export function forwardedClientIp(socketAddress: string, forwardedFor: string | undefined, trustedProxies: readonly string[]): string {
  const peer = normalise(socketAddress);
  if (trustedProxies.length === 0 || !trustedProxies.includes(peer)) return peer;
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((s) => normalise(s.trim()))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!trustedProxies.includes(hops[i]!)) return hops[i]!;
  }
  return peer;
}

/**
 * The key every per-client limit counts under (decision 105): an IPv4 address as it is, an IPv6
 * address as its /64 ("2001:db8:1:2::/64"), since one subscriber holds a whole /64 and may pick
 * any address in it. The same network rule as votes' network_of (db/migrations/0092).
 */
export function clientNetworkKey(ip: string): string {
  const address = normalise(ip.split('%')[0]!);
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** The request's client network key: clientNetworkKey(clientIp(...)). */
export function clientLimitKey(c: Context, trustedProxies: readonly string[]): string {
  return clientNetworkKey(clientIp(c, trustedProxies));
}

/** Eight lower-case hextets without leading zeros; an embedded IPv4 tail becomes two hextets. */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, v4.index) + ((a << 8) | b).toString(16) + ':' + ((c << 8) | d).toString(16);
  }
  const [head, tail] = text.includes('::') ? text.split('::') as [string, string] : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : new Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((h) => parseInt(h, 16).toString(16));
}

export function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.');
}

/** The names a browser on this machine uses for it: a Host header or URL naming anything else is not local. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Host header value ("localhost:8080", "[::1]:8080") → whether it names this machine's loopback. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  return LOOPBACK_HOSTS.has(name.toLowerCase());
}

export function isLoopbackUrl(url: string): boolean {
  try {
    return LOOPBACK_HOSTS.has(new URL(url).hostname.toLowerCase());
  } catch {
    return false;
  }
}

export function socketAddress(c: Context): string {
  try {
    return normalise(getConnInfo(c).remote.address ?? '');
  } catch {
    return '';
  }
}

function normalise(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}
