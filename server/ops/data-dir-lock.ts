import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmdirSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * One process per PGlite data directory, as Postgres's postmaster.pid makes it for a cluster: two
 * processes on one directory each write their own view of the same files (measured: 19 of 200
 * acknowledged writes lost, 5 indexes corrupt). The lock is DATA_DIR/server.pid, one fact a line:
 * PID, start time, host, port, boot id, process start (the last two tell a PID reused after a
 * reboot or by another program from the process that wrote the file).
 */
export const LOCK_FILE = 'server.pid';

export interface LockHolder {
  pid: number;
  startedAt: string;
  host: string;
  /** The HTTP port the holder serves on (0 until it listens): npm run admin goes through it. */
  port: number;
  bootId: string;
  processStart: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${holder.pid} on ${holder.host} (started ${holder.startedAt}` +
        `${holder.port ? `, serving port ${holder.port}` : ''}). Only one process may open a PGlite data directory: ` +
        `stop that one first, or give this one another DATA_DIR. If you are sure no such process runs, delete ${join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly path: string;
  readonly holder: LockHolder;
  /** Records the port once the server listens. */
  setPort(port: number): void;
  release(): void;
}

export interface LockOptions {
  /** How often the holder touches the file, so a holder on another host can be told alive. */
  heartbeatMs?: number;
  /** A lock from another host untouched this long is stale (its holder stopped beating). */
  staleAfterMs?: number;
}

const DEFAULTS = { heartbeatMs: 10_000, staleAfterMs: 60_000 };

function readOr(path: string, fallback: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return fallback;
  }
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
function processStartOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

const BOOT_ID = readOr('/proc/sys/kernel/random/boot_id', '');

function me(port = 0): LockHolder {
  return { pid: process.pid, startedAt: new Date().toISOString(), host: hostname(), port, bootId: BOOT_ID, processStart: processStartOf(process.pid) ?? '' };
}

function format(h: LockHolder): string {
  return `${h.pid}\n${h.startedAt}\n${h.host}\n${h.port}\n${h.bootId}\n${h.processStart}\n`;
}

function parse(text: string): LockHolder | undefined {
  const [pid, startedAt, host, port, bootId = '', processStart = ''] = text.split('\n');
  if (!pid || !/^\d+$/.test(pid) || !startedAt || !host) return undefined;
  return { pid: Number(pid), startedAt, host, port: Number(port) || 0, bootId, processStart };
}

/** The lock's holder as the file says, or undefined when there is no (readable) lock. */
export function readLock(dataDir: string): LockHolder | undefined {
  try {
    return parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Whether a process with this PID runs on this host (as far as signals tell). */
export function pidRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process a lock names still runs. On this host that is a fact (the PID runs and
 * started when the lock says; a reboot frees every lock); a holder on another host (a shared
 * volume) is alive while it keeps touching the file.
 */
export function holderAlive(holder: LockHolder, lockPath: string, staleAfterMs = DEFAULTS.staleAfterMs): boolean {
  if (holder.host === hostname()) {
    if (holder.bootId && BOOT_ID && holder.bootId !== BOOT_ID) return false;
    if (!pidRuns(holder.pid)) return false;
    const started = processStartOf(holder.pid);
    // A PID reused by another program (a container restarted with the same PID counts too).
    if (started !== undefined && holder.processStart && started !== holder.processStart) return false;
    return true;
  }
  try {
    return Date.now() - statSync(lockPath).mtimeMs < staleAfterMs;
  } catch {
    return false;
  }
}

/**
 * Removes a stale lock, one process at a time: a directory made with mkdir (atomic) serialises
 * the takeover, and the lock is removed only if it still names the same dead holder, so two
 * processes that both found it stale cannot remove each other's fresh lock.
 */
function takeOver(path: string, stale: string): void {
  const mutex = `${path}.takeover`;
  try {
    mkdirSync(mutex);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // A takeover takes microseconds; one older than this was left by a process that died in it.
    try {
      if (Date.now() - statSync(mutex).mtimeMs > 10_000) rmdirSync(mutex);
    } catch {
      // gone meanwhile
    }
    return;
  }
  try {
    if (readOr(path, '') === stale) unlinkSync(path);
  } finally {
    rmdirSync(mutex);
  }
}

/**
 * Takes DATA_DIR's lock, or throws DataDirLockedError naming the process that holds it. A lock
 * left by a process that is gone (killed, crashed, the machine rebooted) is taken over.
 */
export function acquireDataDirLock(dataDir: string, options: LockOptions = {}): DataDirLock {
  const { heartbeatMs, staleAfterMs } = { ...DEFAULTS, ...options };
  const path = join(dataDir, LOCK_FILE);
  mkdirSync(dataDir, { recursive: true });
  let holder = me();
  for (let attempt = 0; attempt < 50; attempt++) {
    // Written whole under another name, then linked into place: link() fails if the lock exists,
    // and nobody ever reads a half-written lock.
    const draft = `${path}.${randomUUID()}`;
    writeFileSync(draft, format(holder), { mode: 0o644 });
    try {
      linkSync(draft, path);
      return held(path, holder, heartbeatMs);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(draft);
    }
    const text = readOr(path, '');
    const other = parse(text);
    if (other && holderAlive(other, path, staleAfterMs)) throw new DataDirLockedError(dataDir, other);
    takeOver(path, text);
    holder = me();
  }
  throw new Error(`could not take the lock ${path}: it keeps changing`);
}

function held(path: string, initial: LockHolder, heartbeatMs: number): DataDirLock {
  let holder = initial;
  let released = false;
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(path, now, now);
    } catch {
      // The directory went away; nothing to keep alive.
    }
  }, heartbeatMs);
  heartbeat.unref();
  const ours = () => readOr(path, '') === format(holder).trim();
  return {
    path,
    get holder() {
      return holder;
    },
    setPort(port: number) {
      if (released || !ours()) return;
      const next = { ...holder, port };
      const draft = `${path}.${randomUUID()}`;
      writeFileSync(draft, format(next), { mode: 0o644 });
      // rename() replaces the file in one step, so a reader sees the old or the new lock.
      renameSync(draft, path);
      holder = next;
    },
    release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      try {
        if (ours()) unlinkSync(path);
      } catch {
        // already gone
      }
    },
  };
}
