import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** Below this many open files the server warns at start (README: LimitNOFILE). */
export const RECOMMENDED_OPEN_FILES = 8192;
/**
 * File descriptors kept out of the connection budget: the database (PGlite's files and WAL, or the
 * Postgres pool), storage files being read or staged, the thumbnail encoder, logs.
 */
const RESERVED_FDS = 256;

export interface OpenFileLimit {
  soft: number;
  hard: number;
}

/** The "Max open files" line of /proc/<pid>/limits; undefined when absent (not Linux). */
export function parseOpenFileLimit(limits: string): OpenFileLimit | undefined {
  const m = /^Max open files\s+(\S+)\s+(\S+)/m.exec(limits);
  if (!m) return undefined;
  const value = (s: string) => (s === 'unlimited' ? Number.POSITIVE_INFINITY : Number(s));
  const soft = value(m[1]!);
  const hard = value(m[2]!);
  return Number.isNaN(soft) || Number.isNaN(hard) ? undefined : { soft, hard };
}

/** This process's limit (Node has already raised the soft limit to the hard one at start). */
export function readOpenFileLimit(path = '/proc/self/limits'): OpenFileLimit | undefined {
  try {
    return parseOpenFileLimit(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * How many connections the server accepts at once: what the fd limit leaves after the reserve,
 * so a flood of sockets is refused at accept() instead of starving the database of descriptors
 * (a PGlite WAL flush failing with EMFILE after its commit). At least 64 on a tiny limit.
 */
export function maxConnectionsFor(limit: OpenFileLimit | undefined): number | undefined {
  if (!limit || !Number.isFinite(limit.soft)) return undefined;
  return Math.max(64, limit.soft - RESERVED_FDS);
}

export interface PerIpLimitOptions {
  /** Connections one peer address may hold open at once (HTTP and websockets alike). */
  maxPerIp: number;
  /** Peers whose connections carry many clients (TRUST_PROXY): not capped. */
  exempt: readonly string[];
  /** Told once per refusal burst, for a throttled log line. */
  onRefused?: (address: string) => void;
}

/**
 * Caps the connections one peer may hold, on the socket's own address: behind a proxy the client
 * is not known when a connection opens, so a trusted proxy's connections are exempt and the
 * proxy must do its own limiting. A refused socket is closed before a byte is read.
 */
export function limitConnectionsPerIp(server: Server, options: PerIpLimitOptions): () => Map<string, number> {
  const open = new Map<string, number>();
  const exempt = new Set(options.exempt.map(normalise));
  server.on('connection', (socket: Socket) => {
    const address = normalise(socket.remoteAddress ?? '');
    if (!address || exempt.has(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= options.maxPerIp) {
      options.onRefused?.(address);
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
  return () => open;
}

function normalise(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}
