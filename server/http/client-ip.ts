import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The client's address: the socket's, unless the socket belongs to a proxy named in
 * TRUST_PROXY, in which case the right-most untrusted X-Forwarded-For entry is used.
 */
export function clientIp(c: Context, trustedProxies: readonly string[]): string {
  let socketAddress = 'unknown';
  try {
    socketAddress = normalise(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    // Not running behind @hono/node-server (app.request in unit tests).
  }
  if (trustedProxies.length === 0 || !trustedProxies.includes(socketAddress)) return socketAddress;
  const hops = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => normalise(s.trim()))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!trustedProxies.includes(hops[i]!)) return hops[i]!;
  }
  return socketAddress;
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
